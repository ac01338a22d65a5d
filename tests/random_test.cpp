#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/random.hpp"

namespace {

TEST(Random, NextMatchesDotNet) {
  mj::Random r(42);
  for (int expected : {1434747710, 302596119, 269548474, 1122627734, 361709742}) EXPECT_EQ(r.next(), expected);
  mj::Random one(1);
  for (int expected : {534011718, 237820880, 1002897798}) EXPECT_EQ(one.next(), expected);
}

TEST(Random, NextDoubleMatchesDotNet) {
  mj::Random r(42);
  EXPECT_DOUBLE_EQ(r.next_double(), 0.66810646591154232);
  EXPECT_DOUBLE_EQ(r.next_double(), 0.14090729837348093);
  EXPECT_DOUBLE_EQ(r.next_double(), 0.12551828945312568);
}

TEST(Random, NextBoundedMatchesDotNet) {
  mj::Random r(42);
  for (int expected : {66, 14, 12, 52, 16}) EXPECT_EQ(r.next(100), expected);
}

TEST(Random, NegativeAndExtremeSeeds) {
  // .NET takes |seed| (and int.MinValue as int.MaxValue): -42 must repeat 42's sequence.
  mj::Random a(-42), b(42);
  for (int k = 0; k < 10; k++) EXPECT_EQ(a.next(), b.next());
  mj::Random low(INT32_MIN), high(INT32_MAX);
  for (int k = 0; k < 10; k++) EXPECT_EQ(low.next(), high.next());
}

// Over many rounds and for extreme seeds, the round-at-once generator gives the same draws as
// stepping the two indices draw by draw, as .NET does.
TEST(Random, RoundsMatchStepwiseDraws) {
  for (int seed : {0, 1, 42, -7, 161803398, INT32_MAX, INT32_MIN}) {
    // Stepwise: rebuild .NET's state from the constructor's algorithm.
    int seeds[56] = {};
    int subtraction = seed == INT32_MIN ? INT32_MAX : (seed < 0 ? -seed : seed);
    int mj = 161803398 - subtraction, mk = 1;
    seeds[55] = mj;
    for (int i = 1; i < 55; i++) {
      int ii = (21 * i) % 55;
      seeds[ii] = mk;
      mk = mj - mk;
      if (mk < 0) mk += 2147483647;
      mj = seeds[ii];
    }
    for (int k = 1; k < 5; k++)
      for (int i = 1; i < 56; i++) {
        seeds[i] = int(uint32_t(seeds[i]) - uint32_t(seeds[1 + (i + 30) % 55]));
        if (seeds[i] < 0) seeds[i] += 2147483647;
      }
    int inext = 0, inextp = 21;
    mj::Random rounds(seed);
    for (int draw = 0; draw < 20000; draw++) {
      if (++inext >= 56) inext = 1;
      if (++inextp >= 56) inextp = 1;
      int expected = seeds[inext] - seeds[inextp];
      if (expected == 2147483647) expected--;
      if (expected < 0) expected += 2147483647;
      seeds[inext] = expected;
      ASSERT_EQ(rounds.next(), expected) << "seed " << seed << ", draw " << draw;
    }
  }
}

}  // namespace

namespace {

// draws_not_above(p) splits the draws exactly where `next_double() > p` turns true: the draw
// just below passes and the draw at it fails, for probabilities of every scale, the ends of the
// range and a NaN (which the reference's comparison never rejects).
TEST(Random, DrawsNotAboveSplitsWhereTheComparisonTurns) {
  const auto rejected = [](int s, double p) { return s * (1.0 / 2147483647.0) > p; };
  std::vector<double> ps = {0.0, 1.0, 0.5, 0.01, 0.0001, 0.00003, 0.000015, 1e-9, 0.999999, -1.0, 2.0};
  mj::Random r(7);
  for (int k = 0; k < 2000; k++) ps.push_back(r.next_double() * (k % 2 ? 1.0 : 0.001));
  for (double p : ps) {
    const int bound = mj::Random::draws_not_above(p);
    if (bound > 0) {
      EXPECT_FALSE(rejected(bound - 1, p)) << p;
    }
    if (bound < 2147483647) {
      EXPECT_TRUE(rejected(bound, p)) << p;
    }
  }
  EXPECT_EQ(mj::Random::draws_not_above(std::nan("")), 2147483647);
  EXPECT_EQ(mj::Random::draws_not_above(0.0), 1);  // only the draw 0 gives 0.0
}

}  // namespace

namespace {

// draws_below must pass exactly the draws next() would give below the bound, in order, and
// leave the generator where as many next() calls would: counts that cross rounds of 55 included.
TEST(Random, DrawsBelowMatchesOneDrawAtATime) {
  for (int count : {0, 1, 54, 55, 56, 110, 300}) {
    for (int bound : {0, 1 << 20, 1 << 30, 2147483647}) {
      mj::Random batched(7), single(7);
      batched.next(), single.next();  // start mid-round
      std::vector<int> passed, expected;
      batched.draws_below(count, bound, [&](int k) { passed.push_back(k); });
      for (int k = 0; k < count; k++)
        if (single.next() < bound) expected.push_back(k);
      EXPECT_EQ(passed, expected) << "count " << count << ", bound " << bound;
      EXPECT_EQ(batched.next(), single.next()) << "count " << count << ", bound " << bound;
    }
  }
}

}  // namespace
