// Openings: the rule positions a changed cell may open, which incremental matching checks around
// every cell changed since a node last matched (the reference's ishifts, flattened over a node's
// rules and grouped by the cell's new value), and the tables that check a value's openings at once.
#pragma once

#include <cstdint>
#include <vector>

#include "nodes/rules/rule_pattern.hpp"

namespace mj {

// An input cell of rule r that accepts the changed cell's value: the position with that cell on
// the changed one. Small rules keep their other input cells inline, as offsets from the changed
// cell (which is known to be accepted).
struct Opening {
  static constexpr int kInlineCells = 3;
  static constexpr size_t kLargePattern = 8;  // input cells past which remembering checks pays

  int r;
  int offset;  // of the shift on the grid
  int count;   // inline cells, or -1: check the whole pattern
  int cell_offsets[kInlineCells];
  ValueSet waves[kInlineCells];
  const RulePattern* pattern;  // which stays put after loading
  Point shift;
  bool large;  // the rule's input has more than kLargePattern cells

  bool holds(const uint8_t* state, int cell) const {
    if (count < 0) return pattern->holds(state, cell - offset);
    for (int k = 0; k < count; k++)
      if ((waves[k] >> state[cell + cell_offsets[k]] & 1u) == 0) return false;
    return true;
  }
};

// Tables per value are sized to the grid's values, not to 256: a node is loaded for every rule
// element, and most are small.
struct Openings {
  std::vector<Opening> items;   // grouped by value, each value's rule by rule
  std::vector<uint32_t> start;  // value -> first entry in items; one more than the grid's values
};

// Every rule's openings, in the order the reference checks them, on `grid`; patterns[r] is
// rules[r] compiled for it.
Openings index_openings(const std::vector<Rule>& rules, const std::vector<RulePattern>& patterns, const Grid& grid);

// Appends to `out` the openings of `value` with shift 0 on each axis of `axes`' bits 0-2 (x, y, z)
// and with the pattern's last shift on each axis of bits 3-5, in their order.
void add_covered_openings(const Openings& all, int axes, int value, std::vector<const Opening*>& out);

// All the openings of a value checked at once. Their other input cells lie at a few distinct
// offsets from the changed cell; per offset, a table gives for each value there the openings it
// leaves possible (bit k: the value's k-th opening). One AND per offset leaves the openings that
// hold, in their order, where a test per opening mispredicts about every other branch.
class OpeningMasks {
 public:
  // For `openings` (which must stay put) on a grid of `values` values. Each value's masks are made
  // when first asked for: most nodes see few of their values change.
  void reset(const Openings* openings, int values);
  // Whether the openings of `value` are checked here: at most 64, on few offsets.
  bool checks(uint8_t value) {
    const uint8_t state = groups_[value].state;
    return state == kChecked || (state == kUnknown && prepare(value));
  }
  // The openings of `value` that hold around `cell`, which is far enough from the grid's edges.
  uint64_t holding(const uint8_t* state, int cell, uint8_t value) const {
    const Group& group = groups_[value];
    const uint8_t* around = state + cell;
    const size_t stride = size_t(values_);
    const uint64_t* table = masks_.data() + group.first * stride;
    uint64_t mask = group.all;
    for (const int *offset = offsets_.data() + group.first, *end = offsets_.data() + group.end; offset != end;
         offset += 4, table += 4 * stride)
      mask &= table[around[offset[0]]] & table[stride + around[offset[1]]] & table[2 * stride + around[offset[2]]] &
              table[3 * stride + around[offset[3]]];
    return mask;
  }

 private:
  static constexpr size_t kMaxOffsets = 32;
  enum : uint8_t { kUnknown, kChecked, kUnchecked };
  struct Group {
    uint64_t all = 0;             // one bit per opening
    uint32_t first = 0, end = 0;  // its offsets in offsets_, padded to fours with 0 (a row of `all`)
    uint8_t state = kUnknown;
  };
  bool prepare(uint8_t value);  // checks(value), the first time
  const Openings* openings_ = nullptr;
  int values_ = 0;
  std::vector<int> offsets_;
  std::vector<uint64_t> masks_;  // per entry of offsets_, one per grid value
  std::vector<Group> groups_;    // per grid value
};

}  // namespace mj
