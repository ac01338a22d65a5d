#include "nodes/rules/rule_guidance.hpp"

#include <algorithm>

#include "mj/inspect.hpp"
#include "nodes/dialect.hpp"
#include "nodes/inference/search.hpp"
#include "nodes/value_attribute.hpp"

namespace mj {

void RuleGuidance::load(const XmlElement& e, const Grid& g, const std::vector<Rule>& rules,
                        const LoadContext& context) {
  for (const Rule& rule : rules) writes_.push_back(rule_writes(rule, g));
  const auto at_corner = [](const std::vector<RuleWrite>& w) {
    return w.empty() || (w.size() == 1 && w[0].offset == 0);
  };
  if (std::all_of(writes_.begin(), writes_.end(), at_corner))
    for (const std::vector<RuleWrite>& w : writes_) cell_writes_.push_back(w.empty() ? -1 : w[0].value);
  temperature_ = e.real("temperature", 0.0);
  if (temperature_ > 0) key_bounds_.resize(2 * kFactorRange + 1);  // heuristic_beats reads it without a check
  std::vector<XmlElement> xfields = e.children({"field"});
  if (!xfields.empty()) {
    fields_.assign(size_t(g.values), std::nullopt);
    for (const XmlElement& xfield : xfields) fields_[value_attribute(xfield, g, "for")].emplace(xfield, g);
    potentials_.resize(g.values, g.size());
    guides_ = true;
    inversed_ = inversed_values(fields_);
    fields_found_.assign(size_t(g.values), 0);
  }
  std::vector<XmlElement> xobservations = e.children({"observe"});
  if (xobservations.empty()) return;
  observations_.assign(size_t(g.values), std::nullopt);
  for (const XmlElement& xobs : xobservations) {
    uint8_t value = value_attribute(xobs, g, "value");
    uint8_t from = value_of_symbol(xobs, g, "from", xobs.symbol("from", g.characters[value]));
    observations_[value] = Observation{from, g.wave(xobs.str("to"), xobs)};
  }
  search_ = e.boolean("search", false);
  if (search_) {
    limit_ = count_attribute(e, "limit", -1, g, context);
    depth_coefficient_ = e.real("depthCoefficient", 0.5);
  } else {
    guides_ = true;  // by backward potentials, made on the first inference (many nodes never run)
  }
  future_.assign(size_t(g.size()), 0);
}

bool RuleGuidance::infer(Run& run, Grid& grid, const std::vector<Rule>& rules, Applies applies, int line) {
  if (!search_run_ && tries_left_ == 0) {  // a fresh inference, not a stopped search to go on with
    end_checked_ = false;
    if (!compute_future_set_present(future_, grid.state, observations_, run.changes, run.pins)) return false;
    if (run.goal) add_goal(future_, run.goal, grid, line);
    if (run.pins) check_pins_in_goal(future_, run.pins, grid, line);
    if (!search_) {
      future_computed_ = true;
      if (potentials_.empty()) potentials_.resize_unset(grid.values, grid.size());  // written whole below
      // Only the rows delta() reads, unless fields share the potentials (inspect() shows theirs).
      const ValueSet rows = fields_.empty() ? rows_read_by_deltas(rules) : ~ValueSet(0);
      compute_backward_potentials(potentials_, future_.data(), grid.mx, grid.my, grid.mz, rules, rows);
      return true;
    }
    trajectory_.reset();
    tries_left_ = limit_ < 0 ? 1 : 20;
  }
  SearchOptions options{applies == Applies::kAll, limit_, depth_coefficient_, line};
  options.pins = run.pins;
  for (; tries_left_ > 0 && !trajectory_; tries_left_--) {
    if (!search_run_)
      search_run_ = std::make_unique<SearchRun>(grid.state, future_, rules, grid, options, run.random.next());
    run.searching = true;
    if (!search_run_->go(run.search, run.keep_searching)) {
      run.paused = true;
      throw StepPaused{};
    }
    trajectory_ = search_run_->take_result();
    search_run_.reset();
  }
  tries_left_ = 0;
  run.searching = false;
  future_computed_ = true;
  if (!trajectory_) note_failed_search(run, line);
  return true;
}

// The reference prints that its search returned nothing and runs the node on unguided: so does mj, saying so.
void RuleGuidance::note_failed_search(Run& run, int line) {
  if (noted_) return;
  noted_ = true;
  const std::string tries = limit_ < 0 ? ""
                                       : " in 20 tries of at most " + std::to_string(limit_) +
                                             " states (limit=" + std::to_string(limit_) + ")";
  run.notices.push_back(Notice{"", line,
                               "the search found no way to the goal of its <observe>s" +
                                   std::string(run.goal ? " and the given goal" : "") + tries +
                                   ": the node goes on unguided, and its goal is not met"});
}

void RuleGuidance::note_end(Run& run, const Grid& grid, std::string_view kind, int line) {
  if (!future_computed_ || noted_ || end_checked_) return;
  end_checked_ = true;  // once per goal computed: a node in a <markov> ends again at every later step
  int hint = goal_hint_;
  if (is_goal_reached(grid.state.data(), future_.data(), grid.size(), hint)) return;
  noted_ = true;
  int unmet = 0, first = -1;
  for (int i = 0; i < grid.size(); i++)
    if (!(future_[size_t(i)] >> grid.state[size_t(i)] & 1u)) unmet += 1, first = first < 0 ? i : first;
  std::string allowed;
  for (int v = 0; v < grid.values; v++)
    if (future_[size_t(first)] >> v & 1u) allowed += grid.characters[size_t(v)];
  std::string text = "<";
  text += kind;
  text += std::string("> ended with the goal of its <observe>s") + (run.goal ? " and the given goal" : "") +
          " unmet: " + std::to_string(unmet) + (unmet == 1 ? " cell holds" : " cells hold") +
          " another value, the first " + grid.cell_name(first) + " '" + grid.characters[grid.state[size_t(first)]] +
          "' where the goal allows \"" + allowed + "\"";
  run.notices.push_back(Notice{"", line, text});
}

// Fields recomputed every step are brought up to date from the cells changed since the last
// step when that is possible (Field::update), which costs the changed region, not the grid.
bool RuleGuidance::update_fields(Run& run, const Grid& grid, int counter, const ChangeCursor& matched) {
  const size_t cells = grid.state.size();
  const bool incremental =
      counter != 0 && run.changes.changed_since(fields_taken_, grid.state.data(), cells, cells / 8, fields_changed_);
  bool any_success = false, any_computation = false, any_recompute = false;
  for (int c = 0; c < int(fields_.size()); c++) {
    const auto& field = fields_[size_t(c)];
    if (!field || (counter != 0 && !field->recompute)) continue;
    uint8_t& found = fields_found_[size_t(c)];
    if (!incremental || !found || !field->update(potentials_[c], grid, fields_changed_, field_seeds_, field_lowered_))
      found = field->compute(potentials_[c], grid, run.workspace.queue);
    if (!found && field->essential) return fields_taken_ = {}, false;  // the other fields are stale now
    any_success |= found;
    any_computation = true;
    any_recompute |= field->recompute;
  }
  if (any_recompute) fields_taken_ = matched;
  return !any_computation || any_success;
}

bool RuleGuidance::goal_reached(const Grid& grid) {
  if (observations_.empty()) return false;
  const int span = 2 * (grid.mz > 1 ? grid.mx * grid.my : grid.mx);
  if (!is_goal_reached(grid.state.data(), future_.data(), grid.size(), goal_hint_, span)) return false;
  future_computed_ = false;
  return true;
}

bool RuleGuidance::follow_trajectory(Run& run, Grid& grid, int step) const {
  if (step >= int(trajectory_->size())) return false;
  const std::vector<uint8_t>& next = (*trajectory_)[size_t(step)];
  run.changes.write_hidden_diff(grid.state.data(), next.data(), next.size());
  std::copy(next.begin(), next.end(), grid.state.begin());
  return true;
}

// h = new - old, where an inversed field counts its potential negated: new + old when the old
// value's field is inversed, -new - old when the written value's is.
RuleGuidance::CellDeltas RuleGuidance::cell_deltas() {
  const auto sign = [&](int value) { return inversed_ >> value & 1u ? -1 : 1; };
  written_terms_.resize(cell_writes_.size());
  for (size_t r = 0; r < cell_writes_.size(); r++) {
    const int value = cell_writes_[r];
    written_terms_[r] = value < 0 ? CellDeltas::Term{nullptr, 0} : CellDeltas::Term{potentials_[value], sign(value)};
  }
  old_terms_.resize(size_t(potentials_.C));
  for (int value = 0; value < potentials_.C; value++) old_terms_[size_t(value)] = {potentials_[value], -sign(value)};
  return {written_terms_.data(), old_terms_.data()};
}

double RuleGuidance::heuristic_key(Run& run, int h, double& first, bool& first_computed) {
  if (!first_computed) {
    first = h;
    first_computed = true;
  }
  double u = run.random.next_double();
  if (temperature_ <= 0) return -h + 0.001 * u;
  const int difference = h - int(first);
  const bool tabled = difference >= -kFactorRange && difference <= kFactorRange;
  return std::pow(u, tabled ? key_bound(difference).factor : boltzmann_factor(difference));
}

void RuleGuidance::restart() {
  noted_ = false;
  std::fill(future_.begin(), future_.end(), ValueSet(0));
  trajectory_.reset();
  for (size_t c = 0; c < fields_.size(); c++)
    if (fields_[c]) std::fill_n(potentials_[int(c)], potentials_.cells, 0);
}

void RuleGuidance::describe(NodeView& view) const {
  view.has_fields = !fields_.empty();
  for (size_t c = 0; c < fields_.size(); c++)
    if (fields_[c]) view.fields.push_back({int(c), fields_[c]->zero, fields_[c]->substrate, fields_[c]->inversed});
}

namespace {

PotentialView potential_view(const Potentials& potentials, int c) {
  const int* row = potentials[c];
  return {c, std::vector<int>(row, row + potentials.cells)};
}

}  // namespace

void RuleGuidance::inspect(Inspection& view) const {
  for (size_t c = 0; c < fields_.size(); c++)
    if (fields_[c]) view.fields.push_back(potential_view(potentials_, int(c)));
  if (observations_.empty()) return;
  // A goal has a value for every cell: all zeros is one not computed yet.
  if (std::none_of(future_.begin(), future_.end(), [](ValueSet s) { return s != 0; })) return;
  view.future = future_;
  if (trajectory_) view.trajectory = *trajectory_;
  if (!search_)
    for (int c = 0; c < potentials_.C; c++)
      view.potentials.push_back({c, backward_row(potentials_, future_.data(), c)});
}

}  // namespace mj
