#include "nodes/rules/cells_by_value.hpp"

#include "core/wave_scan.hpp"

namespace mj {

// A counting sort by the counts, the rows read sixteen cells at a time.
void CellsByValue::list(const Grid& grid, const ChangeCursor& now, ValueSet needed, const std::array<int, 256>& count) {
  const bool unchanged = grid_ == &grid && taken_.epoch == now.epoch && taken_.position == now.position;
  if (unchanged && (needed & ~listed_) == 0) return;
  if (unchanged) needed |= listed_;  // for the nodes that scan next
  start_[0] = 0;
  for (size_t v = 0; v < 32; v++) start_[v + 1] = start_[v] + uint32_t(needed >> v & 1u ? count[v] : 0);
  cells_.resize(start_[32]);
  std::array<uint32_t, 32> next;
  std::copy(start_.begin(), start_.end() - 1, next.begin());
  for (int z = 0; z < grid.mz; z++)
    for (int y = 0; y < grid.my; y++) {
      const uint8_t* row = grid.state.data() + grid.index(0, y, z);
      for_each_in_wave(row, 0, grid.mx, needed, [&](int x) { cells_[next[row[x]]++] = {x, y, z}; });
    }
  grid_ = &grid, taken_ = now, listed_ = needed;
}

}  // namespace mj
