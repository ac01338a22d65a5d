#pragma once

#include <algorithm>

namespace mj {

// A cell position or offset on a grid.
struct Point {
  int x = 0, y = 0, z = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

// The cells of an mx*my*mz grid that every box of at most reach+1 cells per axis covering them
// lies inside: positions around such a cell need no bounds checks. Per axis, reach <= x < m - reach
// is one unsigned comparison.
class Interior {
 public:
  Interior() = default;
  Interior(const Point& reach, int mx, int my, int mz)
      : reach_(reach), span_{unsigned(std::max(0, mx - 2 * reach.x)), unsigned(std::max(0, my - 2 * reach.y)),
                             unsigned(std::max(0, mz - 2 * reach.z))} {}
  bool contains(int x, int y, int z) const {
    return (unsigned(x - reach_.x) < span_[0]) & (unsigned(y - reach_.y) < span_[1]) &
           (unsigned(z - reach_.z) < span_[2]);
  }

 private:
  Point reach_;
  unsigned span_[3] = {0, 0, 0};
};

}  // namespace mj
