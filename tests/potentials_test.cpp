// Potentials (observation.cpp) against a direct transcription of the definition: a rule fires at
// the first dequeued value with which its whole pattern has been reached.
#include <gtest/gtest.h>

#include <random>

#include "nodes/inference/observation.hpp"
#include "nodes/inference/potentials.hpp"

namespace mj {
namespace {

struct Item {
  uint8_t value;
  int x, y, z;
};

bool reached(const Rule& rule, int x, int y, int z, const Potentials& p, int t, int mx, int my, bool backwards) {
  const std::vector<uint8_t>& pattern = backwards ? rule.output : rule.binput;
  for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
        uint8_t v = pattern[size_t(di)];
        if (v == kKeep) continue;
        int current = p[v][x + dx + (y + dy) * mx + (z + dz) * mx * my];
        if (current > t || current == -1) return false;
      }
  return true;
}

// The reference's oshifts, [c]: the output cells that can produce c (input and output are the same size here).
ShiftLists output_shifts(const Rule& rule) {
  ShiftLists shifts;
  shifts.build(rule.values, rule.out_size,
               [&](size_t i, int c) { return rule.output[i] == kKeep || rule.output[i] == c; });
  return shifts;
}

void direct_propagate(Potentials& p, int mx, int my, int mz, const std::vector<Rule>& rules, bool backwards) {
  std::vector<Item> queue;
  for (int c = 0; c < p.C; c++)
    for (int i = 0; i < p.cells; i++)
      if (p[c][i] == 0) queue.push_back({uint8_t(c), i % mx, (i % (mx * my)) / mx, i / (mx * my)});
  std::vector<uint8_t> fired(rules.size() * size_t(p.cells), 0);
  std::vector<ShiftLists> shifts;
  for (const Rule& rule : rules) shifts.push_back(backwards ? output_shifts(rule) : rule.input_shifts());
  for (size_t head = 0; head < queue.size(); head++) {
    Item item = queue[head];
    int t = p[item.value][item.x + item.y * mx + item.z * mx * my];
    for (size_t r = 0; r < rules.size(); r++) {
      const Rule& rule = rules[r];
      for (const Point& s : shifts[r][item.value]) {
        int sx = item.x - s.x, sy = item.y - s.y, sz = item.z - s.z;
        if (sx < 0 || sy < 0 || sz < 0 || sx + rule.in_size.x > mx || sy + rule.in_size.y > my ||
            sz + rule.in_size.z > mz)
          continue;
        uint8_t& done = fired[r * size_t(p.cells) + size_t(sx + sy * mx + sz * mx * my)];
        if (done || !reached(rule, sx, sy, sz, p, t, mx, my, backwards)) continue;
        done = 1;
        const std::vector<uint8_t>& give = backwards ? rule.binput : rule.output;
        for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
          for (int dy = 0; dy < rule.in_size.y; dy++)
            for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
              uint8_t v = give[size_t(di)];
              int i = sx + dx + (sy + dy) * mx + (sz + dz) * mx * my;
              if (v != kKeep && p[v][i] == -1) p[v][i] = t + 1, queue.push_back({v, sx + dx, sy + dy, sz + dz});
            }
      }
    }
  }
}

Rule random_rule(std::mt19937& rng, int C, bool d3) {
  auto pick = [&](int n) { return int(rng() % unsigned(n)); };
  Point size{1 + pick(3), 1 + pick(2), d3 ? 1 + pick(2) : 1};
  int n = size.x * size.y * size.z;
  std::vector<ValueSet> input(static_cast<size_t>(n));
  std::vector<uint8_t> output(static_cast<size_t>(n));
  for (int i = 0; i < n; i++) {
    int kind = pick(6);
    input[size_t(i)] = kind == 0   ? all_values(C)
                       : kind == 1 ? ValueSet(rng() & all_values(C)) | 1u
                                   : ValueSet(1u << pick(C));
    output[size_t(i)] = pick(5) == 0 ? kKeep : uint8_t(pick(C));
  }
  return Rule(input, size, output, size, C, 1.0);
}

// Alphabets of up to 8, 16 and 32 values: the propagation keeps cell values in 8, 16 or 32 bits.
TEST(Potentials, PropagationMatchesTheDirectDefinition) {
  std::mt19937 rng(12345);
  const int smallest[] = {2, 2, 2, 6, 14, 28};
  for (int trial = 0; trial < 600; trial++) {
    const bool d3 = trial % 3 == 0;
    const int C = smallest[trial % 6] + int(rng() % 4), mx = 3 + int(rng() % 6), my = 1 + int(rng() % 6);
    const int mz = d3 ? 2 + int(rng() % 3) : 1;
    const int cells = mx * my * mz;
    std::vector<Rule> rules;
    for (int r = 0, n = 1 + int(rng() % 4); r < n; r++) rules.push_back(random_rule(rng, C, d3));
    std::vector<uint8_t> state(static_cast<size_t>(cells));
    std::vector<ValueSet> future(static_cast<size_t>(cells));
    for (int i = 0; i < cells; i++) {
      state[size_t(i)] = uint8_t(rng() % unsigned(C));
      future[size_t(i)] = ValueSet(rng() & all_values(C));
    }
    const auto values = [](Potentials& p) { return std::vector<int>(p.data.begin(), p.data.end()); };
    Potentials fast, direct;
    fast.resize(C, cells);
    direct.resize(C, cells);
    compute_forward_potentials(fast, state.data(), mx, my, mz, rules);
    std::fill(direct.data.begin(), direct.data.end(), -1);
    for (int i = 0; i < cells; i++) direct[state[size_t(i)]][i] = 0;
    direct_propagate(direct, mx, my, mz, rules, false);
    ASSERT_EQ(values(fast), values(direct)) << "forward, trial " << trial;
    // The estimate without potentials: for the random goal (mostly unreachable somewhere) and for
    // one every cell can meet, some cells at time 0 and some later.
    ASSERT_EQ(forward_estimate(state.data(), future.data(), C, mx, my, mz, rules),
              forward_pointwise(fast, future.data()))
        << "estimate, trial " << trial;
    std::vector<ValueSet> met(static_cast<size_t>(cells));
    for (int i = 0; i < cells; i++)
      for (int c = 0; c < C; c++)
        if (fast[c][i] >= 0 && (met[size_t(i)] == 0 || rng() % 3 == 0)) met[size_t(i)] |= ValueSet(1) << c;
    const int estimate = forward_estimate(state.data(), met.data(), C, mx, my, mz, rules);
    ASSERT_EQ(estimate, forward_pointwise(fast, met.data())) << "estimate of a goal met, trial " << trial;
    ASSERT_GE(estimate, 0);

    compute_backward_potentials(fast, future.data(), mx, my, mz, rules);
    for (int c = 0; c < C; c++)
      for (int i = 0; i < cells; i++) direct[c][i] = (future[size_t(i)] >> c & 1u) ? 0 : -1;
    direct_propagate(direct, mx, my, mz, rules, true);
    ASSERT_EQ(values(fast), values(direct)) << "backward, trial " << trial;
    // Some rows asked for: those and every row by backward_row are the whole computation's.
    Potentials some;
    some.resize_unset(C, cells);
    const ValueSet rows = ValueSet(rng()) & all_values(C);
    compute_backward_potentials(some, future.data(), mx, my, mz, rules, rows);
    for (int c = 0; c < C; c++) {
      const std::vector<int> whole(direct[c], direct[c] + cells);
      if (rows >> c & 1u) {
        ASSERT_EQ(std::vector<int>(some[c], some[c] + cells), whole) << "trial " << trial;
      }
      ASSERT_EQ(backward_row(some, future.data(), c), whole) << "row " << c << ", trial " << trial;
    }
    ASSERT_EQ(some.unset_rows & rows, 0u);
  }
}

// Goals whose cells take a few sets of values, as an observation's do (Island: every W cell may
// stay W or become N): then a value often implies others at time 0, and the propagation leaves
// out of its checks the values a pattern implies there. Random rules and goals, as above.
TEST(Potentials, BackwardWithGoalsOfFewKindsMatchesTheDirectDefinition) {
  std::mt19937 rng(2024);
  for (int trial = 0; trial < 600; trial++) {
    const bool d3 = trial % 4 == 0;
    const int C = 2 + int(rng() % 7), mx = 3 + int(rng() % 6), my = 1 + int(rng() % 6);
    const int mz = d3 ? 2 + int(rng() % 3) : 1;
    const int cells = mx * my * mz;
    std::vector<Rule> rules;
    for (int r = 0, n = 1 + int(rng() % 4); r < n; r++) rules.push_back(random_rule(rng, C, d3));
    std::vector<ValueSet> kinds(2 + rng() % 3);
    for (ValueSet& kind : kinds)
      kind = ValueSet(1u << (rng() % unsigned(C))) | (rng() % 2 ? 1u << (rng() % unsigned(C)) : 0u);
    std::vector<ValueSet> future(static_cast<size_t>(cells));
    for (ValueSet& f : future) f = kinds[rng() % kinds.size()];
    Potentials fast, direct;
    fast.resize(C, cells);
    direct.resize(C, cells);
    compute_backward_potentials(fast, future.data(), mx, my, mz, rules);
    for (int c = 0; c < C; c++)
      for (int i = 0; i < cells; i++) direct[c][i] = (future[size_t(i)] >> c & 1u) ? 0 : -1;
    direct_propagate(direct, mx, my, mz, rules, true);
    ASSERT_EQ(std::vector<int>(fast.data.begin(), fast.data.end()),
              std::vector<int>(direct.data.begin(), direct.data.end()))
        << "trial " << trial;
  }
}

// A large grid of two kinds of cells with a few cells of others: a value implies others at time 0
// but for those few, and the checks far from them leave the implied values out (index_far).
TEST(Potentials, BackwardWithFewExceptionsMatchesTheDirectDefinition) {
  std::mt19937 rng(77);
  for (int trial = 0; trial < 60; trial++) {
    const int C = 2 + int(rng() % 5), mx = 20 + int(rng() % 20), my = 20 + int(rng() % 20), cells = mx * my;
    std::vector<Rule> rules;
    for (int r = 0, n = 1 + int(rng() % 4); r < n; r++) rules.push_back(random_rule(rng, C, false));
    const auto kind = [&] { return ValueSet(1u << (rng() % unsigned(C))) | ValueSet(1u << (rng() % unsigned(C))); };
    const ValueSet land = kind(), sea = kind();
    std::vector<ValueSet> future(static_cast<size_t>(cells));
    for (int i = 0; i < cells; i++) future[size_t(i)] = (i % mx) * 3 < mx * 2 ? land : sea;
    for (int k = 0, n = int(rng() % 6); k < n; k++) future[rng() % unsigned(cells)] = kind();
    Potentials fast, direct;
    fast.resize(C, cells);
    direct.resize(C, cells);
    compute_backward_potentials(fast, future.data(), mx, my, 1, rules);
    for (int c = 0; c < C; c++)
      for (int i = 0; i < cells; i++) direct[c][i] = (future[size_t(i)] >> c & 1u) ? 0 : -1;
    direct_propagate(direct, mx, my, 1, rules, true);
    ASSERT_EQ(std::vector<int>(fast.data.begin(), fast.data.end()),
              std::vector<int>(direct.data.begin(), direct.data.end()))
        << "trial " << trial;
  }
}

// With 32 values the reference's wildcard is the empty wave (a 32-bit shift): a rule whose input is
// all wildcards then takes no value and never fires forward, though its pattern wants nothing.
TEST(Potentials, AWildcardOf32ValuesTakesNothing) {
  const int C = 32, mx = 4, my = 3;
  const std::vector<Rule> rules = {Rule({all_values(C)}, {1, 1, 1}, {5}, {1, 1, 1}, C, 1.0)};
  std::vector<uint8_t> state(size_t(mx * my));
  for (size_t i = 0; i < state.size(); i++) state[i] = uint8_t(i % 3);
  Potentials fast, direct;
  fast.resize(C, mx * my);
  direct.resize(C, mx * my);
  compute_forward_potentials(fast, state.data(), mx, my, 1, rules);
  std::fill(direct.data.begin(), direct.data.end(), -1);
  for (int i = 0; i < mx * my; i++) direct[state[size_t(i)]][i] = 0;
  direct_propagate(direct, mx, my, 1, rules, false);
  const auto values = [](Potentials& p) { return std::vector<int>(p.data.begin(), p.data.end()); };
  EXPECT_EQ(values(fast), values(direct));
  EXPECT_EQ(fast[5][0], -1);  // value 5 is never given
}

// The hint only changes where the search for an unmet cell starts, never the answer.
TEST(Goal, HintDoesNotChangeTheAnswer) {
  const uint8_t present[] = {0, 1, 1, 0, 2};
  const ValueSet met[] = {1, 2, 2, 1, 4};
  for (int hint : {-3, 0, 2, 4, 5, 99}) {
    int h = hint;
    EXPECT_TRUE(is_goal_reached(present, met, 5, h)) << "hint " << hint;
  }
  ValueSet unmet_first[] = {2, 2, 2, 1, 4};
  int h = 3;
  EXPECT_FALSE(is_goal_reached(present, unmet_first, 5, h)) << "an unmet cell before the hint is found";
  EXPECT_EQ(h, 0);
  EXPECT_FALSE(is_goal_reached(present, unmet_first, 5, h));
  for (int near : {0, 1, 2, 7}) {
    int from_end = 4;
    EXPECT_FALSE(is_goal_reached(present, unmet_first, 5, from_end, near)) << "near " << near;
    EXPECT_EQ(from_end, 0);
    int again = 2;
    EXPECT_TRUE(is_goal_reached(present, met, 5, again, near)) << "near " << near;
  }
}

// forward_pointwise counts a potential of 1000 or more as unreachable (as the reference does); the
// estimate, which stops at the first goal value to reach each cell, does the same.
TEST(Potentials, EstimateCountsTimesFrom1000AsUnreachable) {
  const int C = 2;                                                                                   // B, R
  const std::vector<Rule> rules = {Rule({1u << 1, 1u << 0}, {2, 1, 1}, {0, 1}, {2, 1, 1}, C, 1.0)};  // RB -> BR
  for (const int length : {999, 1000, 1001, 1200}) {
    std::vector<uint8_t> state(size_t(length), 0);
    state[0] = 1;
    std::vector<ValueSet> goal(size_t(length), 0b11);
    goal.back() = 0b10;  // R at the far end: length - 1 steps away
    Potentials potentials;
    potentials.resize(C, length);
    compute_forward_potentials(potentials, state.data(), length, 1, 1, rules);
    const int estimate = forward_estimate(state.data(), goal.data(), C, length, 1, 1, rules);
    EXPECT_EQ(estimate, forward_pointwise(potentials, goal.data())) << length;
    EXPECT_EQ(estimate, length - 1 < 1000 ? length - 1 : -1) << length;
  }
}

}  // namespace
}  // namespace mj
