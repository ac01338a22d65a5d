// A rule node's step: inference first (the goal, its potentials or a searched trajectory), then
// the matches (rule_matcher), then the fields; one, all and prl choose from what it found.
#include "nodes/rules/rule_node.hpp"

#include <algorithm>

#include "mj/inspect.hpp"

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

int RuleNode::rules_as_written() const {
  int n = 0;
  for (const Rule& rule : rules) n += rule.original;
  return n;
}

// A rule as written is followed by its symmetric images, up to the next one as written.
bool RuleNode::fired_as_written(int written) const {
  int index = -1;
  for (size_t r = 0; r < rules.size(); r++) {
    index += rules[r].original;
    if (index == written && fired(r)) return true;
    if (index > written) break;
  }
  return false;
}

void RuleNode::describe(NodeView& view) const {
  for (size_t r = 0; r < rules.size(); r++) view.rules.push_back(view_of_rule(rules[r], fired(r)));
  view.counter = counter;
  view.steps = steps;
  guidance.describe(view);
}

void RuleNode::inspect(Inspection& view) const {
  guidance.inspect(view);
  // Following a trajectory, the node's counter is how many of its states it copied.
  if (!view.trajectory.empty()) view.trajectory_at = std::min(counter, int(view.trajectory.size())) - 1;
}

}  // namespace mj
