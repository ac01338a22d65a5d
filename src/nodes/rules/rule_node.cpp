// A rule node's step: inference first (the goal, its potentials or a searched trajectory), then
// the matches (rule_matcher), then the fields; one, all and prl choose from what it found.
#include "nodes/rules/rule_node.hpp"

namespace mj {

void RuleNode::reset() {
  matcher.forget();
  counter = 0;
  guidance.reset();
  stamp_++;
}

bool RuleNode::go(Run& run) {
  stamp_++;
  if (steps > 0 && counter >= steps) return false;
  if (!guidance.prepare(run, *grid, rules, applies_, line)) return false;
  const ChangeCursor matched = run.changes.now();  // the grid the fields are computed on: prl logs as it matches
  matcher.match(run);
  return guidance.compute_fields(run, *grid, counter, matched);
}

void RuleNode::describe(NodeView& view) const {
  for (size_t r = 0; r < rules.size(); r++) view.rules.push_back(view_of_rule(rules[r], fired(r)));
  view.counter = counter;
  view.steps = steps;
  guidance.describe(view);
}

void RuleNode::inspect(Inspection& view) const { guidance.inspect(view); }

}  // namespace mj
