// The explorer's long loops ask the face's poll (ExploreOptions::poll) as they go, on the calling thread:
// a poll that throws (Python's Ctrl-C) stops every grid stepped (--all-grids, on one thread or several)
// and the backward questions (by the reverse algorithm and by constraint search) at once, the poll's
// own exception reaching the caller. Each test throws at the poll's second call, and checks that it was
// called exactly twice (nothing went on past the throw) where a whole run calls it many times.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "explore_random_programs.hpp"
#include "mj/explore.hpp"

namespace {

struct Cancelled {};

// Options whose poll counts its calls and throws at call `cancel_at` (never when 0).
mj::ExploreOptions counting(int& calls, int cancel_at, int threads = 1) {
  mj::ExploreOptions options;
  options.max_states = 1 << 22;
  options.threads = threads;
  options.poll = [&calls, cancel_at] {
    if (++calls == cancel_at) throw Cancelled{};
  };
  return options;
}

// Runs `f(options)` twice: whole, counting the polls, then cancelled at the second.
template <class F>
void expect_cancelled(F f, int threads = 1) {
  int whole = 0, cancelled = 0;
  f(counting(whole, 0, threads));
  EXPECT_GT(whole, 4) << "the whole run asks the poll as it goes";
  EXPECT_THROW(f(counting(cancelled, 2, threads)), Cancelled);
  EXPECT_EQ(cancelled, 2) << "nothing asked the poll again once it had thrown";
}

// Dimers: writes only raise values, so every grid is stepped downhill, in blocks split among threads.
const std::string kDimers = R"(<one values="BW" in="BB" out="WW"/>)";
// A swap goes both ways: the grids are stepped by strongly connected components, on one thread.
const std::string kSwap = R"(<one values="BW" in="BW" out="WB"/>)";

TEST(ExploreCancel, AllGridsDownhillOnOneThread) {
  expect_cancelled([](const mj::ExploreOptions& o) { mj::explore_all_grids(mjtest::settings_of(kDimers, 5, 4), o); });
}

TEST(ExploreCancel, AllGridsDownhillOnThreads) {
  expect_cancelled([](const mj::ExploreOptions& o) { mj::explore_all_grids(mjtest::settings_of(kDimers, 5, 4), o); },
                   4);
}

TEST(ExploreCancel, AllGridsByComponents) {
  expect_cancelled([](const mj::ExploreOptions& o) { mj::explore_all_grids(mjtest::settings_of(kSwap, 4, 4), o); });
}

TEST(ExploreCancel, PredecessorsOfOne) {
  // A 64x64 grid all W: 8,064 predecessors under dimers, by the reverse algorithm.
  const std::vector<uint8_t> white(64 * 64, 1);
  expect_cancelled(
      [&](const mj::ExploreOptions& o) { mj::predecessors(mjtest::settings_of(kDimers, 64, 64), white, 1, o); });
}

TEST(ExploreCancel, PredecessorsByConstraintSearch) {
  // Under a prl that whitens every black cell, every other grid of 4x4 leads to all W: 65,535 of them.
  const std::vector<uint8_t> white(4 * 4, 1);
  expect_cancelled([&](const mj::ExploreOptions& o) {
    mj::predecessors(mjtest::settings_of(R"(<prl values="BW" in="B" out="W"/>)", 4, 4), white, 1, o);
  });
}

}  // namespace
