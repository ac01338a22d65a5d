// Openings (the rule positions a changed cell may open) and the masks that check a value's
// openings at once, against the rule's input tested cell by cell.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "nodes/rules/openings.hpp"

namespace mj {
namespace {

struct RulesOnGrid {
  Grid grid;
  std::vector<Rule> rules;
  std::vector<RulePattern> patterns;
};

// Random rules of up to 2x2x2 cells (more than an opening keeps inline in 3D), some cells
// wildcards, on a random grid.
RulesOnGrid random_setup(std::mt19937& rng, bool d3) {
  RulesOnGrid s;
  Grid& g = s.grid;
  g.mx = 3 + int(rng() % 8), g.my = 3 + int(rng() % 8), g.mz = d3 ? 3 + int(rng() % 4) : 1;
  g.values = 2 + int(rng() % 5);
  g.state.resize(size_t(g.mx * g.my * g.mz));
  for (uint8_t& v : g.state) v = uint8_t(rng() % unsigned(g.values));
  const int count = 1 + int(rng() % 4);
  for (int k = 0; k < count; k++) {
    const Point size{1 + int(rng() % 2), 1 + int(rng() % 2), d3 ? 1 + int(rng() % 2) : 1};
    std::vector<ValueSet> input(size_t(size.x * size.y * size.z));
    for (ValueSet& w : input) w = rng() % 4 == 0 ? all_values(g.values) : ValueSet(1u + rng() % all_values(g.values));
    s.rules.emplace_back(input, size, std::vector<uint8_t>(input.size(), kKeep), size, g.values, 1.0);
  }
  for (const Rule& rule : s.rules) s.patterns.push_back(compile_rule(rule, g));
  return s;
}

// The openings of value v: rule by rule, each input cell that accepts v, x fastest.
std::vector<std::pair<int, Point>> expected_openings(const std::vector<Rule>& rules, uint8_t v) {
  std::vector<std::pair<int, Point>> expected;
  for (int r = 0; r < int(rules.size()); r++) {
    const Rule& rule = rules[size_t(r)];
    for (int z = 0, i = 0; z < rule.in_size.z; z++)
      for (int y = 0; y < rule.in_size.y; y++)
        for (int x = 0; x < rule.in_size.x; x++, i++)
          if (rule.input[size_t(i)] >> v & 1u) expected.push_back({r, {x, y, z}});
  }
  return expected;
}

TEST(Openings, AreTheRulePositionsOnACellThatAcceptItsValue) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 200; trial++) {
    const RulesOnGrid s = random_setup(rng, trial % 2 == 1);
    const Openings openings = index_openings(s.rules, s.patterns, s.grid);
    for (int v = 0; v < s.grid.values; v++) {
      const auto expected = expected_openings(s.rules, uint8_t(v));
      ASSERT_EQ(openings.start[size_t(v) + 1] - openings.start[size_t(v)], expected.size()) << "trial " << trial;
      for (size_t k = 0; k < expected.size(); k++) {
        const Opening& o = openings.items[openings.start[size_t(v)] + k];
        EXPECT_EQ(o.r, expected[k].first) << "trial " << trial << " value " << v << " opening " << k;
        EXPECT_EQ(o.shift, expected[k].second) << "trial " << trial << " value " << v << " opening " << k;
      }
    }
    // Bits 0-2: the neighbour before on x, y, z was visited (only shift 0 is new); bits 3-5: the one
    // after (only the pattern's last shift is new).
    for (int axes = 0; axes < 64; axes++)
      for (int v = 0; v < s.grid.values; v++) {
        std::vector<const Opening*> group = {nullptr};  // appended to
        add_covered_openings(openings, axes, v, group);
        std::vector<const Opening*> kept = {nullptr};
        for (uint32_t k = openings.start[size_t(v)]; k < openings.start[size_t(v) + 1]; k++) {
          const Opening& o = openings.items[k];
          const Point last = {o.pattern->in_size.x - 1, o.pattern->in_size.y - 1, o.pattern->in_size.z - 1};
          if (!((axes & 1) && o.shift.x) && !((axes & 2) && o.shift.y) && !((axes & 4) && o.shift.z) &&
              !((axes & 8) && o.shift.x != last.x) && !((axes & 16) && o.shift.y != last.y) &&
              !((axes & 32) && o.shift.z != last.z))
            kept.push_back(&o);
        }
        EXPECT_EQ(group, kept) << "trial " << trial << " axes " << axes << " value " << v;
      }
  }
}

TEST(OpeningMasks, PickTheOpeningsThatHold) {
  std::mt19937 rng(9);
  int checked_values = 0, holding = 0;
  for (int trial = 0; trial < 300; trial++) {
    RulesOnGrid s = random_setup(rng, trial % 3 == 2);
    Grid& g = s.grid;
    const Openings openings = index_openings(s.rules, s.patterns, s.grid);
    OpeningMasks masks;
    masks.reset(&openings, g.values);
    const int z_first = g.mz == 1 ? 0 : 1, z_last = g.mz == 1 ? 0 : g.mz - 2;  // cells inside every rule position
    for (int z = z_first; z <= z_last; z++)
      for (int y = 1; y + 1 < g.my; y++)
        for (int x = 1; x + 1 < g.mx; x++) {
          const int cell = g.index(x, y, z);
          for (int v = 0; v < g.values; v++) {
            if (!masks.checks(uint8_t(v))) continue;
            g.state[size_t(cell)] = uint8_t(v);
            const uint64_t mask = masks.holding(g.state.data(), cell, uint8_t(v));
            checked_values++;
            holding += std::popcount(mask);
            for (uint32_t k = openings.start[size_t(v)]; k < openings.start[size_t(v) + 1]; k++) {
              const Opening& o = openings.items[k];
              const bool holds = o.pattern->holds(g.state.data(), cell - o.offset);
              ASSERT_EQ(mask >> (k - openings.start[size_t(v)]) & 1u, holds)
                  << "trial " << trial << " cell " << x << "," << y << "," << z << " value " << v;
            }
          }
        }
  }
  EXPECT_GT(checked_values, 10000);  // the masks were used, and both ways
  EXPECT_GT(holding, 1000);
}

}  // namespace
}  // namespace mj
