#include <gtest/gtest.h>

#include <random>

#include "node_test_util.hpp"
#include "nodes/convolution/neighbour_count.hpp"

namespace mj {
namespace {

using mjtest::cells_of;
using mjtest::LoadedNode;
using mjtest::set_cells;

const char* kLife = R"(<convolution neighborhood="Moore" periodic="True">
  <rule in="D" out="A" sum="3" values="A"/>
  <rule in="A" out="D" sum="0,1,4..8" values="A"/>
</convolution>)";

TEST(Convolution, BlinkerHasPeriodTwo) {
  LoadedNode n("DA", kLife, 5, 5, 1);
  const std::string vertical = "DDDDD/DDADD/DDADD/DDADD/DDDDD";
  const std::string horizontal = "DDDDD/DDDDD/DAAAD/DDDDD/DDDDD";
  set_cells(n.grid(), vertical);
  for (int k = 0; k < 4; k++) {
    ASSERT_TRUE(n.go());
    EXPECT_EQ(cells_of(n.grid()), k % 2 == 0 ? horizontal : vertical) << k;
  }
}

TEST(Convolution, StillLifeReportsNoChange) {
  LoadedNode n("DA", kLife, 4, 4, 1);
  set_cells(n.grid(), "DDDD/DAAD/DAAD/DDDD");
  EXPECT_FALSE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "DDDD/DAAD/DAAD/DDDD");
}

TEST(Convolution, PeriodicCountsAcrossTheBorder) {
  const char* xml = R"(<convolution neighborhood="VonNeumann" periodic="%s" in="D" out="A" sum="1" values="A"/>)";
  char buffer[256];
  snprintf(buffer, sizeof buffer, xml, "True");
  LoadedNode wrapped("DA", buffer, 4, 1, 1);
  set_cells(wrapped.grid(), "ADDD");
  ASSERT_TRUE(wrapped.go());
  EXPECT_EQ(cells_of(wrapped.grid()), "AADA");
  snprintf(buffer, sizeof buffer, xml, "False");
  LoadedNode bounded("DA", buffer, 4, 1, 1);
  set_cells(bounded.grid(), "ADDD");
  ASSERT_TRUE(bounded.go());
  EXPECT_EQ(cells_of(bounded.grid()), "AADD");
}

// One synchronous Game of Life step (A alive, D dead), written out directly.
std::vector<uint8_t> life_step(const std::vector<uint8_t>& cells, int mx, int my, bool periodic) {
  std::vector<uint8_t> next = cells;
  for (int y = 0; y < my; y++)
    for (int x = 0; x < mx; x++) {
      int alive = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          int sx = x + dx, sy = y + dy;
          if ((dx == 0 && dy == 0) || (!periodic && (sx < 0 || sy < 0 || sx >= mx || sy >= my))) continue;
          sx = (sx + mx) % mx, sy = (sy + my) % my;
          alive += cells[size_t(sx + sy * mx)];
        }
      const uint8_t self = cells[size_t(x + y * mx)];
      if (self == 0 && alive == 3) next[size_t(x + y * mx)] = 1;
      if (self == 1 && (alive <= 1 || alive >= 4)) next[size_t(x + y * mx)] = 0;
    }
  return next;
}

// Steps after the first look only around the last step's changes unless something else wrote to
// the grid: against direct steps, with outside writes between some of them.
TEST(Convolution, LaterStepsMatchFullStepsAlsoAfterOutsideWrites) {
  std::mt19937 rng(3);
  for (bool periodic : {true, false}) {
    const char* xml = periodic ? R"(<convolution neighborhood="Moore" periodic="True">
      <rule in="D" out="A" sum="3" values="A"/><rule in="A" out="D" sum="0,1,4..8" values="A"/></convolution>)"
                               : R"(<convolution neighborhood="Moore">
      <rule in="D" out="A" sum="3" values="A"/><rule in="A" out="D" sum="0,1,4..8" values="A"/></convolution>)";
    LoadedNode n("DA", xml, 17, 13, 1);
    for (uint8_t& c : n.grid().state) c = uint8_t(rng() % 3 == 0);
    for (int step = 0; step < 60; step++) {
      if (step % 7 == 3) {  // another node's write
        const size_t i = rng() % n.grid().state.size();
        n.write(i, n.grid().state[i] ^ 1);
      }
      const std::vector<uint8_t> before = n.grid().state;
      const std::vector<uint8_t> expected = life_step(before, 17, 13, periodic);
      const bool changed = n.go();
      ASSERT_EQ(n.grid().state, expected) << "periodic " << periodic << ", step " << step;
      EXPECT_EQ(changed, expected != before) << step;
    }
  }
}

TEST(Convolution, StepsLimitTheNode) {
  LoadedNode n("DA", R"(<convolution neighborhood="Moore" steps="2" in="D" out="A" sum="1..8" values="A"/>)", 5, 1, 1);
  set_cells(n.grid(), "ADDDD");
  EXPECT_TRUE(n.go());
  EXPECT_TRUE(n.go());
  EXPECT_FALSE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "AAADD");
  n.node->reset();
  EXPECT_TRUE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "AAAAD");
}

TEST(Convolution, RuleWithoutSumAlwaysFires) {
  LoadedNode n("DA", R"(<convolution neighborhood="Moore" in="D" out="A"/>)", 3, 1, 1);
  ASSERT_TRUE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "AAA");
}

TEST(Convolution, ProbabilityThinsTheRewrites) {
  LoadedNode n("DA", R"(<convolution neighborhood="Moore" in="D" out="A" p="0.5"/>)", 40, 40, 1);
  ASSERT_TRUE(n.go());
  int alive = 0;
  for (uint8_t v : n.grid().state) alive += v;
  EXPECT_GT(alive, 600);
  EXPECT_LT(alive, 1000);
}

TEST(Convolution, NoCornersIn3D) {
  LoadedNode n("DA", R"(<convolution neighborhood="NoCorners" in="D" out="A" sum="18" values="A"/>)", 3, 3, 3);
  for (uint8_t& v : n.grid().state) v = 1;
  n.grid().state[13] = 0;  // the centre sees all 18 face and edge neighbours alive
  ASSERT_TRUE(n.go());
  EXPECT_EQ(n.grid().state[13], 1);
}

void expect_load_error(const std::string& xml, int mz, const std::string& words) {
  try {
    LoadedNode n("DA", xml, 3, 3, mz);
    FAIL() << "loaded";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("test.xml:2:"), std::string::npos) << what;
    EXPECT_NE(what.find(words), std::string::npos) << what;
  }
}

TEST(Convolution, LoadErrorsNameFileAndLine) {
  expect_load_error("\n<convolution neighborhood=\"Hex\" in=\"D\" out=\"A\"/>", 1, "Hex");
  expect_load_error("\n<convolution neighborhood=\"Moore\" in=\"D\" out=\"A\" sum=\"3\"/>", 1, "values");
  expect_load_error("\n<convolution neighborhood=\"Moore\" in=\"D\" out=\"A\" sum=\"30\" values=\"A\"/>", 1, "30");
  expect_load_error("\n<convolution neighborhood=\"Moore\" in=\"D\" out=\"A\" sum=\"3\" values=\"A\"/>", 3, "Moore");
}

}  // namespace
}  // namespace mj

namespace mj {
namespace {

// count_interior against the sum written out, on random grids: 2D and 3D kernels, one value or
// several with weights up to 4, rows shorter and longer than the sixteen cells counted at once.
TEST(NeighbourCount, MatchesTheDirectSumOnRandomGrids) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 60; trial++) {
    const bool d3 = trial % 3 == 0;
    const int mx = 3 + int(rng() % 40), my = 3 + int(rng() % 9), mz = d3 ? 3 + int(rng() % 4) : 1,
              C = 2 + int(rng() % 5);
    std::vector<uint8_t> state(size_t(mx * my * mz));
    for (uint8_t& v : state) v = uint8_t(rng() % unsigned(C));
    std::vector<int> offsets;
    for (int dz = d3 ? -1 : 0; dz <= (d3 ? 1 : 0); dz++)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          if ((dx || dy || dz) && rng() % 4 != 0) offsets.push_back(dx + dy * mx + dz * mx * my);
    std::vector<int> weights(size_t(C), 0);
    for (int& w : weights) w = trial % 2 ? int(rng() % 5) : 0;
    if (trial % 2 == 0) weights[rng() % unsigned(C)] = 1;
    std::vector<uint8_t> sums(state.size(), 99);
    ASSERT_TRUE(count_interior(state.data(), mx, my, mz, offsets, weights, sums.data()));
    for (int z = 0; z < mz; z++)
      for (int y = 0; y < my; y++)
        for (int x = 0; x < mx; x++) {
          const int i = x + y * mx + z * mx * my;
          const bool inner = x > 0 && y > 0 && x < mx - 1 && y < my - 1 && (!d3 || (z > 0 && z < mz - 1));
          int expected = 99;
          if (inner) {
            expected = 0;
            for (int o : offsets) expected += weights[state[size_t(i + o)]];
          }
          ASSERT_EQ(sums[size_t(i)], expected) << trial << " at " << x << "," << y << "," << z;
        }
  }
}

TEST(NeighbourCount, RefusesWeightsThatDoNotFitBytes) {
  std::vector<uint8_t> state(27, 0), sums(27, 0);
  EXPECT_FALSE(count_interior(state.data(), 3, 3, 3, {1}, {5, 0}, sums.data()));
  EXPECT_FALSE(count_interior(state.data(), 3, 3, 3, {1}, std::vector<int>(9, 1), sums.data()));
}

}  // namespace
}  // namespace mj
