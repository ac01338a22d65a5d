// WFC propagation against arc consistency computed directly: after a propagation, a pattern stays
// at a cell exactly when, in every direction, some pattern it allows remains at the neighbour.
// Propagation may stop early once a cell runs out (Propagator::emptiness_spreads); its answer
// must still be whether cell 0 ends up empty. Overlap models' lists against agreement pair by pair.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <span>

#include "nodes/wfc/propagation.hpp"
#include "nodes/wfc/wave.hpp"

namespace mj::wfc {
namespace {

// lists[d * patterns + t]: random symmetric adjacency in which every pattern allows itself on
// every side, so every pattern has support everywhere.
std::vector<std::vector<int>> random_lists(std::mt19937& rng, int patterns, int directions, double density) {
  std::vector<std::vector<int>> lists(size_t(directions * patterns));
  std::bernoulli_distribution keep(density);
  for (int d = 0; d < directions; d++)
    for (int t1 = 0; t1 < patterns; t1++)
      for (int t2 = 0; t2 < patterns; t2++) {
        // Decide each unordered pair once, from the direction with the lower index.
        if (opposite(d) < d) continue;
        if (t1 != t2 && !keep(rng)) continue;
        lists[size_t(d * patterns + t1)].push_back(t2);
        if (opposite(d) != d) lists[size_t(opposite(d) * patterns + t2)].push_back(t1);
      }
  for (auto& list : lists) std::sort(list.begin(), list.end());
  return lists;
}

// The cell one step back along direction d from cell i, or -1 outside the grid.
int step_back(const Space& s, int i, int d) {
  int x = s.x(i) - kDX[d], y = s.y(i) - kDY[d];
  if (s.periodic) x = (x + s.mx) % s.mx, y = (y + s.my) % s.my;
  return x < 0 || y < 0 || x >= s.mx || y >= s.my ? -1 : x + y * s.mx;
}

// Is cell 0 empty at the arc-consistent fixpoint reached from `allowed`? Only cells that hold
// whole patterns are constrained; any cell of the grid constrains them.
bool fixpoint_empties_cell_0(std::vector<std::vector<bool>> allowed, const Propagator& propagator, const Space& space) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < space.size(); i++)
      for (int t = 0; t < propagator.patterns(); t++) {
        if (!allowed[size_t(i)][size_t(t)]) continue;
        if (!space.periodic && !space.holds_patterns(space.x(i), space.y(i), 0)) continue;
        for (int d = 0; d < propagator.directions(); d++) {
          // Support for t at i from direction d: patterns at the cell one step back along d.
          const int from = step_back(space, i, d);
          if (from < 0) continue;
          bool supported = false;
          for (int t1 : propagator.allowed(opposite(d), t)) supported = supported || allowed[size_t(from)][size_t(t1)];
          if (!supported) {
            allowed[size_t(i)][size_t(t)] = false;
            changed = true;
            break;
          }
        }
      }
  }
  for (bool a : allowed[0])
    if (a) return false;
  return true;
}

TEST(WfcPropagation, EmptinessSpreadsOnlyForSymmetricSupportedLists) {
  EXPECT_TRUE(Propagator(4, 2, {{0, 1}, {0}, {0}, {1}, {0, 1}, {0}, {0}, {1}}).emptiness_spreads());
  // Pattern 1 allows nothing on the +x side.
  EXPECT_FALSE(Propagator(4, 2, {{0}, {}, {0}, {1}, {0}, {1}, {0}, {1}}).emptiness_spreads());
  // 0 allows 1 on +x, but 1 does not allow 0 on -x.
  EXPECT_FALSE(Propagator(4, 2, {{0, 1}, {1}, {0}, {1}, {0}, {1}, {0}, {1}}).emptiness_spreads());
}

TEST(WfcPropagation, EarlyStopAgreesWithArcConsistency) {
  std::mt19937 rng(7);
  int contradictions = 0;
  for (int trial = 0; trial < 300; trial++) {
    const int patterns = 2 + int(rng() % 5);
    const Propagator propagator(4, patterns, random_lists(rng, patterns, 4, 0.4));
    ASSERT_TRUE(propagator.emptiness_spreads());
    const Space space{3 + int(rng() % 3), 3 + int(rng() % 3), 1, 1 + int(rng() % 2), rng() % 2 == 0};
    const Weights weights(std::vector<double>(size_t(patterns), 1.0), false);
    Wave wave(space.size(), patterns, 4, false, propagator.longest());
    wave.init(propagator, weights);
    Propagation propagation(&propagator, &weights, space, wave);
    std::vector<std::vector<bool>> allowed(size_t(space.size()), std::vector<bool>(size_t(patterns), true));
    for (int bans = int(rng() % 12); bans > 0; bans--) {
      const int i = int(rng() % unsigned(space.size())), t = int(rng() % unsigned(patterns));
      if (!allowed[size_t(i)][size_t(t)]) continue;
      allowed[size_t(i)][size_t(t)] = false;
      propagation.ban(wave, i, t);
    }
    const bool expected_empty = fixpoint_empties_cell_0(allowed, propagator, space);
    EXPECT_EQ(propagation.propagate(wave), !expected_empty) << "trial " << trial;
    contradictions += expected_empty;
  }
  EXPECT_GT(contradictions, 20);  // the trials exercise the early stop, not only successes
}

// A propagation that fails names the cell that ran out and the neighbour whose ban took its last
// pattern, going by lists, by lanes or by sets alike; a cell it names has run out.
TEST(WfcPropagation, EmptiedNamesTheCellThatRanOutAndTheNeighbourThatTookItsLast) {
  std::mt19937 rng(23);
  int failures = 0, by_neighbours = 0;
  for (int trial = 0; trial < 300; trial++) {
    const int patterns = 2 + int(rng() % 5);
    const Propagator propagator(4, patterns, random_lists(rng, patterns, 4, 0.4));
    const Space space{3 + int(rng() % 3), 3 + int(rng() % 3), 1, 1 + int(rng() % 2), rng() % 2 == 0};
    const Weights weights(std::vector<double>(size_t(patterns), 1.0), false);
    const int way = trial % 3;  // by lists, by lanes, by sets
    Wave wave(space.size(), patterns, 4, false, propagator.longest(), way != 1, way == 2);
    wave.init(propagator, weights);
    Propagation propagation(&propagator, &weights, space, wave,
                            way == 1 ? Propagation::Decrements::by_lanes : Propagation::Decrements::by_list);
    ASSERT_EQ(propagation.by_lanes(), way == 1);
    for (int bans = int(rng() % 12); bans > 0; bans--) {
      const int i = int(rng() % unsigned(space.size())), t = int(rng() % unsigned(patterns));
      if (wave.allows(i, t)) propagation.ban(wave, i, t);
    }
    const bool ok = propagation.propagate(wave);
    const Propagation::Emptied emptied = propagation.emptied();
    // (a cell too near the far edges to hold a pattern can run out by the test's bans without failing)
    if (ok && emptied.cell < 0) continue;
    failures += !ok;
    ASSERT_GE(emptied.cell, 0) << "trial " << trial;
    EXPECT_EQ(wave.remaining(emptied.cell), 0) << "trial " << trial;
    if (emptied.neighbour < 0) continue;  // the test's own bans emptied it
    by_neighbours++;
    bool adjacent = false;
    for (int d = 0; d < 4; d++) adjacent = adjacent || space.neighbour(emptied.neighbour, d) == emptied.cell;
    EXPECT_TRUE(adjacent) << "trial " << trial << ": " << emptied.neighbour << " next to " << emptied.cell;
    propagation.forget_changes();
    EXPECT_EQ(propagation.emptied().cell, -1);
  }
  EXPECT_GT(failures, 20);
  EXPECT_GT(by_neighbours, 10);
}

// Two waves went through the same bans: same patterns, counts, and entropies to the bit.
void expect_same_waves(Wave& a, Wave& b, int directions, int trial) {
  for (int i = 0; i < a.cells(); i++) {
    ASSERT_EQ(a.remaining(i), b.remaining(i)) << "trial " << trial << " cell " << i;
    // Bit patterns: an emptied cell's entropy is NaN.
    ASSERT_EQ(std::bit_cast<uint64_t>(a.entropy(i)), std::bit_cast<uint64_t>(b.entropy(i)))
        << "trial " << trial << " cell " << i;
    for (int t = 0; t < a.patterns(); t++) {
      ASSERT_EQ(a.allows(i, t), b.allows(i, t)) << "trial " << trial << " cell " << i << " pattern " << t;
      for (int d = 0; d < directions; d++)
        ASSERT_EQ(a.supports<int8_t>(i, d)[t], b.supports<int8_t>(i, d)[t]) << "trial " << trial << " cell " << i;
    }
  }
}

// Taking supports a row at a time must ban the same patterns in the same order as going down the
// lists: entropies round by the order of a cell's bans, and an early stop leaves the wave as it
// was at that ban.
TEST(WfcPropagation, ByLanesMatchesByList) {
  std::mt19937 rng(11);
  int stops = 0;
  for (int trial = 0; trial < 200; trial++) {
    const int patterns = 1 + int(rng() % 70), directions = rng() % 2 == 0 ? 4 : 6;
    const Propagator propagator(directions, patterns,
                                random_lists(rng, patterns, directions, 0.05 + 0.3 * (rng() % 4)));
    const Space space{2 + int(rng() % 4), 2 + int(rng() % 4), directions == 6 ? 2 + int(rng() % 2) : 1,
                      1 + int(rng() % 2), rng() % 2 == 0};
    std::vector<double> weight(static_cast<size_t>(patterns));
    for (double& w : weight) w = 1 + double(rng() % 1000) / 7;
    const Weights weights(weight, true);
    Wave by_list(space.size(), patterns, directions, true, propagator.longest());
    Wave by_lanes(space.size(), patterns, directions, true, propagator.longest());
    by_list.init(propagator, weights);
    by_lanes.init(propagator, weights);
    Propagation list_propagation(&propagator, &weights, space, by_list, Propagation::Decrements::by_list);
    Propagation lanes_propagation(&propagator, &weights, space, by_lanes, Propagation::Decrements::by_lanes);
    ASSERT_FALSE(list_propagation.by_lanes());
    ASSERT_TRUE(lanes_propagation.by_lanes());
    for (int round = 0; round < 40; round++) {
      for (int bans = 1 + int(rng() % unsigned(2 * patterns)); bans > 0; bans--) {
        const int i = int(rng() % unsigned(space.size())), t = int(rng() % unsigned(patterns));
        if (!by_list.allows(i, t)) continue;
        list_propagation.ban(by_list, i, t);
        lanes_propagation.ban(by_lanes, i, t);
      }
      const bool ok = list_propagation.propagate(by_list);
      ASSERT_EQ(lanes_propagation.propagate(by_lanes), ok) << "trial " << trial;
      expect_same_waves(by_list, by_lanes, directions, trial);
      stops += !ok;
      if (!ok) break;
    }
  }
  EXPECT_GT(stops, 50);  // the early stop is exercised, not only complete propagations
}

// Does p2, shifted by (dx, dy), show the same cells as p1 where the two overlap? The definition,
// pair by pair, that overlap_propagator answers by grouping.
bool agrees(const std::vector<uint8_t>& p1, const std::vector<uint8_t>& p2, int dx, int dy, int n) {
  for (int y = std::max(dy, 0); y < std::min(n, n + dy); y++)
    for (int x = std::max(dx, 0); x < std::min(n, n + dx); x++)
      if (p1[size_t(x + n * y)] != p2[size_t(x - dx + n * (y - dy))]) return false;
  return true;
}

TEST(WfcPropagation, OverlapListsAreThePairsThatAgree) {
  std::mt19937 rng(16);
  size_t allowed = 0;
  for (int trial = 0; trial < 60; trial++) {
    // The n x n windows of a small periodic sample, as a model takes them: many pairs agree.
    const int n = 2 + trial % 3, values = 2 + int(rng() % 2), side = 4 + int(rng() % 4);
    std::vector<uint8_t> sample(size_t(side * side));
    for (uint8_t& v : sample) v = uint8_t(rng() % unsigned(values));
    std::vector<std::vector<uint8_t>> patterns;
    for (int y = 0; y < side; y++)
      for (int x = 0; x < side; x++) {
        std::vector<uint8_t>& p = patterns.emplace_back(size_t(n * n));
        for (int dy = 0; dy < n; dy++)
          for (int dx = 0; dx < n; dx++)
            p[size_t(dx + n * dy)] = sample[size_t((x + dx) % side + (y + dy) % side * side)];
      }
    const int count = int(patterns.size());
    const Propagator propagator = overlap_propagator(patterns, n);
    for (int d = 0; d < 4; d++)
      for (int t = 0; t < count; t++) {
        std::vector<int> expected;
        for (int t2 = 0; t2 < count; t2++)
          if (agrees(patterns[size_t(t)], patterns[size_t(t2)], kDX[d], kDY[d], n)) expected.push_back(t2);
        const std::span<const int> list = propagator.allowed(d, t);
        ASSERT_EQ(std::vector<int>(list.begin(), list.end()), expected)
            << "trial " << trial << " direction " << d << " pattern " << t;
        allowed += expected.size();
      }
  }
  EXPECT_GT(allowed, 10000u);  // the lists are not all empty
}

// A box of the backtracking erasure and of the blocks, listed in proportion to its size: exactly the
// cells whose offset from the centre, along each axis (around the edge when the wave wraps; x and y
// only for a column), is at most the radius, in cell order. Sides odd and even, a radius past half a
// side (every cell of that axis), centres on the edges.
TEST(WfcSpace, CellsWithinAreTheBoxsCellsInCellOrder) {
  const auto apart = [](int u, int v, int m, bool periodic) {
    const int d = u > v ? u - v : v - u;
    return periodic && m - d < d ? m - d : d;
  };
  std::mt19937 rng(11);
  int listed = 0;
  for (int trial = 0; trial < 400; trial++) {
    const Space space{1 + int(rng() % 9), 1 + int(rng() % 9), 1 + int(rng() % 6), 1, rng() % 2 == 0};
    const int centre = int(rng() % unsigned(space.size())), radius = int(rng() % 6);
    const bool along_z = rng() % 2 == 0;
    std::vector<int> expected, got = {-1};  // appends: what was there stays
    for (int i = 0; i < space.size(); i++) {
      const int cx = centre % space.mx, cy = centre / space.mx % space.my, cz = centre / (space.mx * space.my);
      const int x = i % space.mx, y = i / space.mx % space.my, z = i / (space.mx * space.my);
      if (apart(x, cx, space.mx, space.periodic) <= radius && apart(y, cy, space.my, space.periodic) <= radius &&
          (!along_z || apart(z, cz, space.mz, space.periodic) <= radius))
        expected.push_back(i);
    }
    space.cells_within(centre, radius, along_z, got);
    ASSERT_TRUE(!got.empty() && got.front() == -1) << "what out held before is kept";
    ASSERT_EQ(std::vector<int>(got.begin() + 1, got.end()), expected)
        << "trial " << trial << ": " << space.mx << "x" << space.my << "x" << space.mz
        << (space.periodic ? " periodic" : "") << ", centre " << centre << ", radius " << radius;
    listed += int(expected.size());
  }
  EXPECT_GT(listed, 2000);  // boxes of many cells, not only of their centres
}

}  // namespace
}  // namespace mj::wfc
