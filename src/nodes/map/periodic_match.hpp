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
#include "core/wave_scan.hpp"
#include "nodes/rules/rule_pattern.hpp"

namespace mj {

// Wraps a coordinate that went past the end once, as the reference does for patterns at the border.
inline int wrap(int v, int length) { return v >= length ? v - length : v; }
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

  // Calls f(x) for the positions x of row (y, z) where rule r matches, left to right: only those
  // whose most selective input cell holds a value it accepts are tested.
  template <class F>
  void for_each_in_row(size_t r, int y, int z, F&& f) const {
    const RulePattern& p = patterns_[r];
    const int mx = grid_->mx;
    if (!on_padded_[r]) {
      for (int x = 0; x < mx; x++)
        if (matches_wrapped((*rules_)[r], x, y, z)) f(x);
      return;
    }
    const uint8_t* state = padded_.state.data();
    if (p.cells.empty()) {
      for (int x = 0; x < mx; x++) f(x);
      return;
    }
    const Point q = p.positions[pivots_[r]];
    const int row = padded_.index(0, y + q.y, z + q.z);
    for_each_in_wave(state + row, q.x, q.x + mx, p.cells[pivots_[r]].wave, [&](int cx) {
      if (p.holds(state, padded_.index(cx - q.x, y, z))) f(cx - q.x);
    });
  }

 private:
  const std::vector<Rule>* rules_ = nullptr;
  const Grid* grid_ = nullptr;
  int line_ = 0;
  std::vector<RulePattern> patterns_;  // the rules compiled for padded_
  std::vector<uint8_t> on_padded_;     // per rule: matched on padded_, else cell by cell
  bool padding_used_ = false;          // some rule is matched on padded_: it is filled every step
  std::vector<size_t> pivots_;         // per rule: its input cell that the fewest grid cells satisfy
  Grid padded_;

  bool fits_grid(const Rule& rule) const;
  bool matches_wrapped(const Rule& rule, int x, int y, int z) const;
  void pad();
  void choose_pivots();
};

}  // namespace mj
