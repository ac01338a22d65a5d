// Where a rule node's rules match: a list of matches kept up to date between steps from the run's
// change log (around the cells written since the node last matched), or found anew by a full scan
// (rule_matcher.cpp, bit_scan.cpp), from the memory of the last full scan when that is cheaper.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "nodes/node.hpp"
#include "nodes/rules/match_flags.hpp"
#include "nodes/rules/match_memory.hpp"
#include "nodes/rules/openings.hpp"
#include "nodes/rules/rule_pattern.hpp"

namespace mj {

// A rule and the cell index of its corner: 8 bytes, as `one` and `all` read matches at random.
struct Match {
  int rule, corner;
};

class RuleMatcher {
 public:
  // Takes the matches of a full scan as they are found, in place of the list: prl applies them
  // at once.
  class Taker {
   public:
    virtual ~Taker() = default;
    virtual void take(Run& run, int rule, int corner) = 0;
    // Every match of one-cell rule `rule`, in scan order; returns their number.
    virtual size_t take_cells(Run& run, int rule) = 0;
  };

  // `taker`: null to keep the list (one, all).
  void load(const std::vector<Rule>& rules, const Grid& grid, Taker* taker);
  // Brings the matches up to the grid: around the writes since the step the node last matched
  // in, or by a full scan after forget().
  void match(Run& run) {
    pins_ = run.pins;
    if (rescan_from_ >= 0) scan_changes(run);
    else scan_grid(run);
  }
  // The node matched in the step under way: its next match starts from this step's writes.
  void matched_in(const Run& run) { rescan_from_ = run.step_start; }
  void forget() { rescan_from_ = -1; }

  // Does rule r match with its corner at cell index `corner`? (The caller checks the bounds.)
  bool holds(int rule, int corner) const { return patterns_[size_t(rule)].holds(grid_->state.data(), corner); }
  bool holds(const Match& m) const { return holds(m.rule, m.corner); }
  const RulePattern& pattern(int rule) const { return patterns_[size_t(rule)]; }
  bool all_single() const { return all_single_; }  // every rule has a one-cell input

  // The list (one, all): matches found since the last full scan, some of them stale by now.
  int count() const { return count_; }
  const Match& operator[](int k) const { return matches_[size_t(k)]; }
  const Match* data() const { return matches_.data(); }
  // Takes match k out of the list, the last one into its place.
  void remove(int k) {
    const Match& m = matches_[size_t(k)];
    listed_.reset(m.rule, m.corner);
    matches_[size_t(k)] = matches_[size_t(count_ - 1)];
    count_--;
  }
  // `all`: unlists the matches it takes one by one, then empties the list.
  void unlist(const Match& m) { listed_.reset(m.rule, m.corner); }
  void empty_list() { count_ = 0; }
  // Unlists every match; few are cleared one by one, so that untouched pages of flags stay so.
  void clear();
  // Back to the state after load() for a new run: no match listed or flagged, nothing remembered.
  void restart();

 private:
  const std::vector<Rule>* rules_ = nullptr;
  const Grid* grid_ = nullptr;
  Taker* taker_ = nullptr;
  std::vector<RulePattern> patterns_;  // the rules compiled for the grid
  PointOfCell point_of_;               // grid_->point, for changes near the edges

  std::vector<Match> matches_;
  int count_ = 0;
  // The first write to look at: the start of the step the node last matched in (its own writes
  // included). -1 until it matches after forget(): it scans the grid then.
  int rescan_from_ = -1;
  MatchFlags listed_;  // is (rule, corner) in matches_; empty with a taker, and until the first scan

  const std::vector<Rule>& rules() const { return *rules_; }
  // Pins (nodes/pins.hpp): a match that would change a pinned cell does not match. Null without pins,
  // tested once per match found; pins last the run, so a match refused once stays refused.
  const uint8_t* pins_ = nullptr;
  std::vector<std::vector<RuleOutput>> outputs_;  // per rule: the cells it writes
  bool breaks_pins(int rule, int corner) const;
  // Lists a match, unless it would change a pinned cell. The incremental scan, the hot path, is compiled
  // apart with and without pins (kPinned): without them it tests nothing per match.
  template <bool kPinned = true>
  void list(int rule, int corner) {
    if (kPinned && pins_ && breaks_pins(rule, corner)) return;
    listed_.set(rule, corner);
    if (count_ < int(matches_.size())) matches_[size_t(count_)] = {rule, corner};
    else matches_.push_back({rule, corner});
    count_++;
  }
  // A match for the list, or for the taker.
  void deliver(Run& run, int rule, int corner) {
    if (!taker_) list(rule, corner);
    else if (!pins_ || !breaks_pins(rule, corner)) taker_->take(run, rule, corner);
  }

  // Incremental matching (scan_changes).
  Openings openings_;
  OpeningMasks opening_masks_;
  // With cover_, the openings of a value by covered_axes(): ranges of covered_items_ by axes * values
  // + value, each made on first use. Few are ever used (a 2D grid's never cover z), and a 3D node's
  // openings run to thousands.
  std::vector<const Opening*> covered_items_;
  std::vector<std::pair<uint32_t, uint32_t>> covered_ranges_;  // kNotCovered: not made yet
  static constexpr std::pair<uint32_t, uint32_t> kNotCovered{UINT32_MAX, 0};
  std::pair<uint32_t, uint32_t> covered(int axes, uint8_t value) {
    std::pair<uint32_t, uint32_t>& range = covered_ranges_[size_t(axes) * size_t(grid_->values) + value];
    if (range == kNotCovered) {
      range.first = uint32_t(covered_items_.size());
      add_covered_openings(openings_, axes, value, covered_items_);
      range.second = uint32_t(covered_items_.size());
    }
    return range;
  }
  bool openings_indexed_ = false;
  bool cover_ = false;  // use covered_axes: a value opens more than kCoverFrom positions on average
  static constexpr int kCoverFrom = 16;
  std::vector<uint8_t> seen_;  // with cover_: cells visited in the scan_changes under way
  int covered_axes(const Point& c, int cell) const;
  void prepare_openings();  // on first use: many nodes never match incrementally
  void scan_changes(Run& run);
  template <bool kPinned>
  void scan_changes_as(Run& run);
  template <bool kCover, bool kLarge, bool kPinned>
  void scan_changes_with(Run& run);
  template <bool kCover, bool kLarge, bool kPinned>
  void visit_openings(int cell, uint8_t value, bool inside);
  // The cells no rule position around reaches an edge from, by index: the grid's, with the openings.
  const InteriorCells* inside_ = nullptr;
  bool large_rules_ = false;           // some rule has more than Opening::kLargePattern input cells
  MatchFlags checked_;                 // large rules' positions checked during one scan_changes
  std::vector<size_t> checked_words_;  // the words of checked_ with flags set, to clear them

  // Full scans (scan_grid), from the memory of the last one when that is cheaper.
  void scan_grid(Run& run);
  void full_scan(Workspace& workspace, const ChangeLog& log, const ChangeCursor& scanned);
  bool all_single_ = false;  // every rule has a one-cell input
  void scan_single(int rule);
  size_t list_cells(int rule);
  void reserve_matches(const std::array<int, 256>& histogram);
  void scan_row(int rule, int y, int z);
  int cheaper_pivot(int rule, const std::array<int, 256>& histogram) const;
  // Scans with the grid as bit rows (bit_scan.cpp).
  struct BitTerm {
    const uint64_t* rows;  // bits_.rows() of an input cell's wave, offset by the cell's place
    int shift;             // the cell's x within a word
    long long holding;     // grid cells holding a value it accepts
  };
  struct BitPlace {  // a place in the rule, for listing the matches around a lattice cell
    Point at;
    int row;     // of the window: at.y + at.z * input height
    int offset;  // of `at` on the grid
    int place;   // in the rule's cells, x fastest
  };
  void scan_bits(int rule, GridBits& bits, const std::array<int, 256>& histogram);
  bool prepare_bit_terms(int rule, GridBits& bits, const std::array<int, 256>& histogram);
  bool match_row(size_t base, int used, uint64_t last, uint64_t* out) const;
  void list_lattice_row(int rule, int ly, int lz, int corners_x, const uint64_t* any);
  std::vector<BitTerm> bit_terms_;
  std::vector<BitPlace> bit_places_;
  std::vector<const uint64_t*> bit_rows_;  // per window row, its bits or a row of zeros
  std::vector<uint64_t> bit_window_;       // the corner rows of one lattice row, then their OR
  void scan_from_pivot(int rule, int pivot, const CellsByValue& cells);
  std::vector<int> pivots_;  // per rule, for the full scan under way: cheaper_pivot
  // A match found by a full scan: kept in scan_, or when streaming handed on at once.
  void found(const ScanMatch& m) {
    if (!stream_) return scan_.push_back(m);
    deliver(*stream_, m.r, m.corner);
    streamed_++;
  }
  std::vector<ScanMatch> scan_;  // what full_scan found, in the reference's order
  Run* stream_ = nullptr;
  size_t streamed_ = 0;
  bool dense_ = false;  // the last full scan found too many matches to be worth remembering
  MatchMemory memory_;
};

}  // namespace mj
