// mj's public API: the faces of a voxel grid as the glTF export (encode_glb) meshes them, for viewers
// that draw the same mesh. Value 0 is empty space (as in VOX files and isometric pictures); a face is
// kept where a filled cell meets empty space or the grid's edge, and equal neighbouring faces of one
// value merge into rectangles (greedy meshing).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mj/grid_view.hpp"

namespace mj {

// One rectangle: `corners` in grid coordinates (x, y, z with z up; a cell spans [x, x+1]),
// counter-clockwise seen from outside, `normal` the axis direction it faces.
struct Quad {
  uint8_t value = 0;
  std::array<std::array<float, 3>, 4> corners{};
  std::array<float, 3> normal{};
};

// The rectangles of every value; two triangles each in encode_glb (glb_triangles).
std::vector<Quad> greedy_mesh(const GridView& grid);

}  // namespace mj
