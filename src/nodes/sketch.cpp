#include "nodes/sketch.hpp"

#include "core/rule.hpp"
#include "nodes/node.hpp"

namespace mj {

namespace {

NodeSketch sketch_node(const Node& node, const Branch* current) {
  NodeSketch s;
  node.describe(s);
  s.kind = node.kind;
  s.legend = node.grid->characters;
  if (const auto* b = dynamic_cast<const Branch*>(&node)) {
    s.branch = true;
    s.n = b->n;
    s.current = b == current;
    s.has_parent = b->parent != nullptr;
    for (const NodePtr& child : b->children) s.children.push_back(sketch_node(*child, current));
  }
  return s;
}

}  // namespace

RuleSketch sketch_rule(const Rule& rule, bool fired) {
  return RuleSketch{rule.imx, rule.imy, rule.imz, rule.omx, rule.omy, rule.omz, rule.binput, rule.output,
                    rule.original, fired};
}

NodeSketch sketch_tree(const Branch& root, const Branch* current) { return sketch_node(root, current); }

}  // namespace mj
