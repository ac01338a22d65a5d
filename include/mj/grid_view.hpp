// mj's public API: a read-only view of a grid, what every renderer and writer takes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace mj {

// A grid's size, symbols and cells. A view of a running interpreter's grid changes as the run steps;
// its cells stay readable while `owner` is held, even after the next start() or the interpreter's end
// (for views that a caller keeps, such as numpy arrays), though later runs no longer write them.
struct GridView {
  int mx = 0, my = 0, mz = 0;
  std::string legend;                 // value index -> symbol
  const uint8_t* cells = nullptr;     // mx*my*mz values, x fastest, then y, then z
  std::shared_ptr<const void> owner;  // keeps `cells` alive
  size_t size() const { return size_t(mx) * size_t(my) * size_t(mz); }
};

// A grid's size and symbols without its cells: the grid that pins and goals name (Model::pinned_grid).
struct GridShape {
  int mx = 0, my = 0, mz = 0;
  std::string legend;  // value index -> symbol
  size_t size() const { return size_t(mx) * size_t(my) * size_t(mz); }
};

// The grid's rows as mj explore writes a state (StateSpace::grids): rows of symbols apart by '/', layers by ' '.
std::string grid_rows(const GridView& grid);

}  // namespace mj
