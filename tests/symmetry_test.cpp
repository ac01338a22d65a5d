#include <gtest/gtest.h>

#include "core/grid.hpp"
#include "core/rule.hpp"
#include "core/symmetry.hpp"

namespace {

using mj::SymmetryGroup;

TEST(Symmetry, SquareSubgroupSizes) {
  const std::pair<const char*, size_t> expected[] = {{"()", 1},     {"(x)", 2},   {"(y)", 2},
                                                     {"(x)(y)", 4}, {"(xy+)", 4}, {"(xy)", 8}};
  for (auto [name, size] : expected) {
    auto g = mj::symmetry_from_name(true, std::string(name), SymmetryGroup());
    ASSERT_TRUE(g) << name;
    EXPECT_EQ(g->count(), size) << name;
  }
}

TEST(Symmetry, CubeSubgroupSizes) {
  const std::pair<const char*, size_t> expected[] = {{"()", 1},   {"(x)", 2},     {"(z)", 2},
                                                     {"(xy)", 8}, {"(xyz+)", 24}, {"(xyz)", 48}};
  for (auto [name, size] : expected) {
    auto g = mj::symmetry_from_name(false, std::string(name), SymmetryGroup());
    ASSERT_TRUE(g) << name;
    EXPECT_EQ(g->count(), size) << name;
  }
}

TEST(Symmetry, UnknownNamesAndFallback) {
  EXPECT_FALSE(mj::symmetry_from_name(true, std::string("(z)"), SymmetryGroup()));
  EXPECT_FALSE(mj::symmetry_from_name(false, std::string("(y)"), SymmetryGroup()));
  SymmetryGroup fallback;
  fallback.set(3);
  EXPECT_EQ(*mj::symmetry_from_name(true, std::nullopt, fallback), fallback);
}

// The 48 images of an asymmetric 2x3x4 block are all distinct: the generators build the whole cube group.
TEST(Symmetry, CubeImagesOfAsymmetricPatternAreDistinct) {
  std::vector<int> pattern(24);
  for (int i = 0; i < 24; i++) pattern[size_t(i)] = i;
  struct Block {
    std::vector<int> cells;
    int x, y, z;
  };
  auto at = [](const Block& b, int x, int y, int z) { return b.cells[size_t(x + y * b.x + z * b.x * b.y)]; };
  auto make = [&](const Block& b, int nx, int ny, int nz, auto from) {
    Block r{std::vector<int>(b.cells.size()), nx, ny, nz};
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++) r.cells[size_t(x + y * nx + z * nx * ny)] = from(x, y, z);
    return r;
  };
  auto rz = [&](const Block& b) {
    return make(b, b.y, b.x, b.z, [&](int x, int y, int z) { return at(b, b.x - 1 - y, x, z); });
  };
  auto ry = [&](const Block& b) {
    return make(b, b.z, b.y, b.x, [&](int x, int y, int z) { return at(b, b.x - 1 - z, y, x); });
  };
  auto rf = [&](const Block& b) {
    return make(b, b.x, b.y, b.z, [&](int x, int y, int z) { return at(b, b.x - 1 - x, y, z); });
  };
  auto same = [](const Block& a, const Block& b) { return a.x == b.x && a.y == b.y && a.cells == b.cells; };
  auto all = mj::cube_symmetries(Block{pattern, 2, 3, 4}, rz, ry, rf, same, mj::full_symmetry(false));
  EXPECT_EQ(all.size(), 48u);
  auto square = mj::square_symmetries(Block{pattern, 2, 3, 4}, rz, rf, same, mj::full_symmetry(true));
  EXPECT_EQ(square.size(), 8u);
}

}  // namespace
