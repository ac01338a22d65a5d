// A rule node's step: inference first (the goal, its potentials or a searched trajectory), then
// the matches (rule_matching), then the fields; one, all and prl choose from what it found.
#include "nodes/rule_node.hpp"

#include <algorithm>
#include <cmath>

#include "core/wave_scan.hpp"
#include "nodes/search.hpp"

namespace mj {

void RuleNode::reset() {
  rescan_from = -1;
  counter = 0;
  future_computed = false;
  stamp_++;
}

bool RuleNode::go(Run& run) {
  stamp_++;
  if (steps > 0 && counter >= steps) return false;
  if (!observations.empty() && !future_computed && !prepare_inference(run)) return false;
  const ChangeCursor matched = run.changes.now();  // the grid the fields are computed on: prl logs as it matches
  if (rescan_from >= 0) scan_changes(run);
  else scan_grid(run);
  return fields.empty() || compute_fields(run, matched);
}

bool RuleNode::prepare_inference(Run& run) {
  if (!compute_future_set_present(future, grid->state, observations, run.changes)) return false;
  future_computed = true;
  if (!search) {
    compute_backward_potentials(potentials, future.data(), grid->mx, grid->my, grid->mz, rules);
    return true;
  }
  trajectory.reset();
  SearchOptions options{applies_all(), limit, depth_coefficient, line};
  int tries = limit < 0 ? 1 : 20;
  for (int k = 0; k < tries && !trajectory; k++)
    trajectory = run_search(grid->state, future, rules, *grid, options, run.random.next());
  return true;
}

// Fields recomputed every step are brought up to date from the cells changed since the last
// step when that is possible (Field::update), which costs the changed region, not the grid.
bool RuleNode::compute_fields(Run& run, const ChangeCursor& matched) {
  const bool incremental =
      counter != 0 && run.changes.changed_since(fields_taken_, grid->state.data(), grid->state.size(),
                                                grid->state.size() / 8, fields_changed_);
  bool any_success = false, any_computation = false, any_recompute = false;
  for (int c = 0; c < int(fields.size()); c++) {
    const auto& field = fields[size_t(c)];
    if (!field || (counter != 0 && !field->recompute)) continue;
    uint8_t& found = fields_found_[size_t(c)];
    if (!incremental || !found || !field->update(potentials[c], *grid, fields_changed_, field_seeds_, field_lowered_))
      found = field->compute(potentials[c], *grid, run.workspace.queue);
    if (!found && field->essential) return fields_taken_ = {}, false;  // the other fields are stale now
    any_success |= found;
    any_computation = true;
    any_recompute |= field->recompute;
  }
  if (any_recompute) fields_taken_ = matched;
  return !any_computation || any_success;
}

double RuleNode::heuristic_key(Run& run, int h, double& first, bool& first_computed) {
  if (!first_computed) {
    first = h;
    first_computed = true;
  }
  double u = run.random.next_double();
  if (temperature <= 0) return -h + 0.001 * u;
  const int difference = h - int(first);
  const bool tabled = difference >= -kFactorRange && difference <= kFactorRange;
  return std::pow(u, tabled ? key_bound(difference).factor : boltzmann_factor(difference));
}

bool RuleNode::follow_trajectory(Run& run) {
  if (counter >= int(trajectory->size())) return false;
  const std::vector<uint8_t>& next = (*trajectory)[size_t(counter)];
  run.changes.write_hidden_diff(grid->state.data(), next.data(), next.size());
  std::copy(next.begin(), next.end(), grid->state.begin());
  counter++;
  return true;
}

void RuleNode::describe(NodeView& view) const {
  for (size_t r = 0; r < rules.size(); r++) view.rules.push_back(view_of_rule(rules[r], fired(r)));
  view.counter = counter;
  view.steps = steps;
  view.has_fields = !fields.empty();
  for (size_t c = 0; c < fields.size(); c++)
    if (fields[c]) view.fields.push_back({int(c), fields[c]->zero, fields[c]->substrate, fields[c]->inversed});
}

}  // namespace mj
