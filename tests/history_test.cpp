// Time travel and breakpoints (mj/history.hpp, mj/breakpoint.hpp): the recorded grid at every step
// equals a fresh run stopped there; breakpoints pause on the very step a fresh run shows the event.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/formats/state_text.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

struct Case {
  const char* model;
  int size, d, steps;
  bool animated = false;
};

mj::Interpreter corpus_model(const Case& c) {
  const int mz = c.d == 3 ? c.size : 1;
  return mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / (std::string(c.model) + ".xml"),
                                    {c.size, c.size, mz, mjtest::corpus_dir() / "resources"});
}

std::vector<uint8_t> cells(const mj::GridView& g) { return {g.cells, g.cells + g.size()}; }

class HistoryExact : public ::testing::TestWithParam<Case> {};

// Every step's grid rebuilt from the record is the grid of a fresh run stopped after that many steps.
TEST_P(HistoryExact, EveryStepEqualsAFreshRun) {
  const Case& c = GetParam();
  auto recorded = corpus_model(c);
  recorded.set_animated(c.animated);
  recorded.set_recording(true);
  recorded.run(7, c.steps);
  const mj::History& history = *recorded.history();
  ASSERT_EQ(history.first_step(), 0);
  ASSERT_EQ(history.last_step(), recorded.steps());
  ASSERT_GE(recorded.steps(), 2);

  auto fresh = corpus_model(c);
  fresh.set_animated(c.animated);
  fresh.start(7);
  int differing_steps = 0;
  std::vector<uint8_t> previous = cells(fresh.grid());
  for (int k = 0; k <= recorded.steps(); k++) {
    if (k > 0) {
      ASSERT_TRUE(fresh.step());
    }
    const mj::GridView past = history.grid_at(k), now = fresh.grid();
    ASSERT_EQ(past.mx, now.mx) << "step " << k;
    ASSERT_EQ(past.mz, now.mz) << "step " << k;
    ASSERT_EQ(past.legend, now.legend) << "step " << k;
    ASSERT_EQ(cells(past), cells(now)) << c.model << " step " << k;
    differing_steps += cells(now) != previous;
    previous = cells(now);
  }
  EXPECT_GE(differing_steps, 2);  // the run did change the grid along the way
  EXPECT_GT(history.bytes(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Corpus, HistoryExact,
                         ::testing::Values(Case{"MazeGrowth", 29, 2, 0}, Case{"BasicDungeonGrowth", 29, 2, 0},
                                           Case{"Knots3D", 8, 3, 0}, Case{"MazeMap", 16, 2, 0},
                                           Case{"MarchingSquares", 12, 2, 0}, Case{"ChainMaze", 24, 2, 300},
                                           Case{"WaveFlowers", 24, 2, 0}, Case{"WaveFlowers", 24, 2, 0, true},
                                           Case{"GameOfLife", 30, 2, 40}, Case{"Cave", 30, 2, 0}),
                         [](const auto& info) {
                           return std::string(info.param.model) + (info.param.animated ? "_animated" : "");
                         });

TEST(History, MemoryStaysUnderItsBoundAndTheRestIsExact) {
  const Case c{"MazeGrowth", 101, 2, 0};
  auto recorded = corpus_model(c);
  const size_t bound = 30000;
  recorded.set_recording(true, bound);
  recorded.run(3, 0);
  const mj::History& history = *recorded.history();
  ASSERT_GT(history.first_step(), 0);  // the oldest steps were dropped
  EXPECT_LE(history.bytes(), bound + 3 * 101 * 101);
  EXPECT_EQ(history.last_step(), recorded.steps());
  EXPECT_THROW(history.grid_at(history.first_step() - 1), mj::Error);
  auto fresh = corpus_model(c);
  fresh.run(3, history.first_step());
  EXPECT_EQ(cells(history.grid_at(history.first_step())), cells(fresh.grid()));
  EXPECT_EQ(cells(history.grid_at(history.last_step())), cells(recorded.grid()));
}

TEST(History, OffByDefaultAndRecordingFromTheMiddle) {
  const Case c{"MazeGrowth", 21, 2, 0};
  auto ip = corpus_model(c);
  ip.run(5, 30);
  EXPECT_EQ(ip.history(), nullptr);
  ip.set_recording(true);
  ip.advance(mj::RunControl{.max_steps = 50});
  EXPECT_EQ(ip.history()->first_step(), 30);
  EXPECT_EQ(ip.history()->last_step(), 50);
  auto fresh = corpus_model(c);
  fresh.run(5, 40);
  EXPECT_EQ(cells(ip.history()->grid_at(40)), cells(fresh.grid()));
  EXPECT_EQ(ip.history()->node_line(40), 1);  // MazeGrowth's one node, on line 1
  ip.set_recording(false);
  EXPECT_EQ(ip.history(), nullptr);
}

// BasicDungeonGrowth: line 5 is an `all` of two rules, line 9 an `all` that runs after it.
const Case kDungeon{"BasicDungeonGrowth", 59, 2, 0};

// The steps after which a fresh run shows `line`'s node's rule `rule` (as written) fired, or its first step.
std::vector<int> steps_shown(int line, int rule) {
  auto ip = corpus_model(kDungeon);
  ip.start(11);
  std::vector<int> at;
  int last_counter = 0;
  while (ip.step()) {
    std::vector<const mj::NodeView*> todo{};
    mj::NodeView tree = ip.node_tree();
    todo.push_back(&tree);
    while (!todo.empty()) {
      const mj::NodeView* n = todo.back();
      todo.pop_back();
      for (const auto& child : n->children) todo.push_back(&child);
      if (n->line != line) continue;
      if (rule < 0) {
        if (last_counter == 0 && n->counter > 0) at.push_back(ip.steps());
        last_counter = n->counter;
        continue;
      }
      int written = -1;
      bool fired = false;
      for (const auto& r : n->rules) written += r.original, fired |= written == rule && r.fired;
      if (fired && n->counter > last_counter) at.push_back(ip.steps());
      last_counter = n->counter;
    }
  }
  return at;
}

std::vector<int> steps_paused(const mj::Breakpoint& bp) {
  auto ip = corpus_model(kDungeon);
  ip.start(11);
  mj::RunControl control;
  control.breakpoints = {bp};
  std::vector<int> at;
  while (ip.advance(control) == mj::RunEnd::breakpoint) {
    EXPECT_EQ(ip.breakpoint_hit(), bp);
    at.push_back(ip.steps());
  }
  EXPECT_FALSE(ip.breakpoint_hit());
  return at;
}

TEST(Breakpoints, ARulePausesOnTheStepsItFires) {
  const std::vector<int> shown = steps_shown(5, 1);
  ASSERT_FALSE(shown.empty());
  EXPECT_EQ(steps_paused({5, 1}), shown);
}

TEST(Breakpoints, ANodePausesOnTheStepItBeginsToWork) {
  const std::vector<int> shown = steps_shown(9, -1);
  ASSERT_EQ(shown.size(), 1u);
  EXPECT_GT(shown[0], 1);
  EXPECT_EQ(steps_paused({9, -1}), shown);
  EXPECT_EQ(steps_paused({3, -1}), std::vector<int>{1});  // the first node works from the run's first step
  EXPECT_EQ(steps_paused({1, -1}), std::vector<int>{1});  // the root sequence: the run's first step alone
}

TEST(Breakpoints, WithoutThemTheRunIsTheSame) {
  auto plain = corpus_model(kDungeon);
  plain.run(11, 0);
  auto paused = corpus_model(kDungeon);
  paused.start(11);
  mj::RunControl control;
  control.breakpoints = {{5, 0}, {9, -1}, {3, -1}};
  int pauses = 0;
  while (paused.advance(control) == mj::RunEnd::breakpoint) pauses++;
  EXPECT_GE(pauses, 3);
  EXPECT_EQ(paused.steps(), plain.steps());
  EXPECT_EQ(mj::grid_hash(paused.grid()), mj::grid_hash(plain.grid()));
}

TEST(Breakpoints, AWrongLineOrRuleIsAnError) {
  auto ip = corpus_model(kDungeon);
  ip.start(1);
  mj::RunControl control;
  control.breakpoints = {{2, -1}};  // a <union>, not a node
  EXPECT_THROW(ip.advance(control), mj::Error);
  control.breakpoints = {{5, 2}};  // the all has rules 0 and 1
  EXPECT_THROW(ip.advance(control), mj::Error);
  control.breakpoints = {{1, 0}};  // a sequence has no rules
  EXPECT_THROW(ip.advance(control), mj::Error);
}

}  // namespace
