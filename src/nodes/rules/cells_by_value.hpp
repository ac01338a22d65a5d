// The grid's cells holding some values, by value, with their coordinates: what pivot scans go
// over. One per run, shared by every rule node as the value counts are (value_counts.hpp), and
// brought up to date from the change log: a model's nodes often scan one after another with few
// writes between them, and listing a 3D grid's cells anew for each cost more than their scans.
// Pivot scans sort what they find, so the order of a value's cells does not matter.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/point.hpp"
#include "core/zeroed_array.hpp"
#include "nodes/change_log.hpp"

namespace mj {

class CellsByValue {
 public:
  // Lists the cells holding the values of `needed` on `grid` as it is at `now` (the log's end);
  // `count`: the grid's count of each value.
  void list(const Grid& grid, const ChangeLog& log, const ChangeCursor& now, ValueSet needed,
            const std::array<int, 256>& count);
  // The cells holding value v (one of the values listed).
  const Point* begin(size_t v) const { return of_value_[v].data(); }
  const Point* end(size_t v) const { return of_value_[v].data() + of_value_[v].size(); }

 private:
  void start_over(const Grid& grid);
  void add(const Grid& grid, ValueSet values, const std::array<int, 256>& count);
  void move(const Grid& grid, int cell, uint8_t before, uint8_t after);
  const Grid* grid_ = nullptr;
  ChangeCursor taken_;  // epoch 0: nothing listed
  ValueSet listed_ = 0;
  std::array<std::vector<Point>, kMaxValues> of_value_;
  // Per cell holding a listed value, its place in of_value_: written when listed, never read
  // before, so not cleared (pages of cells no node pivots on are never touched).
  ZeroedArray<uint32_t> place_;
  std::vector<Change> changes_;
};

}  // namespace mj
