// The common part of `one`, `all` and `prl`: rules, incremental match tracking, fields,
// observations and inference.
#pragma once

#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "nodes/field.hpp"
#include "nodes/match_memory.hpp"
#include "nodes/node.hpp"
#include "nodes/node_view.hpp"
#include "nodes/observation.hpp"
#include "nodes/openings.hpp"
#include "nodes/potentials.hpp"
#include "nodes/rule_pattern.hpp"

namespace mj {

// A rule and the cell index of its corner: 8 bytes, as `one` and `all` read matches at random.
struct Match {
  int r, corner;
};

class RuleNode : public Node {
 public:
  void reset() override;
  // The shared first half of a step: checks limits, sets up inference, updates matches and
  // fields. False when the node cannot run this step.
  bool go(Run& run) override;

  std::vector<Rule> rules;
  int counter = 0;  // steps this node made since its last reset
  int steps = 0;    // limit on `counter`, 0 for none

  // Whether the node keeps a list of its matches between steps (one, all) or applies each as found (prl).
  enum class Matches { kTracked, kApplied };
  // Reads rules (with their symmetric images), steps, fields and observations.
  void load_rule_node(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context,
                      Matches matches);

 protected:
  // Records a match found while scanning; prl applies it at once instead.
  virtual void add(Run& run, int r, int corner);
  // Hands every match of one-cell rule r to add(), in scan order, and returns their number.
  virtual size_t take_cells(Run& run, int r);
  // Key for choosing among matches by potential: larger is better.
  double heuristic_key(Run& run, int h, double& first, bool& first_computed);
  // heuristic_key(...) > max, updating max when it is; skips the pow where the key cannot win.
  // Inline: `one` calls it for every match of every step.
  bool heuristic_beats(Run& run, int h, double& first, bool& first_computed, double& max) {
    if (temperature <= 0) {
      double key = heuristic_key(run, h, first, first_computed);
      return key > max ? (max = key, true) : false;
    }
    if (!first_computed) first = h, first_computed = true;
    const double u = run.random.next_double();
    const int difference = h - int(first);
    if (difference < -kFactorRange || difference > kFactorRange) return keeps_key(u, boltzmann_factor(difference), max);
    KeyBound& b = key_bound(difference);
    if (max > 0 && b.factor >= 1e-3 && b.factor <= 1e3 && below_threshold(b, u, max)) return false;
    return keeps_key(u, b.factor, max);
  }
  std::optional<int> delta(const Match& m) const {
    return delta_pointwise(grid->state.data(), writes_[size_t(m.r)], m.corner, inversed_, potentials);
  }
  // True for `all`: search then explores states where all non-overlapping matches fire.
  virtual bool applies_all() const { return false; }
  // Steps of a found search trajectory: copy the next state; false at its end.
  bool follow_trajectory(Run& run);

  // Rule r fired in the latest step (for the GUI): stamped with the step rather than cleared
  // every step.
  void fire(int r) { fired_[size_t(r)] = stamp_; }
  bool fired(size_t r) const { return fired_[r] == stamp_; }
  std::vector<uint64_t> fired_;
  uint64_t stamp_ = 1;

  std::vector<Match> matches;
  int match_count = 0;
  // The first change this node has yet to look at: the start of the step in which it last
  // matched (its own changes included). -1 until it matches after a reset: it scans the grid then.
  int rescan_from = -1;
  MatchFlags listed;            // is (r, corner) in `matches`; empty for prl and until the first scan
  bool track_matches_ = false;  // one and all: matches are listed and tracked
  // Does rule r match with its corner at cell index `corner`? (The caller checks the bounds.)
  bool holds(int r, int corner) const { return patterns_[size_t(r)].holds(grid->state.data(), corner); }
  bool holds(const Match& m) const { return holds(m.r, m.corner); }
  // Lists a match (what add() does for `one` and `all`).
  void list(int r, int corner) {
    listed.set(r, corner);
    if (match_count < int(matches.size())) matches[size_t(match_count)] = {r, corner};
    else matches.push_back({r, corner});
    match_count++;
  }

  Potentials potentials;
  std::vector<std::optional<Field>> fields;              // per value, empty when none
  std::vector<std::vector<RuleWrite>> writes_;           // per rule: the cells it changes, for delta()
  std::vector<std::vector<RuleOutput>> outputs_;         // per rule: the cells it writes
  PointOfCell point_of_;                                 // grid->point, for changes near the edges
  uint32_t inversed_ = 0;                                // inversed_values(fields)
  std::vector<std::optional<Observation>> observations;  // per value, empty when none
  double temperature = 0.0;
  bool search = false, future_computed = false;
  std::vector<Wave> future;
  std::optional<std::vector<std::vector<uint8_t>>> trajectory;
  int limit = -1;
  double depth_coefficient = 0.5;

 private:
  bool prepare_inference(Run& run);
  bool compute_fields(Run& run, const ChangeCursor& matched);
  std::vector<RulePattern> patterns_;  // the rules compiled for the grid
  // Fields recomputed every step: the grid they were last computed on, the cells changed since,
  // and per value whether its field found zero cells then.
  ChangeCursor fields_taken_;
  std::vector<Change> fields_changed_;
  std::vector<uint8_t> fields_found_;
  std::vector<Field::Lowered> field_seeds_, field_lowered_;

  // Incremental matching (scan_changes).
  Openings openings_;
  OpeningMasks opening_masks_;
  std::array<OpeningSubset, 8> covered_;  // with cover_, by covered_axes()
  bool openings_indexed_ = false;
  bool cover_ = false;  // use covered_axes: a value opens more than kCoverFrom positions on average
  static constexpr int kCoverFrom = 16;
  std::vector<uint8_t> seen_;  // with cover_: cells visited in the scan_changes under way
  int covered_axes(const Point& c, int cell) const;
  void prepare_openings();  // on first use: many nodes never match incrementally
  void scan_changes(Run& run);
  template <bool kCover, bool kLarge>
  void scan_changes_with(Run& run);
  // The cells no rule position around reaches an edge from, by index: the grid's, with the openings.
  const InteriorCells* inside_ = nullptr;
  bool large_rules_ = false;           // some rule has more than Opening::kLargePattern input cells
  MatchFlags checked_;                 // large rules' positions checked during one scan_changes
  std::vector<size_t> checked_words_;  // the words of checked_ with flags set, to clear them

  // Full scans (scan_grid), from the memory of the last one when that is cheaper.
  void scan_grid(Run& run);
  void full_scan(GridBits& bits);
  bool all_single_ = false;  // every rule has a one-cell input
  void scan_single(int r);
  void reserve_matches(const std::array<int, 256>& histogram);
  void scan_row(int r, int y, int z);
  int cheaper_pivot(int r, const std::array<int, 256>& histogram) const;
  // Scans with the grid as bit rows (bit_scan.cpp).
  struct BitTerm {
    const uint64_t* rows;  // bits_.rows() of an input cell's wave, offset by the cell's place
    int shift;             // the cell's x within a word
    long long holding;     // grid cells holding a value it accepts
  };
  struct BitPlace {  // a place in the rule, for listing the matches around a lattice cell
    Point at;
    int row;     // of the window: at.y + at.z * imy
    int offset;  // of `at` on the grid
    int place;   // in the rule's cells, x fastest
  };
  void scan_bits(int r, GridBits& bits, const std::array<int, 256>& histogram);
  bool prepare_bit_terms(int r, GridBits& bits, const std::array<int, 256>& histogram);
  bool match_row(size_t base, int used, uint64_t last, uint64_t* out) const;
  void list_lattice_row(int r, int ly, int lz, int corners_x, const uint64_t* any);
  std::vector<BitTerm> bit_terms_;
  std::vector<BitPlace> bit_places_;
  std::vector<const uint64_t*> bit_rows_;  // per window row, its bits or a row of zeros
  std::vector<uint64_t> bit_window_;       // the corner rows of one lattice row, then their OR
  void scan_from_pivot(int r, int pivot);
  void bucket_cells(const std::array<int, 256>& histogram, Wave needed);
  std::vector<int> pivots_;                  // per rule, for the full scan under way: cheaper_pivot
  std::vector<Point> bucket_;                // the grid's cells by value, for pivot scans
  std::array<uint32_t, 33> bucket_start_{};  // value (a Wave's bit) -> first entry in bucket_
  // A match found by a full scan: kept in scan_, or when streaming handed to add() at once.
  void found(const ScanMatch& m) {
    if (!stream_) return scan_.push_back(m);
    if (track_matches_) list(m.r, m.corner);  // what add() does, without the virtual call
    else add(*stream_, m.r, m.corner);
    streamed_++;
  }
  std::vector<ScanMatch> scan_;  // what full_scan found, in the reference's order
  Run* stream_ = nullptr;
  size_t streamed_ = 0;
  bool dense_ = false;  // the last full scan found too many matches to be worth remembering
  MatchMemory memory_;

  // Temperature keys (heuristic_beats): pow(u, e) with e = exp((h - first) / temperature).
  double boltzmann_factor(int difference) const { return std::exp(double(difference) / temperature); }
  static bool keeps_key(double u, double factor, double& max) {
    const double key = std::pow(u, factor);
    return key > max ? (max = key, true) : false;
  }
  // Per difference h - first, which takes few values in a step: its factor, computed once, and
  // the u below which pow(u, factor) cannot beat `max`: u >= max^(1/factor) is needed, lowered
  // by a margin far wider than the rounding of either pow. Used for factors in [1e-3, 1e3].
  struct KeyBound {
    double factor = -1.0;  // -1 until computed
    double max = -1.0;     // the max `below` is for
    double below = 0.0;
  };
  KeyBound& key_bound(int difference) {                                 // |difference| <= kFactorRange
    if (key_bounds_.empty()) key_bounds_.resize(2 * kFactorRange + 1);  // only nodes with temperature
    KeyBound& b = key_bounds_[size_t(difference + kFactorRange)];
    if (b.factor < 0) b.factor = boltzmann_factor(difference);
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
  std::vector<KeyBound> key_bounds_;

 public:
  void describe(NodeView& view) const override;
};

}  // namespace mj
