#include "nodes/node_view_fill.hpp"

#include "core/rule.hpp"
#include "nodes/node.hpp"

namespace mj {

namespace {

NodeView view_of_node(const Node& node, const Branch* current) {
  NodeView s;
  node.describe(s);
  s.kind = node.kind;
  s.legend = node.grid->characters;
  s.line = node.line;
  if (const auto* b = dynamic_cast<const Branch*>(&node)) {
    s.branch = true;
    s.running = b->running;
    s.current = b == current;
    s.has_parent = b->parent != nullptr;
    for (const NodePtr& child : b->children) s.children.push_back(view_of_node(*child, current));
  }
  return s;
}

}  // namespace

RuleView view_of_rule(const Rule& rule, bool fired) {
  const PatternSize in{rule.in_size.x, rule.in_size.y, rule.in_size.z};
  const PatternSize out{rule.out_size.x, rule.out_size.y, rule.out_size.z};
  return RuleView{in, out, rule.binput, rule.output, rule.original, fired};
}

NodeView view_of_tree(const Branch& root, const Branch* current) { return view_of_node(root, current); }

}  // namespace mj
