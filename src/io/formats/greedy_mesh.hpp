// The faces of a voxel grid as few rectangles as possible: greedy meshing. Value 0 is empty space
// (as in VOX files and isometric pictures); a face is kept where a filled cell meets empty space or
// the grid's edge, and equal neighbouring faces of one value merge into rectangles.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mj/grid_view.hpp"

namespace mj::io {

// One rectangle: `corners` in grid coordinates (x, y, z; a cell spans [x, x+1]), counter-clockwise
// seen from outside, `normal` the axis direction it faces.
struct Quad {
  uint8_t value = 0;
  std::array<std::array<float, 3>, 4> corners{};
  std::array<float, 3> normal{};
};

std::vector<Quad> greedy_mesh(const GridView& grid);

}  // namespace mj::io
