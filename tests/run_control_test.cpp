// One run loop for every face: step limits, progress and cancel, frames, and the run's seed.
#include <gtest/gtest.h>

#include <vector>

#include "io/formats/state_text.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

const char* kMaze = R"(<sequence values="BWAR" origin="True">
  <one in="WBB" out="WAW"/>
  <all in="A" out="R" steps="1"/>
</sequence>)";

mj::Interpreter maze() { return mj::Interpreter::from_string(kMaze, {31, 31, 1, {}}); }

TEST(RunControl, WithoutCallbacksItIsThePlainRun) {
  auto ip = maze();
  const int steps = ip.run(7, 0);
  const uint64_t hash = mj::grid_hash(ip.grid());
  auto other = maze();
  EXPECT_EQ(other.run(7, mj::RunControl{}), mj::RunEnd::finished);
  EXPECT_EQ(other.steps(), steps);
  EXPECT_EQ(mj::grid_hash(other.grid()), hash);
}

TEST(RunControl, StepLimitEndsTheRun) {
  auto ip = maze();
  mj::RunControl control;
  control.max_steps = 10;
  EXPECT_EQ(ip.run(7, control), mj::RunEnd::step_limit);
  EXPECT_EQ(ip.steps(), 10);
  EXPECT_FALSE(ip.finished());
  EXPECT_EQ(ip.run(7, 10), 10);  // the same through the int form
}

TEST(RunControl, ProgressCanStopAndAdvanceGoesOn) {
  auto whole = maze();
  whole.run(3, 0);
  auto ip = maze();
  mj::RunControl stop;
  stop.interval = std::chrono::milliseconds(0);
  int calls = 0;
  stop.progress = [&] { return ++calls < 2; };
  EXPECT_EQ(ip.run(3, stop), mj::RunEnd::stopped);
  EXPECT_EQ(calls, 2);
  EXPECT_GT(ip.steps(), 0);
  EXPECT_LT(ip.steps(), whole.steps());
  EXPECT_EQ(ip.advance(mj::RunControl{}), mj::RunEnd::finished);  // goes on where it stopped
  EXPECT_EQ(ip.steps(), whole.steps());
  EXPECT_EQ(mj::grid_hash(ip.grid()), mj::grid_hash(whole.grid()));
}

TEST(RunControl, FramesComeEveryKStepsAndAtTheEnd) {
  auto ip = maze();
  mj::RunControl control;
  control.every = 5;
  control.max_steps = 12;
  std::vector<int> at;
  control.frame = [&] { at.push_back(ip.steps()); };
  EXPECT_EQ(ip.run(1, control), mj::RunEnd::step_limit);
  EXPECT_EQ(at, (std::vector<int>{0, 5, 10, 12}));
}

TEST(RunControl, TheRunKnowsItsSeed) {
  auto ip = maze();
  EXPECT_EQ(ip.seed(), 0);
  ip.start(42);
  EXPECT_EQ(ip.seed(), 42);
  ip.run(-5, 3);
  EXPECT_EQ(ip.seed(), -5);
}

TEST(Messages, EachFaceNamesTheSettingInItsOwnTerms) {
  mj::LoadOptions small{11, 10, 1, {}, 100};
  try {
    mj::Interpreter::from_string(R"(<one values="BW" in="B" out="W"/>)", small, "m.xml");
    FAIL() << "no error";
  } catch (const mj::Error& e) {
    EXPECT_EQ(e.setting(), mj::Setting::max_cells);
    EXPECT_NE(e.message().find("raise the limit with LoadOptions::max_cells"), std::string::npos) << e.message();
    mj::SettingNames python{"size=", "steps=", "seed=", "pixelsize=", "max_cells=", "resources="};
    EXPECT_EQ(e.text(python),
              "m.xml:1: grid size 11x10x1 is too large (at most 100 cells; raise the limit with max_cells=)");
    EXPECT_EQ(std::string(e.what()), e.text(mj::cpp_setting_names()));
  }
}

}  // namespace
