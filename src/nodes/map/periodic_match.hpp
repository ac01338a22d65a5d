// Where <map>'s rules match the grid it scales: the grid is read periodically, wrapping once past
// its far edges. Rules no larger than the grid are matched on a copy of it extended by their reach
// with the cells they wrap to (the padded grid), where every position is a plain pattern test.
// Other rules read cell by cell, and so do all when the copy would take more than twice the grid
// (rules spanning the grid along different axes would make it up to eight times as large).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/rule.hpp"
#include "nodes/rules/rule_pattern.hpp"

namespace mj {

// Wraps a coordinate that went past the end once, as the reference does for patterns at the border.
inline int wrap_past_end(int v, int length) { return v >= length ? v - length : v; }
// The flat index of (x, y, z) wrapped once into g; a pattern wider than g cannot be placed there
// (mj::Error at `line`).
size_t wrapped_index(const Grid& g, int x, int y, int z, int line);

class PeriodicMatch {
 public:
  // Compiles the rules for `grid` (once, before the first find; `line` is the map's).
  void compile(const std::vector<Rule>& rules, const Grid& grid, int line);
  bool compiled() const { return rules_ != nullptr; }
  // Takes the grid as it is now: fills the padded copy, and picks each rule's most selective cell.
  void take_grid();

  // Calls f(x, y, z) for the positions where rule r matches, z, y, then x ascending. Rules whose
  // most selective cell is the same (the same values at the same place in the rule) share one
  // scan of the grid for it: a map's rules are mostly symmetries of a few, and SeaVilla's 216
  // otherwise scanned its 684 rows each.
  template <class F>
  void for_each_match(size_t r, F&& f) const {
    if (!on_padded_[r] || patterns_[r].cells.empty()) {  // read cell by cell, or tests nothing
      for (int z = 0; z < grid_->mz; z++)
        for (int y = 0; y < grid_->my; y++)
          for (int x = 0; x < grid_->mx; x++)
            if (on_padded_[r] || matches_wrapped((*rules_)[r], x, y, z)) f(x, y, z);
      return;
    }
    const RulePattern& p = patterns_[r];
    const uint8_t* state = padded_.state.data();
    for (const Candidate& c : groups_[group_of_[r]].candidates)
      if (p.holds(state, c.corner)) f(c.at.x, c.at.y, c.at.z);
  }

 private:
  // A position whose pivot cell holds one of the pivot's values: the corner's index in padded_
  // and its place on the grid.
  struct Candidate {
    int corner;
    Point at;
  };
  // Rules with the same pivot (values and place in the rule), and the positions that pass it.
  struct PivotGroup {
    ValueSet wave = 0;
    Point at;
    std::vector<Candidate> candidates;  // kept between steps: cleared, not freed
  };

  const std::vector<Rule>* rules_ = nullptr;
  const Grid* grid_ = nullptr;
  int line_ = 0;
  std::vector<RulePattern> patterns_;  // the rules compiled for padded_
  std::vector<uint8_t> on_padded_;     // per rule: matched on padded_, else cell by cell
  bool padding_used_ = false;          // some rule is matched on padded_: it is filled every step
  std::vector<size_t> pivots_;         // per rule: its input cell that the fewest grid cells satisfy
  std::vector<PivotGroup> groups_;     // the pivots of this step, each once
  size_t group_count_ = 0;             // of groups_, those in use this step
  std::vector<size_t> group_of_;       // per rule matched on padded_ by its pivot: its group
  Grid padded_;

  bool fits_grid(const Rule& rule) const;
  bool matches_wrapped(const Rule& rule, int x, int y, int z) const;
  void pad();
  void choose_pivots();
  void group_pivots();
  void list_candidates(PivotGroup& group) const;
};

}  // namespace mj
