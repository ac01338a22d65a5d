#pragma once

namespace mj {

// A cell position or offset on a grid.
struct Point {
  int x = 0, y = 0, z = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

// Whether every box of at most reach+1 cells per axis that covers (x, y, z) lies inside an
// mx*my*mz grid: then positions around the cell need no bounds checks.
inline bool boxes_inside(const Point& reach, int x, int y, int z, int mx, int my, int mz) {
  return x >= reach.x && y >= reach.y && z >= reach.z && x + reach.x < mx && y + reach.y < my && z + reach.z < mz;
}

}  // namespace mj
