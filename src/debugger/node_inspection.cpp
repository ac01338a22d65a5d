#include "debugger/node_inspection.hpp"

#include "mj/error.hpp"
#include "nodes/node.hpp"

namespace mj {

Inspection inspect_node(const Branch& root, const Branch* current, int line, const std::string& file) {
  const Node* node = nullptr;
  if (line > 0) {
    node = node_at_line(root, line);
    if (!node) throw Error(file, line, "no node is written at line " + std::to_string(line));
  } else if (current) {
    node = active_in(*current);
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
