// Convolution steps against the reference's cell by cell loop written out directly: the rows the
// node rewrites sixteen cells at a time, with draws batched, must give the same cells and leave
// the generator where one draw per rule tried, cell after cell, leaves it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "node_test_util.hpp"
#include "nodes/convolution/neighbour_count.hpp"

namespace mj {
namespace {

using mjtest::LoadedNode;

struct DirectRule {
  int input, output;
  double p;
  std::vector<int> multiplicity;  // per value; empty without a sum condition
  std::vector<int> sums;          // the sums allowed
};

struct Kernel {
  std::vector<std::array<int, 3>> offsets;
};

Kernel kernel_of(const std::string& name, bool d3) {
  Kernel k;
  for (int dz = d3 ? -1 : 0; dz <= (d3 ? 1 : 0); dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        const int away = std::abs(dx) + std::abs(dy) + std::abs(dz);
        const bool in = name == "Moore" ? away > 0 : name == "VonNeumann" ? away == 1 : away == 1 || away == 2;
        if (in) k.offsets.push_back({dx, dy, dz});
      }
  return k;
}

// One step as the reference takes it: every cell in order tries its value's rules in order, each
// with p < 1 drawing first, then checking its sum over the grid as the step found it.
void direct_step(std::vector<uint8_t>& cells, int mx, int my, int mz, bool periodic, const Kernel& kernel,
                 const std::vector<DirectRule>& rules, Random& random) {
  const std::vector<uint8_t> before = cells;
  for (int z = 0; z < mz; z++)
    for (int y = 0; y < my; y++)
      for (int x = 0; x < mx; x++) {
        const size_t i = size_t(x + y * mx + z * mx * my);
        for (const DirectRule& r : rules) {
          if (r.input != before[i] || r.output == before[i]) continue;
          if (r.p < 1.0 && !(random.next_double() < r.p)) continue;
          if (!r.multiplicity.empty()) {
            int sum = 0;
            for (const auto& o : kernel.offsets) {
              int sx = x + o[0], sy = y + o[1], sz = z + o[2];
              if (periodic) sx = (sx + mx) % mx, sy = (sy + my) % my, sz = (sz + mz) % mz;
              if (sx < 0 || sy < 0 || sz < 0 || sx >= mx || sy >= my || sz >= mz) continue;
              sum += r.multiplicity[before[size_t(sx + sy * mx + sz * mx * my)]];
            }
            if (std::find(r.sums.begin(), r.sums.end(), sum) == r.sums.end()) continue;
          }
          cells[i] = uint8_t(r.output);
          break;
        }
      }
}

struct RuleSet {
  const char* values;
  const char* xml;  // %s: the neighbourhood, %s: periodic
  std::vector<DirectRule> rules;
};

std::vector<int> range(int low, int high) {
  std::vector<int> r;
  for (int s = low; s <= high; s++) r.push_back(s);
  return r;
}

const std::vector<RuleSet>& rule_sets() {
  static const std::vector<RuleSet> sets = {
      // ForestFireCA: one rule without a draw, then one with, per value.
      {"BGR",
       R"(<convolution neighborhood="%s" periodic="%s">
          <rule in="G" out="R" sum="1..8" values="R"/><rule in="R" out="B"/>
          <rule in="B" out="G" p="0.3"/><rule in="G" out="R" p="0.01"/></convolution>)",
       {{1, 2, 1.0, {0, 0, 1}, range(1, 8)}, {2, 0, 1.0, {}, {}}, {0, 1, 0.3, {}, {}}, {1, 2, 0.01, {}, {}}}},
      // Sums in several intervals, a drawn rule with a sum condition counting a value twice, two
      // counted multiplicities, a value without rules.
      {"ABCD",
       R"(<convolution neighborhood="%s" periodic="%s">
          <rule in="A" out="B" sum="0,2,4..5,7" values="B"/><rule in="A" out="C" p="0.6" sum="1..4" values="CC"/>
          <rule in="B" out="A" p="0.5"/><rule in="C" out="A" sum="2..8" values="AB"/></convolution>)",
       {{0, 1, 1.0, {0, 1, 0, 0}, {0, 2, 4, 5, 7}},
        {0, 2, 0.6, {0, 0, 2, 0}, range(1, 4)},
        {1, 0, 0.5, {}, {}},
        {2, 0, 1.0, {1, 1, 0, 0}, range(2, 8)}}},
      // Two drawn rules for one value: not the per value shape, the general loop.
      {"ABC",
       R"(<convolution neighborhood="%s" periodic="%s">
          <rule in="A" out="B" p="0.2"/><rule in="A" out="C" p="0.5" sum="1..8" values="B"/>
          <rule in="B" out="A" sum="3..5" values="A"/><rule in="C" out="A" p="0.1"/></convolution>)",
       {{0, 1, 0.2, {}, {}},
        {0, 2, 0.5, {0, 1, 0}, range(1, 8)},
        {1, 0, 1.0, {1, 0, 0}, range(3, 5)},
        {2, 0, 0.1, {}, {}}}},
      // No draws: the life-like automaton, three intervals.
      {"DA",
       R"(<convolution neighborhood="%s" periodic="%s">
          <rule in="D" out="A" sum="3,5,7" values="A"/><rule in="A" out="D" sum="0,1,4..8" values="A"/></convolution>)",
       {{0, 1, 1.0, {0, 1}, {3, 5, 7}}, {1, 0, 1.0, {0, 1}, {0, 1, 4, 5, 6, 7, 8}}}},
  };
  return sets;
}

TEST(ConvolutionSteps, MatchTheCellByCellLoop) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 48; trial++) {
    const RuleSet& set = rule_sets()[size_t(trial) % rule_sets().size()];
    const bool d3 = trial % 3 == 2, periodic = trial % 2 == 1;
    const std::string neighbourhood =
        d3 ? (trial % 4 < 2 ? "NoCorners" : "VonNeumann") : (trial % 4 < 2 ? "Moore" : "VonNeumann");
    const int mx = 3 + int(rng() % 60), my = 3 + int(rng() % 8), mz = d3 ? 3 + int(rng() % 3) : 1;
    char xml[1024];
    std::snprintf(xml, sizeof xml, set.xml, neighbourhood.c_str(), periodic ? "True" : "False");
    const int seed = int(rng() % 1000);
    LoadedNode n(set.values, xml, mx, my, mz, "resources", seed);
    const int C = int(std::string(set.values).size());
    for (uint8_t& v : n.grid().state) v = uint8_t(rng() % unsigned(C));
    std::vector<uint8_t> expected = n.grid().state;
    Random random(seed);
    const std::vector<DirectRule>& rules = set.rules;
    for (int step = 0; step < 6; step++) {
      const std::vector<uint8_t> before = expected;
      direct_step(expected, mx, my, mz, periodic, kernel_of(neighbourhood, d3), rules, random);
      const bool changed = n.go();
      ASSERT_EQ(n.grid().state, expected)
          << "trial " << trial << ", step " << step << ", " << mx << "x" << my << "x" << mz;
      EXPECT_EQ(changed, expected != before) << "trial " << trial << ", step " << step;
      Random node_random = n.run->random, direct_random = random;
      ASSERT_EQ(node_random.next(), direct_random.next()) << "trial " << trial << ", step " << step;
    }
  }
}

// count_interior with the named kernels (unrolled for one value counted once) on every row width
// around a multiple of the sixteen cells counted at once.
TEST(ConvolutionSteps, NamedKernelsCountEveryWidth) {
  std::mt19937 rng(7);
  for (const char* name : {"Moore", "VonNeumann", "NoCorners"})
    for (bool d3 : {false, true}) {
      if (std::string(name) == "NoCorners" && !d3) continue;
      const Kernel kernel = kernel_of(name, d3);
      for (int mx = 3; mx <= 52; mx++) {
        const int my = 4, mz = d3 ? 3 : 1;
        std::vector<uint8_t> state(size_t(mx * my * mz)), sums(state.size(), 0);
        for (uint8_t& v : state) v = uint8_t(rng() % 3);
        std::vector<int> offsets;
        for (const auto& o : kernel.offsets) offsets.push_back(o[0] + o[1] * mx + o[2] * mx * my);
        ASSERT_TRUE(count_interior(state.data(), mx, my, mz, offsets, {0, 1, 0}, sums.data()));
        const int z = d3 ? 1 : 0;
        for (int y = 1; y < my - 1; y++)
          for (int x = 1; x < mx - 1; x++) {
            const size_t i = size_t(x + y * mx + z * mx * my);
            int expected = 0;
            for (int o : offsets) expected += state[i + size_t(o)] == 1;
            ASSERT_EQ(sums[i], expected) << name << " " << mx << " at " << x << "," << y;
          }
      }
    }
}

}  // namespace
}  // namespace mj
