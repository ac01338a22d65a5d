#include "nodes/rules/cells_by_value.hpp"

#include "core/wave_scan.hpp"

namespace mj {

// Taking a write from the log costs about thirty instructions, listing the grid anew about one a
// cell: past a thirty-second of the grid's cells written, the values are listed anew (a forest
// fire writes more each step, a 3D model's nodes far fewer between their scans).
void CellsByValue::list(const Grid& grid, const ChangeLog& log, const ChangeCursor& now, ValueSet needed,
                        const std::array<int, 256>& count) {
  const uint8_t* state = grid.state.data();
  const size_t cells = grid.state.size();
  if (grid_ != &grid || !log.changed_since(taken_, state, cells, cells / 32, changes_)) {
    start_over(grid);
  } else {
    for (const Change& c : changes_) move(grid, c.cell, c.before, state[c.cell]);
  }
  if ((needed & ~listed_) != 0) add(grid, needed & ~listed_, count);
  taken_ = now;
}

void CellsByValue::start_over(const Grid& grid) {
  for (std::vector<Point>& cells : of_value_) cells.clear();
  listed_ = 0;
  if (place_.size() != grid.state.size()) place_.assign_uninitialized(grid.state.size());
  grid_ = &grid;
}

// The cells of `values`, none of them listed yet, row by row, sixteen cells at a time.
void CellsByValue::add(const Grid& grid, ValueSet values, const std::array<int, 256>& count) {
  for (ValueSet bits = values; bits != 0; bits &= bits - 1)
    of_value_[size_t(std::countr_zero(bits))].reserve(size_t(count[size_t(std::countr_zero(bits))]));
  uint32_t* place = place_.data();
  for (int z = 0; z < grid.mz; z++)
    for (int y = 0; y < grid.my; y++) {
      const int row = grid.index(0, y, z);
      const uint8_t* cells = grid.state.data() + row;
      for_each_in_wave(cells, 0, grid.mx, values, [&](int x) {
        std::vector<Point>& of = of_value_[cells[x]];
        place[row + x] = uint32_t(of.size());
        of.push_back({x, y, z});
      });
    }
  listed_ |= values;
}

// A cell that held `before` and holds `after` now: out of one list (the last cell of that list
// into its place), onto the other.
void CellsByValue::move(const Grid& grid, int cell, uint8_t before, uint8_t after) {
  if (listed_ >> before & 1u) {
    std::vector<Point>& of = of_value_[before];
    const uint32_t at = place_[size_t(cell)];
    const Point last = of.back();
    of[at] = last;
    place_[size_t(grid.index(last.x, last.y, last.z))] = at;
    of.pop_back();
  }
  if (listed_ >> after & 1u) {
    std::vector<Point>& of = of_value_[after];
    place_[size_t(cell)] = uint32_t(of.size());
    of.push_back(grid.point(cell));
  }
}

}  // namespace mj
