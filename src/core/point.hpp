#pragma once

namespace mj {

// A cell position or offset on a grid.
struct Point {
  int x = 0, y = 0, z = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

}  // namespace mj
