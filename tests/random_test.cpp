#include <gtest/gtest.h>

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

}  // namespace
