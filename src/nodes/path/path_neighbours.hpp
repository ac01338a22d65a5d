// The neighbourhoods a path walks and searches: the offsets around a cell that stay inside the
// grid, in the reference's order, and the faces of the grid that an offset would cross.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/point.hpp"

namespace mj {

// Up to 26 neighbour offsets, in the reference's order (which decides random choices).
struct Offsets {
  std::array<Point, 26> items;
  int count = 0;
  void add(int dx, int dy, int dz) { items[size_t(count++)] = Point{dx, dy, dz}; }
  const Point* begin() const { return items.data(); }
  const Point* end() const { return items.data() + count; }
};

// The neighbours of (x, y, z) inside the grid: faces, then edges (diagonals), then vertices.
// A 2D grid has no vertex neighbours.
Offsets neighbours(const Grid& g, const Point& p, bool edges, bool vertices);

// The neighbour offsets of a search, flat, with the grid faces each one would cross.
struct Reach {
  std::array<int, 26> offsets{};
  std::array<uint8_t, 26> crosses{};  // bits as in Faces
  uint8_t any = 0;                    // every face some offset crosses (none in z on a 2D grid)
  int count = 0;
};

// Which faces of the grid a cell lies on: bit 0 x = 0, bit 1 x = mx - 1, then y and z likewise.
// A neighbour offset that crosses none of them stays inside the grid.
struct Faces {
  enum : uint8_t { kLowX = 1, kHighX = 2, kLowY = 4, kHighY = 8, kLowZ = 16, kHighZ = 32 };
  // The faces a step (dx, dy, dz) crosses from a cell on them, or a cell at (low, high) ends lies on.
  static uint8_t of(const Point& low, const Point& high) {
    return uint8_t((low.x ? kLowX : 0) | (high.x ? kHighX : 0) | (low.y ? kLowY : 0) | (high.y ? kHighY : 0) |
                   (low.z ? kLowZ : 0) | (high.z ? kHighZ : 0));
  }
  // Row by row: a row's cells share their y and z faces, and only its ends lie on x faces.
  static void fill(const Grid& g, std::vector<uint8_t>& faces) {
    faces.resize(size_t(g.size()));
    for (int z = 0; z < g.mz; z++)
      for (int y = 0; y < g.my; y++) {
        uint8_t* row = faces.data() + g.index(0, y, z);
        std::fill(row, row + g.mx, of({0, y == 0, z == 0}, {0, y == g.my - 1, z == g.mz - 1}));
        row[0] |= kLowX;
        row[g.mx - 1] |= kHighX;
      }
  }
};

}  // namespace mj
