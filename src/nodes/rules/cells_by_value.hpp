// The grid's cells holding some values, by value, with their coordinates: what pivot scans go
// over. One per run, shared by every rule node, as the value counts are (value_counts.hpp):
// nodes that scan in turn with nothing written between them list the cells once.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/point.hpp"
#include "nodes/change_log.hpp"

namespace mj {

class CellsByValue {
 public:
  // Lists the cells holding the values of `needed` on `grid` as it is at `now` (the log's end),
  // unless they are listed already; `count`: the grid's count of each value.
  void list(const Grid& grid, const ChangeCursor& now, ValueSet needed, const std::array<int, 256>& count);
  // The cells holding value v (one of the values listed), in the grid's order.
  const Point* begin(size_t v) const { return cells_.data() + start_[v]; }
  const Point* end(size_t v) const { return cells_.data() + start_[v + 1]; }

 private:
  const Grid* grid_ = nullptr;
  ChangeCursor taken_;  // epoch 0: nothing listed
  ValueSet listed_ = 0;
  std::vector<Point> cells_;
  std::array<uint32_t, 33> start_{};  // value (a ValueSet's bit) -> first entry in cells_
};

}  // namespace mj
