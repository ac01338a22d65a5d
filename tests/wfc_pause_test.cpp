// A wfc looks for its collapse inside one step (the reference's retries, or a backtracking collapse):
// a progress callback may stop the run in there (Ctrl-C in Python, the playground's frame budget),
// and the next advance() goes on with the collapse where it stopped, to the run one that never
// stopped makes.
#include <gtest/gtest.h>

#include <string>

#include "io/formats/state_text.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

mj::LoadOptions sized(int mx, int my, int mz) { return {mx, my, mz, mjtest::corpus_dir() / "resources"}; }

std::string end_of_run(mj::Interpreter& ip) { return mj::state_text("run", ip.grid(), ip.seed(), ip.steps()); }

struct Paused {
  std::string end;
  int stops_within_a_step = 0;  // stops after which the step count had not moved: inside a collapse
};

// Runs `ip` from `seed` to its end, stopping at every `every`-th progress call (asked at every chance).
Paused stopped_run(mj::Interpreter& ip, int seed, int every) {
  Paused paused;
  int calls = 0;
  mj::RunControl control;
  control.interval = std::chrono::milliseconds(0);
  control.progress = [&] { return ++calls % every != 0; };
  ip.start(seed);
  for (int advances = 0, steps = 0; advances < 1000000; advances++) {
    if (ip.advance(control) != mj::RunEnd::stopped) break;
    paused.stops_within_a_step += ip.steps() == steps;
    steps = ip.steps();
  }
  EXPECT_TRUE(ip.finished());
  paused.end = end_of_run(ip);
  return paused;
}

std::string whole_run(mj::Interpreter& ip, int seed) {
  ip.run(seed, 0);
  return end_of_run(ip);
}

void expect_same_run(mj::Interpreter& ip, int seed, int every) {
  const std::string expected = whole_run(ip, seed);
  const Paused paused = stopped_run(ip, seed, every);
  EXPECT_EQ(paused.end, expected) << "seed " << seed << ", a stop every " << every << " calls";
  EXPECT_GT(paused.stops_within_a_step, 0) << "seed " << seed;
}

TEST(WfcPause, AStoppedBacktrackingCollapseGoesOnToTheSameRun) {
  // Escher at 10: the collapse undoes observations and erases boxes around its contradictions.
  mj::Interpreter ip = mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "Escher.xml", sized(10, 10, 10));
  ip.set_backtrack(true);
  for (int seed : {1, 2}) expect_same_run(ip, seed, 1);
  expect_same_run(ip, 3, 2);
}

TEST(WfcPause, AStoppedCollapseInBlocksGoesOnToTheSameRun) {
  // PeriodicEscher at 20: past kMostUndoneChoices the collapse goes on in blocks (stopped within the
  // collapses of its cubes and columns).
  mj::Interpreter ip =
      mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "PeriodicEscher.xml", sized(20, 20, 20));
  ip.set_backtrack(true);
  expect_same_run(ip, 1, 7);
}

TEST(WfcPause, StoppedRetriesGoOnToTheSameRun) {
  // WaveBrickWall's rigid rows: the reference's retries fail some collapses before one ends.
  mj::Interpreter ip =
      mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "WaveBrickWall.xml", sized(24, 24, 1));
  for (int seed : {1, 2}) expect_same_run(ip, seed, 1);
}

TEST(WfcPause, AStoppedCollapseAtTheRootGoesOn) {
  // A wfc that is the whole program: the run's current branch is the wfc itself.
  const std::string xml =
      R"(<wfc values="bNn" sample="BrickWall" n="3" periodic="True" shannon="True"><rule in="b" out="b|N|n"/></wfc>)";
  mj::Interpreter ip = mj::Interpreter::from_string(xml, sized(24, 24, 1), "RootWfc.xml");
  ip.set_backtrack(true);
  expect_same_run(ip, 1, 2);
}

TEST(WfcPause, StoppedGivingUpGivesUpAsTheWholeRunDoes) {
  // Escher at 10 without backtracking: no seed of the 1000 collapses ends; stopped many times over,
  // the run ends as the whole one does, with the same notice.
  mj::Interpreter ip = mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "Escher.xml", sized(10, 10, 10));
  const std::string expected = whole_run(ip, 1);
  ASSERT_EQ(ip.run_notices().size(), 1u);
  const Paused paused = stopped_run(ip, 1, 50);
  EXPECT_EQ(paused.end, expected);
  EXPECT_GT(paused.stops_within_a_step, 0);
  ASSERT_EQ(ip.run_notices().size(), 1u);
}

}  // namespace
