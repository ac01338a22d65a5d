// What guides a rule node's choice among its matches: fields (distances recomputed from the log's
// writes), observations (a goal, with its backward potentials or a searched trajectory to follow)
// and the temperature of the keys one and all draw.
#pragma once

#include <cmath>
#include <optional>
#include <vector>

#include "nodes/inference/field.hpp"
#include "nodes/inference/observation.hpp"
#include "nodes/inference/potentials.hpp"
#include "nodes/inference/search.hpp"
#include "nodes/node.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/rules/rule_matcher.hpp"

namespace mj {

// How the node applies matches: search explores the states its steps can reach.
enum class Applies { kOne, kAll };

class RuleGuidance {
 public:
  // Reads the node's fields, observations, search settings and temperature.
  // `limit` is a count (nodes/dialect.hpp): in the mj dialect also an expression of the grid's size.
  void load(const XmlElement& element, const Grid& grid, const std::vector<Rule>& rules, const LoadContext& context);
  // The node ended (its branch moved on) with its goal computed and not met: a run notice at `line`, once
  // a run. The reference passes it by in silence.
  void note_end(Run& run, const Grid& grid, std::string_view kind, int line);
  void reset() {
    future_computed_ = false;
    search_run_.reset(), tries_left_ = 0;
  }
  // A new run on the kept program: what inspect() shows is what a fresh load shows (no goal, no
  // trajectory, fields at 0) until this run computes its own.
  void restart();

  // Before the node matches: with observations, the goal and its potentials (or a searched
  // trajectory) on the node's first step after a reset. False when the goal cannot be reached.
  // Inline, as the next: every step of every rule node asks.
  bool prepare(Run& run, Grid& grid, const std::vector<Rule>& rules, Applies applies, int line) {
    return observations_.empty() || future_computed_ || infer(run, grid, rules, applies, line);
  }
  // After it matched: the fields (on the grid as it was at `matched`). False when an essential
  // field found no zero cell, or none of the fields did.
  bool compute_fields(Run& run, const Grid& grid, int counter, const ChangeCursor& matched) {
    return fields_.empty() || update_fields(run, grid, counter, matched);
  }

  bool guides() const { return guides_; }                 // fields or observations without search
  bool infers() const { return !observations_.empty(); }  // observations, with potentials or search: a goal joins them
  bool has_fields() const { return !fields_.empty(); }
  const std::vector<std::optional<Field>>& fields() const { return fields_; }  // per value
  // The goal is met (`one` then stops and computes it anew on its next step).
  bool goal_reached(const Grid& grid);
  // A searched trajectory: the node copies its states in turn instead of matching.
  bool follows_trajectory() const { return trajectory_.has_value(); }
  // Copies the trajectory's state number `step`; false past its end.
  bool follow_trajectory(Run& run, Grid& grid, int step) const;

  // The change of potential applying match m would make, or none where a potential is undefined.
  std::optional<int> delta(const Grid& grid, const Match& m) const {
    return delta_pointwise(grid.state.data(), writes_[size_t(m.rule)], m.corner, inversed_, potentials_);
  }
  // The same for a node whose rules all have one-cell inputs (one_cell_writes()), rule `rule` on a
  // cell holding `old_value`; false where delta() gives none. Made once per step (cell_deltas()):
  // each term's row of potentials and its sign (-1 or 1, an inversed field's folded in) are
  // looked up per rule and value rather than per match.
  class CellDeltas {
   public:
    struct Term {
      const int* row;  // null: the rule writes nothing
      int sign;
    };
    CellDeltas(const Term* written, const Term* old) : written_(written), old_(old) {}
    bool operator()(int rule, uint8_t old_value, int cell, int& h) const {
      const Term& w = written_[rule];
      if (w.row == nullptr) return h = 0, true;
      const int new_potential = w.row[cell];
      if (new_potential == -1) return false;
      const Term& o = old_[old_value];
      h = w.sign * new_potential + o.sign * o.row[cell];
      return true;
    }

   private:
    const Term* written_;  // per rule
    const Term* old_;      // per value
  };
  CellDeltas cell_deltas();
  // Whether every rule writes at most its corner cell, so that cell_delta() applies.
  bool one_cell_writes() const { return !cell_writes_.empty(); }
  // Key for choosing among matches by potential: larger is better.
  double heuristic_key(Run& run, int h, double& first, bool& first_computed);
  // heuristic_key(...) > max, updating max when it is; skips the pow where the key cannot win.
  // Inline: `one` calls it for every match of every step.
  // `first`: the first match's h, as an int (heuristic_key's double holds the same value).
  bool heuristic_beats(Run& run, int h, int& first, bool& first_computed, double& max) {
    if (!first_computed) first = h, first_computed = true;
    const double u = run.random.next_double();
    if (temperature_ <= 0) {  // heuristic_key's
      const double key = -h + 0.001 * u;
      return key > max ? (max = key, true) : false;
    }
    const int difference = h - first;
    if (difference < -kFactorRange || difference > kFactorRange) return keeps_key(u, boltzmann_factor(difference), max);
    KeyBound& b = key_bounds_[size_t(difference + kFactorRange)];  // sized at load
    // Most draws fall below a threshold already computed (below_threshold's first test): a
    // threshold above 0 was computed for a bounded factor and a max above 0, no larger than this.
    if (b.max <= max && u < b.below) return false;
    if (b.factor < 0) set_factor(b, difference);
    if (max > 0 && b.bounded && below_threshold(b, u, max)) return false;
    return keeps_key(u, b.factor, max);
  }

  void describe(NodeView& view) const;
  // The fields' potentials, the goal and its potentials (mj/inspect.hpp).
  void inspect(Inspection& view) const;

 private:
  bool infer(Run& run, Grid& grid, const std::vector<Rule>& rules, Applies applies, int line);
  void note_failed_search(Run& run, int line);
  bool update_fields(Run& run, const Grid& grid, int counter, const ChangeCursor& matched);

  Potentials potentials_;
  std::vector<std::optional<Field>> fields_;    // per value, empty when none
  std::vector<std::vector<RuleWrite>> writes_;  // per rule: the cells it changes, for delta()
  std::vector<int>
      cell_writes_;  // per rule: the value it writes at its corner, -1 for none; empty: some rule writes elsewhere
  std::vector<CellDeltas::Term> written_terms_, old_terms_;  // cell_deltas(), per rule and per value
  uint32_t inversed_ = 0;                                    // inversed_values(fields_)
  std::vector<std::optional<Observation>> observations_;     // per value, empty when none
  double temperature_ = 0.0;
  bool search_ = false, future_computed_ = false;
  bool guides_ = false;  // guides()
  std::vector<ValueSet> future_;
  std::optional<std::vector<std::vector<uint8_t>>> trajectory_;
  // A search that a progress callback stopped, to go on with at the next step, and the tries left.
  std::unique_ptr<SearchRun> search_run_;
  int tries_left_ = 0;
  int limit_ = -1;
  double depth_coefficient_ = 0.5;
  int goal_hint_ = 0;         // for is_goal_reached
  bool noted_ = false;        // note_end's notice or a failed search's was given in this run
  bool end_checked_ = false;  // note_end looked at the goal computed last

  // Fields recomputed every step: the grid they were last computed on, the cells changed since,
  // and per value whether its field found zero cells then.
  ChangeCursor fields_taken_;
  std::vector<Change> fields_changed_;
  std::vector<uint8_t> fields_found_;
  std::vector<Field::Lowered> field_seeds_, field_lowered_;

  // Temperature keys (heuristic_beats): pow(u, e) with e = exp((h - first) / temperature).
  double boltzmann_factor(int difference) const { return std::exp(double(difference) / temperature_); }
  static bool keeps_key(double u, double factor, double& max) {
    const double key = std::pow(u, factor);
    return key > max ? (max = key, true) : false;
  }
  // Per difference h - first, which takes few values in a step: its factor, computed once, and
  // the u below which pow(u, factor) cannot beat `max`: u >= max^(1/factor) is needed, lowered
  // by a margin far wider than the rounding of either pow. u below that bound gives at most
  // max * (1 - 1e-6)^factor, below max by a relative 1e-6 * factor at least: from kLeastBoundFactor
  // up (1e-12) that is thousands of times pow's rounding (a few 1e-16), and the larger the factor
  // the wider (an infinite factor's bound is 1 - 1e-6, its keys 0). Cold models (temperature 0.3
  // in BlueNoise) have factors far past 1e3, and used to call pow for every match.
  struct KeyBound {
    double factor = -1.0;  // -1 until computed
    double max = -1.0;     // the max `below` is for
    double below = 0.0;
    bool bounded = false;  // factor >= kLeastBoundFactor: `below` may reject
  };
  void set_factor(KeyBound& b, int difference) const {
    b.factor = boltzmann_factor(difference);
    b.bounded = b.factor >= kLeastBoundFactor;
  }
  KeyBound& key_bound(int difference) {                                 // |difference| <= kFactorRange
    if (key_bounds_.empty()) key_bounds_.resize(2 * kFactorRange + 1);  // only nodes with temperature
    KeyBound& b = key_bounds_[size_t(difference + kFactorRange)];
    if (b.factor < 0) set_factor(b, difference);
    return b;
  }
  // Whether u is below max's threshold. The threshold grows with max, and within a step max only
  // grows: one computed for a smaller max is a lower bound that rejects many draws without pow.
  bool below_threshold(KeyBound& b, double u, double max) {
    if (b.max <= max && u < b.below) return true;
    if (b.max != max) b.max = max, b.below = std::pow(max, 1.0 / b.factor) * (1.0 - 1e-6);
    return u < b.below;
  }
  static constexpr int kFactorRange = 1024;
  static constexpr double kLeastBoundFactor = 1e-6;
  std::vector<KeyBound> key_bounds_;
};

}  // namespace mj
