// Bans and propagation against the direct definition (the reference's algorithm of WFCNode.Ban and Propagate, with
// counts in ints, no early stop and log computed at every ban): the same patterns, support counts
// and entropies to the bit, whichever path the propagation takes (cells at regular offsets in one
// pass, cells at an edge or a wrap direction by direction) and whether logs come from the cache.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>

#include "nodes/wfc/propagation.hpp"
#include "nodes/wfc/wave.hpp"

namespace mj::wfc {
namespace {

// The reference's wave, propagated as the reference does.
struct ReferenceWave {
  ReferenceWave(const Propagator& propagator, const Weights& weights, const Space& space)
      : propagator(propagator), weights(weights), space(space) {
    const int cells = space.size(), patterns = propagator.patterns(), directions = propagator.directions();
    data.assign(size_t(cells), std::vector<bool>(size_t(patterns), true));
    compatible.assign(size_t(cells),
                      std::vector<std::vector<int>>(size_t(patterns), std::vector<int>(size_t(directions))));
    for (int i = 0; i < cells; i++)
      for (int t = 0; t < patterns; t++)
        for (int d = 0; d < directions; d++)
          compatible[size_t(i)][size_t(t)][size_t(d)] = int(propagator.allowed(opposite(d), t).size());
    ones.assign(size_t(cells), patterns);
    sums.assign(size_t(cells), weights.sum);
    sums_log.assign(size_t(cells), weights.sum_log);
    entropies.assign(size_t(cells), weights.starting_entropy);
  }

  void ban(int i, int t) {
    data[size_t(i)][size_t(t)] = false;
    for (int& count : compatible[size_t(i)][size_t(t)]) count = 0;
    stack.emplace_back(i, t);
    ones[size_t(i)] -= 1;
    double sum = sums[size_t(i)];
    entropies[size_t(i)] += sums_log[size_t(i)] / sum - std::log(sum);
    sums[size_t(i)] -= weights.weight[size_t(t)];
    sums_log[size_t(i)] -= weights.weight_log_weight[size_t(t)];
    sum = sums[size_t(i)];
    entropies[size_t(i)] -= sums_log[size_t(i)] / sum - std::log(sum);
  }

  bool propagate() {
    while (!stack.empty()) {
      const auto [i1, t1] = stack.back();
      stack.pop_back();
      for (int d = 0; d < propagator.directions(); d++) {
        const int i2 = space.neighbour(i1, d);
        if (i2 < 0) continue;
        for (int t2 : propagator.allowed(d, t1))
          if (--compatible[size_t(i2)][size_t(t2)][size_t(d)] == 0) ban(i2, t2);
      }
    }
    return ones[0] > 0;
  }

  const Propagator& propagator;
  const Weights& weights;
  const Space& space;
  std::vector<std::vector<bool>> data;
  std::vector<std::vector<std::vector<int>>> compatible;  // [cell][pattern][direction]
  std::vector<int> ones;
  std::vector<double> sums, sums_log, entropies;
  std::vector<std::pair<int, int>> stack;
};

// lists[d * patterns + t]: random lists in increasing order, symmetric (t2 at d from t1 exactly
// when t1 at -d from t2) unless `lopsided`, which leaves out some of the back links.
std::vector<std::vector<int>> random_lists(std::mt19937& rng, int patterns, int directions, double density,
                                           bool lopsided) {
  std::vector<std::vector<int>> lists(size_t(directions * patterns));
  std::bernoulli_distribution keep(density), drop(0.2);
  for (int d = 0; d < directions; d++)
    for (int t1 = 0; t1 < patterns; t1++)
      for (int t2 = 0; t2 < patterns; t2++) {
        if (opposite(d) < d || !keep(rng)) continue;
        lists[size_t(d * patterns + t1)].push_back(t2);
        if (!(lopsided && drop(rng))) lists[size_t(opposite(d) * patterns + t2)].push_back(t1);
      }
  for (auto& list : lists) std::sort(list.begin(), list.end());
  return lists;
}

// Integer weights (the overlap model's counts: cached logs), halves and quarters (cached too), or
// any (computed logs).
std::vector<double> random_weights(std::mt19937& rng, int patterns, int kind) {
  std::vector<double> weights(static_cast<size_t>(patterns));
  for (double& w : weights) {
    const double whole = double(1 + rng() % 40);
    w = kind == 0 ? whole : kind == 1 ? whole / 4 : whole / 7;
  }
  return weights;
}

void expect_same(Wave& wave, const ReferenceWave& reference, int trial) {
  for (int i = 0; i < wave.cells(); i++) {
    ASSERT_EQ(wave.remaining(i), reference.ones[size_t(i)]) << "trial " << trial << " cell " << i;
    // Bit patterns: an emptied cell's entropy is NaN.
    ASSERT_EQ(std::bit_cast<uint64_t>(wave.entropy(i)), std::bit_cast<uint64_t>(reference.entropies[size_t(i)]))
        << "trial " << trial << " cell " << i;
    for (int t = 0; t < wave.patterns(); t++) {
      ASSERT_EQ(wave.allows(i, t), reference.data[size_t(i)][size_t(t)]) << "trial " << trial << " cell " << i;
      for (int d = 0; d < reference.propagator.directions(); d++)
        ASSERT_EQ(int(wave.supports<int8_t>(i, d)[t]), reference.compatible[size_t(i)][size_t(t)][size_t(d)])
            << "trial " << trial << " cell " << i << " pattern " << t << " direction " << d;
    }
  }
}

TEST(WfcReferenceBan, PropagationMatchesTheReference) {
  std::mt19937 rng(5);
  int regular_bans = 0, failures = 0;
  for (int trial = 0; trial < 300; trial++) {
    const int patterns = 1 + int(rng() % 40), directions = rng() % 3 == 0 ? 6 : 4;
    const bool lopsided = rng() % 2 == 0;
    const Propagator propagator(directions, patterns,
                                random_lists(rng, patterns, directions, 0.1 + 0.1 * (rng() % 4), lopsided));
    if (propagator.longest() > INT8_MAX / 2) continue;  // counts stay bytes, far from wrapping
    const Space space{1 + int(rng() % 6), 1 + int(rng() % 6), directions == 6 ? 1 + int(rng() % 4) : 1,
                      1 + int(rng() % 2), rng() % 2 == 0};
    const Weights weights(random_weights(rng, patterns, int(rng() % 3)), true);
    Wave wave(space.size(), patterns, directions, true, propagator.longest());
    wave.init(propagator, weights);
    Propagation propagation(&propagator, &weights, space, wave, Propagation::Decrements::by_list);
    ReferenceWave reference(propagator, weights, space);
    for (int round = 0; round < 20; round++) {
      for (int bans = 1 + int(rng() % unsigned(patterns)); bans > 0; bans--) {
        const int i = int(rng() % unsigned(space.size())), t = int(rng() % unsigned(patterns));
        if (!reference.data[size_t(i)][size_t(t)]) continue;
        const bool interior =
            space.x(i) > 0 && space.y(i) > 0 && space.x(i) + 1 < space.mx && space.y(i) + 1 < space.my;
        regular_bans += interior;
        reference.ban(i, t);
        propagation.ban(wave, i, t);
      }
      const bool ok = reference.propagate();
      // A propagation that stops early (Propagator::emptiness_spreads) leaves the wave half done.
      if (propagation.propagate(wave) != ok || ok || !propagator.emptiness_spreads())
        expect_same(wave, reference, trial);
      if (HasFatalFailure()) return;
      failures += !ok;
      if (!ok) break;
    }
  }
  EXPECT_GT(regular_bans, 500);
  EXPECT_GT(failures, 20);
}

// A wave that goes by sets ends each propagation as the reference's (the same patterns, hence the same
// remaining counts), from bans in any order, including bans of patterns already banned (the
// reference takes their supports once more, which an observation does when it draws a banned pattern),
// after which it counts as the reference does.
TEST(WfcReferenceBan, SetsReachTheReferenceWave) {
  std::mt19937 rng(9);
  int counted = 0, failures = 0, wide = 0;
  for (int trial = 0; trial < 300; trial++) {
    const int patterns = 1 + int(rng() % 150), directions = rng() % 3 == 0 ? 6 : 4;
    const Propagator propagator(directions, patterns,
                                random_lists(rng, patterns, directions, 0.02 + 0.06 * (rng() % 4), false));
    if (propagator.longest() > INT8_MAX / 2) continue;
    const Space space{1 + int(rng() % 6), 1 + int(rng() % 6), directions == 6 ? 1 + int(rng() % 4) : 1,
                      1 + int(rng() % 2), rng() % 2 == 0};
    const std::vector<double> weight = random_weights(rng, patterns, 0);
    const Weights weights(weight, false), reference_weights(weight, true);  // the reference's entropies go unread
    Wave wave(space.size(), patterns, directions, false, propagator.longest(), true, true);
    wave.init(propagator, weights);
    Propagation propagation(&propagator, &weights, space, wave, Propagation::Decrements::by_list);
    ReferenceWave reference(propagator, reference_weights, space);
    wide += wave.set_words() > 2;
    for (int round = 0; round < 20; round++) {
      const int i = int(rng() % unsigned(space.size())), t = int(rng() % unsigned(patterns));
      if (round > 0 && !reference.data[size_t(i)][size_t(t)] && rng() % 3 == 0) {
        // An observation at rest that drew banned pattern t (WfcNode::observe): t is banned again,
        // with every pattern left, as each wave allows them while banning.
        for (int t2 = 0; t2 < patterns; t2++) {
          if (reference.data[size_t(i)][size_t(t2)] != (t2 == t)) reference.ban(i, t2);
          if (wave.allows(i, t2) != (t2 == t)) propagation.ban(wave, i, t2);
        }
      } else {
        for (int bans = 1 + int(rng() % unsigned(patterns)); bans > 0; bans--) {
          const int i2 = int(rng() % unsigned(space.size())), t2 = int(rng() % unsigned(patterns));
          if (!reference.data[size_t(i2)][size_t(t2)]) continue;
          reference.ban(i2, t2);
          propagation.ban(wave, i2, t2);
        }
      }
      const bool ok = reference.propagate();
      if (propagation.propagate(wave) != ok || ok || !propagator.emptiness_spreads()) {
        for (int i = 0; i < wave.cells(); i++) {
          ASSERT_EQ(wave.remaining(i), reference.ones[size_t(i)]) << "trial " << trial << " cell " << i;
          for (int t = 0; t < patterns; t++) {
            ASSERT_EQ(wave.allows(i, t), reference.data[size_t(i)][size_t(t)]) << "trial " << trial << " cell " << i;
            // A banned pattern's count no longer matters: never one again.
            if (!wave.counted() || !wave.allows(i, t)) continue;
            for (int d = 0; d < directions; d++)
              ASSERT_EQ(int(wave.supports<int8_t>(i, d)[t]), reference.compatible[size_t(i)][size_t(t)][size_t(d)])
                  << "trial " << trial << " cell " << i << " pattern " << t << " direction " << d;
          }
        }
      }
      failures += !ok;
      if (!ok) break;
    }
    counted += wave.counted();
  }
  EXPECT_GT(counted, 20);  // bans of banned patterns turned waves to counting
  EXPECT_GT(failures, 20);
  EXPECT_GT(wide, 20);  // cells of more than two words
}

// Cached logs are the logs computed, for sums that are multiples of a power of two.
TEST(WfcReferenceBan, CachedLogsAreComputedLogs) {
  const Weights weights({0.25, 3, 1.5, 7}, true);
  for (double sum = 0; sum <= 11.75; sum += 0.25) {
    EXPECT_EQ(std::bit_cast<uint64_t>(weights.log_of_sum(sum)), std::bit_cast<uint64_t>(std::log(sum))) << sum;
    EXPECT_EQ(std::bit_cast<uint64_t>(weights.log_of_sum(sum)), std::bit_cast<uint64_t>(std::log(sum))) << sum;
  }
  EXPECT_TRUE(std::isnan(weights.log_of_sum(-1.5))) << "outside the cache: computed";
  EXPECT_EQ(weights.log_of_sum(100), std::log(100.0));
  const Weights thirds({1.0 / 3, 2}, true);
  EXPECT_EQ(thirds.log_of_sum(2 + 1.0 / 3), std::log(2 + 1.0 / 3));
}

}  // namespace
}  // namespace mj::wfc
