#include "inspect.hpp"

#include "mj/error.hpp"
#include "nodes/node.hpp"

namespace mj {

namespace {

const Node* node_at_line(const Node& node, int line) {
  if (node.line == line) return &node;
  if (const Branch* b = node.as_branch())
    for (const NodePtr& child : b->children)
      if (const Node* found = node_at_line(*child, line)) return found;
  return nullptr;
}

// As Interpreter::active_node: the running child of the current branch, or the branch itself
// (map and wfc before their own step).
const Node* active(const Branch& current) {
  if (current.running >= 0 && current.running < int(current.children.size()))
    return current.children[size_t(current.running)].get();
  return &current;
}

}  // namespace

Inspection inspect_node(const Branch& root, const Branch* current, int line, const std::string& file) {
  const Node* node = nullptr;
  if (line > 0) {
    node = node_at_line(root, line);
    if (!node) throw Error(file, line, "no node is written at line " + std::to_string(line));
  } else if (current) {
    node = active(*current);
  }
  Inspection view;
  if (!node) return view;
  view.kind = node->kind;
  view.line = node->line;
  view.mx = node->grid->mx, view.my = node->grid->my, view.mz = node->grid->mz;
  view.legend = node->grid->characters;
  node->inspect(view);
  return view;
}

}  // namespace mj
