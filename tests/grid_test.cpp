#include <gtest/gtest.h>

#include <random>

#include "core/grid.hpp"

namespace mj {
namespace {

// PointOfCell multiplies where Grid::point divides: the same point for every cell of grids of
// every shape, one-cell-wide ones (no magic number for 1) and large ones included.
TEST(PointOfCell, GivesGridPoint) {
  std::mt19937 rng(3);
  const int shapes[][3] = {{1, 1, 1}, {1, 7, 3}, {7, 1, 1}, {5, 1, 9}, {967, 967, 1}, {4096, 4096, 16}, {3, 46341, 1}};
  for (int trial = 0; trial < 200; trial++) {
    Grid grid;
    if (trial < int(std::size(shapes)))
      grid.mx = shapes[trial][0], grid.my = shapes[trial][1], grid.mz = shapes[trial][2];
    else grid.mx = 1 + int(rng() % 300), grid.my = 1 + int(rng() % 300), grid.mz = 1 + int(rng() % 40);
    const PointOfCell point_of(grid);
    const long long cells = (long long)grid.mx * grid.my * grid.mz;
    for (int k = 0; k < 2000; k++) {
      const int cell = k < 1000 ? int(k % cells) : int(cells - 1 - (long long)(rng() % uint64_t(cells)));
      const Point expected = grid.point(cell), got = point_of(cell);
      ASSERT_TRUE(got.x == expected.x && got.y == expected.y && got.z == expected.z)
          << grid.mx << "x" << grid.my << "x" << grid.mz << " cell " << cell;
    }
  }
}

// Interior: a cell is in it exactly when every box of up to reach+1 cells per axis that covers it
// lies inside the grid, written out box corner by box corner; grids thinner than a box have none.
TEST(Interior, HoldsTheCellsEveryBoxAroundFits) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 300; trial++) {
    const int mx = 1 + int(rng() % 9), my = 1 + int(rng() % 9), mz = 1 + int(rng() % 4);
    const Point reach{int(rng() % 4), int(rng() % 4), int(rng() % 3)};
    const Interior interior(reach, mx, my, mz);
    for (int z = -1; z <= mz; z++)
      for (int y = -1; y <= my; y++)
        for (int x = -1; x <= mx; x++) {
          bool fits = true;  // every corner (x - dx, ...) with 0 <= d <= reach keeps its box inside
          for (int dz = 0; dz <= reach.z; dz++)
            for (int dy = 0; dy <= reach.y; dy++)
              for (int dx = 0; dx <= reach.x; dx++)
                fits = fits && x - dx >= 0 && y - dy >= 0 && z - dz >= 0 && x - dx + reach.x < mx &&
                       y - dy + reach.y < my && z - dz + reach.z < mz;
          ASSERT_EQ(interior.contains(x, y, z), fits)
              << mx << "x" << my << "x" << mz << " reach " << reach.x << "," << reach.y << "," << reach.z << " at " << x
              << "," << y << "," << z;
        }
  }
}

// InteriorCells: Interior::contains by cell index, on grids with rows of one word and of several, not
// aligned to words; and the grid's shared copy for a reach is made once.
TEST(Interior, CellBitsAreContains) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; trial++) {
    const int mx = 1 + int(rng() % (trial % 2 ? 150 : 12)), my = 1 + int(rng() % 9), mz = 1 + int(rng() % 4);
    const Point reach{int(rng() % 4), int(rng() % 4), int(rng() % 3)};
    const Interior interior(reach, mx, my, mz);
    const InteriorCells cells(interior, mx, my, mz);
    for (int z = 0, i = 0; z < mz; z++)
      for (int y = 0; y < my; y++)
        for (int x = 0; x < mx; x++, i++)
          ASSERT_EQ(cells.contains(i), interior.contains(x, y, z))
              << mx << "x" << my << "x" << mz << " reach " << reach.x << "," << reach.y << "," << reach.z << " cell "
              << i;
  }
  Grid grid;
  grid.mx = 70, grid.my = 5, grid.mz = 1;
  const InteriorCells& first = grid.interior_cells({1, 1, 0});
  EXPECT_EQ(&grid.interior_cells({1, 1, 0}), &first);
  EXPECT_NE(&grid.interior_cells({2, 1, 0}), &first);
  EXPECT_TRUE(first.contains(70 + 1));
  EXPECT_FALSE(first.contains(70 + 69));
}

}  // namespace
}  // namespace mj
