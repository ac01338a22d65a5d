// The mj dialect's interactive nodes (docs/language/extensions.md): <event timeout> waits for an input sent
// to the run, its <keypress key> children run when theirs comes, and after `timeout` steps without one the
// run goes on by itself. Time is counted in steps, so a seed and the steps at which inputs came replay a
// game exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "mj/debugger.hpp"
#include "mj/explore.hpp"
#include "mj/model.hpp"
#include "test_util.hpp"

namespace {

// R runs right to the edge on ArrowRight, moves one cell left on ArrowLeft; after 3 steps without a key a
// W lands on a random black cell. The game ends when no black cell is left.
constexpr const char* kMover = R"X(<markov values="BRW" dialect="mj">
  <one in="B" out="R" steps="1"/>
  <event timeout="3">
    <keypress key="ArrowRight"><one in="RB" out="BR" symmetry="()"/></keypress>
    <keypress key="ArrowLeft"><one in="BR" out="RB" symmetry="()" steps="1"/></keypress>
  </event>
  <one in="B" out="W"/>
</markov>)X";

mj::Model model_of(const std::string& xml, int sides = 8) {
  mj::RunRequest r;
  r.model = "Mover";
  r.xml = xml;
  mj::set_sides(r, {sides, sides});
  r.steps = 0;
  return mj::Model(r);
}

std::string cells(const mj::Model& model) {
  const mj::GridView g = model.grid();
  std::string text;
  for (size_t i = 0; i < size_t(g.mx * g.my * g.mz); i++) text += g.legend[g.cells[i]];
  return text;
}

int count(const std::string& text, char c) { return int(std::count(text.begin(), text.end(), c)); }

// A page paces the waiting steps itself: advance() with until_waiting stops before each of them, and goes on
// at engine speed otherwise.
TEST(Interactive, UntilWaitingStopsBeforeEveryWaitingStep) {
  mj::Model model = model_of(kMover);
  model.start(1);
  mj::RunControl control;
  control.until_waiting = true;
  EXPECT_EQ(model.advance(control), mj::RunEnd::stopped);
  EXPECT_TRUE(model.status().waiting);
  // R placed, then the event's first step (the markov learns that the event runs by entering it): the next
  // step would wait
  EXPECT_EQ(model.status().steps, 2);
  EXPECT_EQ(model.advance(control), mj::RunEnd::stopped);  // no step taken while it waits
  EXPECT_EQ(model.status().steps, 2);
  model.send("ArrowRight");  // the next step takes the key: not a waiting one
  EXPECT_FALSE(model.status().waiting);
  EXPECT_EQ(model.advance(control), mj::RunEnd::stopped);
  EXPECT_GT(model.status().steps, 2);
  EXPECT_TRUE(model.status().waiting);
  control.until_waiting = false;  // without it the waiting steps pass, to the end
  EXPECT_EQ(model.advance(control), mj::RunEnd::finished);
}

TEST(Interactive, AnEventWaitsItsTimeoutInStepsThenTheRunGoesOn) {
  mj::Model model = model_of(kMover);
  model.start(1);
  EXPECT_FALSE(model.status().waiting);  // the event has not begun
  model.step(1);                         // R placed
  model.step(1);                         // the markov enters the event: its first step waiting
  mj::RunStatus s = model.status();
  EXPECT_TRUE(s.waiting);
  ASSERT_TRUE(s.node);
  EXPECT_EQ(s.node->kind, "event");
  EXPECT_EQ(s.node->line, 3);
  const std::string before = cells(model);
  model.step(2);  // two more steps waiting: nothing changes
  EXPECT_EQ(cells(model), before);
  EXPECT_TRUE(model.status().waiting);
  model.step(1);  // the timeout: the markov's next child draws a W in the same step
  EXPECT_EQ(count(cells(model), 'W'), 1);
  EXPECT_EQ(model.status().steps, 5);
}

TEST(Interactive, AKeyRunsItsKeypressNodes) {
  // One R on a one-row grid, at a known place: the model below puts it in the first cell.
  const std::string xml = R"X(<markov values="BRW" dialect="mj">
  <one in="B" out="R" steps="1"/>
  <event timeout="100">
    <keypress key="ArrowRight"><one in="RB" out="BR" symmetry="()" steps="1"/></keypress>
    <keypress key="ArrowLeft"><one in="BR" out="RB" symmetry="()" steps="1"/></keypress>
  </event>
  <one in="B" out="W"/>
</markov>)X";
  mj::RunRequest r;
  r.model = "Row";
  r.xml = xml;
  mj::set_sides(r, {5, 1});
  r.steps = 0;
  mj::Model model(r);
  model.start(3);
  model.step(2);
  const std::string start = cells(model);
  const size_t at = start.find('R');
  ASSERT_NE(at, std::string::npos);
  const std::string key = at < 4 ? "ArrowRight" : "ArrowLeft";
  model.send(key);
  EXPECT_FALSE(model.status().waiting);  // an input is queued
  model.step(1);
  const size_t moved = cells(model).find('R');
  EXPECT_EQ(moved, key == "ArrowRight" ? at + 1 : at - 1);
  model.send("Space");  // a key no keypress names is passed by
  model.step(4);        // the keypress's end, the event's (a W drawn), two steps waiting
  EXPECT_EQ(cells(model).find('R'), moved);
  EXPECT_EQ(count(cells(model), 'W'), 1);
  EXPECT_TRUE(model.status().waiting);
  ASSERT_EQ(model.inputs().size(), 2u);
  EXPECT_EQ(model.inputs()[0], (mj::Input{2, key}));
}

// A game played with keys at chosen steps, then replayed from its seed and inputs(): the same grid at
// every step, and other inputs give another game.
TEST(Interactive, ARecordedGameReplaysExactly) {
  const char* const keys[] = {"ArrowRight", "ArrowLeft", "ArrowRight", "ArrowRight", "ArrowLeft"};
  mj::Model model = model_of(kMover);
  model.start(7);
  std::vector<std::string> grids{cells(model)};
  for (int step = 0; step < 60 && !model.status().ended; step++) {
    if (step % 4 == 1) model.send(keys[(step / 4) % 5]);
    model.step(1);
    grids.push_back(cells(model));
  }
  const std::vector<mj::Input> record = model.inputs();
  ASSERT_GE(record.size(), 10u);
  for (int twice = 0; twice < 2; twice++) {
    mj::Model again = model_of(kMover);
    again.start(7);
    size_t next = 0;
    for (size_t step = 1; step < grids.size(); step++) {
      while (next < record.size() && record[next].step == again.status().steps) again.send(record[next++].key);
      again.step(1);
      ASSERT_EQ(cells(again), grids[step]) << "step " << step;
    }
    // Model::replay does the same to the run's end or limit.
    mj::Model replayed = model_of(kMover);
    replayed.replay(7, record, int(grids.size()) - 1);
    EXPECT_EQ(cells(replayed), grids.back());
    EXPECT_EQ(replayed.inputs(), record);
  }
  mj::Model other = model_of(kMover);
  other.replay(7, {record.begin() + 1, record.end()}, int(grids.size()) - 1);
  EXPECT_NE(cells(other), grids.back());
}

// The grid at any step of a game, its inputs sent again at their steps: replay_to on a Model of its own
// (the page's view of a past step), back(n) on the game's own Model (Python's back()).
TEST(Interactive, AGameGoesBackToAnyStep) {
  const char* const keys[] = {"ArrowRight", "ArrowLeft", "ArrowRight"};
  mj::Model model = model_of(kMover);
  model.start(7);
  std::vector<std::string> grids{cells(model)};
  for (int step = 0; step < 40 && !model.status().ended; step++) {
    if (step % 5 == 2) model.send(keys[(step / 5) % 3]);
    model.step(1);
    grids.push_back(cells(model));
  }
  ASSERT_GE(grids.size(), 30u);
  const std::vector<mj::Input> record = model.inputs();
  mj::Model past = model_of(kMover);
  for (int step : {25, 12, 13, 29, 0, 7}) {
    mj::Debugger(past).replay_to(7, record, step);
    EXPECT_EQ(cells(past), grids[step]) << "step " << step;
  }
  const int last = int(grids.size()) - 1;
  mj::Debugger(model).back(20);
  EXPECT_EQ(model.status().steps, last - 20);
  EXPECT_EQ(cells(model), grids[last - 20]);
  for (const mj::Input& input : model.inputs()) EXPECT_LT(input.step, last - 20);  // later ones are dropped
}

// models/LightCycle.xml, mj's own playable model: a game steered by keys replays grid for grid, and the
// keys steer it (the same seed without them ends elsewhere).
TEST(Interactive, ALightCycleGameReplays) {
  const auto load = [] {
    mj::RunRequest r;
    r.model = std::string(MJ_SOURCE_DIR) + "/models/LightCycle.xml";
    mj::set_sides(r, {21, 21});
    r.steps = 0;
    return mj::Model(r);
  };
  const char* const turns[] = {"ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"};
  mj::Model game = load();
  game.start(5, 400);
  std::vector<std::string> grids;
  for (int step = 0; game.step(1) == 1; step++) {
    if (step % 23 == 7) game.send(turns[(step / 23) % 4]);
    grids.push_back(cells(game));
  }
  ASSERT_EQ(grids.size(), 400u);
  const std::string& last = grids.back();
  EXPECT_GT(count(last, 'T'), 5);  // the cycle rode
  for (int twice = 0; twice < 2; twice++) {
    mj::Model again = load();
    EXPECT_EQ(again.replay(5, game.inputs(), 400), mj::RunEnd::step_limit);
    EXPECT_EQ(cells(again), last);
  }
  mj::Model unsteered = load();
  unsteered.run(5, 400);
  EXPECT_NE(cells(unsteered), last);
}

// models/Sokoban.xml, mj's other playable model, on seed 1 (demo.xml's): the recorded solution pushes the three
// crates onto the targets, the crates and the lamp turn gold and the run ends at the next step; the game replays
// grid for grid.
// faces/python/tests/test_interactive.py and playground/tests/browser_sokoban.mjs play the same keys to the same grid.
// Arrow keys without "Arrow", as the Python and JavaScript tests write them.
constexpr const char* kSokobanSolution =
    "Left Left Up Left Up Right Right Left Left Up Up Right Down Left Down Right Up Right Right Down Up Up Right "
    "Right Down Left Up Left Down";
constexpr const char* kSokobanStart =
    "WWWWWWWWWBBWBBBWWBCBBCBWWBBTTWBWWBCWTBBWWBBBPBWWWBBWBBBWWWWFWWWW";  // rows of 8, top first
constexpr const char* kSokobanWon = "WWWWWWWWWBBWBBBWWBBBPBBWWBBGGWBWWBBWGBBWWBBBBBWWWBBWBBBWWWWGWWWW";

TEST(Interactive, ASokobanGameIsWonAndReplays) {
  const auto load = [] {
    mj::RunRequest r;
    r.model = std::string(MJ_SOURCE_DIR) + "/models/Sokoban.xml";
    mj::set_sides(r, {8, 8});
    r.steps = 0;
    return mj::Model(r);
  };
  mj::Model game = load();
  game.start(1);
  mj::RunControl at_a_key;
  at_a_key.until_waiting = true;
  EXPECT_EQ(game.advance(at_a_key), mj::RunEnd::stopped);
  EXPECT_EQ(cells(game), kSokobanStart);
  std::vector<std::string> grids{cells(game)};
  std::istringstream solution(kSokobanSolution);
  for (std::string key; solution >> key;) {
    EXPECT_FALSE(game.status().ended) << key;  // not won before the last push
    EXPECT_EQ(count(cells(game), 'G'), 0);
    game.send("Arrow" + key);
    game.advance(at_a_key);
    grids.push_back(cells(game));
  }
  EXPECT_EQ(game.advance(), mj::RunEnd::finished);  // won: the run ends by itself
  EXPECT_EQ(cells(game), kSokobanWon);
  const int steps = game.status().steps;
  for (int twice = 0; twice < 2; twice++) {
    mj::Model again = load();
    EXPECT_EQ(again.replay(1, game.inputs()), mj::RunEnd::finished);
    EXPECT_EQ(cells(again), kSokobanWon);
    EXPECT_EQ(again.status().steps, steps);
  }
  // Each key moved the pusher: the grids after each differ from the one before.
  for (size_t i = 1; i < grids.size(); i++) EXPECT_NE(grids[i], grids[i - 1]) << i;
  // Without keys the level waits as drawn.
  mj::Model idle = load();
  EXPECT_EQ(idle.run(1, 500), mj::RunEnd::step_limit);
  std::string waited = cells(idle);
  std::replace(waited.begin(), waited.end(), 'E', 'F');  // the lamp unlit, either of its two values
  EXPECT_EQ(waited, kSokobanStart);
}

TEST(Interactive, ReplayWantsInputsInTheOrderOfTheirSteps) {
  mj::Model model = model_of(kMover);
  const mj::Error e = mjtest::expect_error([&] { model.replay(1, {{5, "ArrowLeft"}, {3, "ArrowRight"}}); });
  EXPECT_TRUE(mjtest::contains(e.message(), "in the order of their steps")) << e.message();
  EXPECT_TRUE(mjtest::contains(mjtest::expect_error([&] { model_of(kMover).send("ArrowLeft"); }).message(),
                               "send before a run is started"));
}

TEST(Interactive, AnEventWithoutTheOptInIsAnErrorAtItsLine) {
  std::string xml = kMover;
  xml.replace(xml.find(" dialect=\"mj\""), 13, "");
  const mj::Error e = mjtest::expect_error([&] { model_of(xml); });
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.message(), "<event> is an mj extension: add dialect=\"mj\" to the root element <markov> to use it");
}

TEST(Interactive, AnEventsMistakesAreErrorsAtTheirLines) {
  const auto error_of = [](const std::string& inside) {
    return mjtest::expect_error([&] { model_of("<markov values=\"BW\" dialect=\"mj\">\n" + inside + "\n</markov>"); });
  };
  mj::Error e = error_of("<event>\n<keypress key=\"a\"/></event>");
  EXPECT_EQ(e.line(), 2);
  EXPECT_TRUE(mjtest::contains(e.message(), "needs timeout")) << e.message();
  e = error_of("<event timeout=\"2\">\n<one in=\"B\" out=\"W\"/></event>");
  EXPECT_EQ(e.line(), 3);
  EXPECT_TRUE(mjtest::contains(e.message(), "takes <keypress")) << e.message();
  e = error_of("<event timeout=\"2\">\n<keypress key=\"a\"/>\n<keypress key=\"a\"/></event>");
  EXPECT_EQ(e.line(), 4);
  EXPECT_TRUE(mjtest::contains(e.message(), "already takes it at line 3")) << e.message();
  e = error_of("<event timeout=\"2\">\n<keypress/></event>");
  EXPECT_EQ(e.line(), 3);
  EXPECT_TRUE(mjtest::contains(e.message(), "'key'")) << e.message();
}

// A timeout of the grid: an expression as steps are.
TEST(Interactive, ATimeoutMayBeAnExpressionOfTheGrid) {
  mj::Model model = model_of(R"X(<markov values="BW" dialect="mj">
  <event timeout="width/2"><keypress key="a"><one in="B" out="W"/></keypress></event>
  <one in="B" out="W"/>
</markov>)X",
                             6);
  model.start(1);
  model.step(3);
  EXPECT_EQ(count(cells(model), 'W'), 0);
  model.step(1);
  EXPECT_EQ(count(cells(model), 'W'), 1);
}

TEST(Interactive, ExploreRefusesAnEventAtItsLine) {
  mj::RunRequest r;
  r.model = "Mover";
  r.xml = kMover;
  mj::set_sides(r, {3, 1});
  const mj::Error e = mjtest::expect_error([&] { mj::explore(mj::resolve_run(r), {}); });
  EXPECT_EQ(e.line(), 3);
  EXPECT_TRUE(mjtest::contains(e.message(), "cannot enumerate <event>")) << e.message();
}

}  // namespace

namespace {

// A game run to its step limit without a key says so (a run notice at its <event>: `mj run models/Sokoban.xml`
// would otherwise idle its 50,000 steps in silence); a game played, one that ends, or a run stopped before its
// limit says nothing.
TEST(Interactive, AGameNobodyPlayedSaysItWaitsForKeys) {
  mj::RunRequest r;
  r.model = std::string(MJ_SOURCE_DIR) + "/models/Sokoban.xml";
  mj::Model idle(r);
  EXPECT_EQ(idle.run(1, 300), mj::RunEnd::step_limit);
  const std::vector<mj::Notice> notices = idle.run_notices();
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].file, r.model);
  EXPECT_EQ(notices[0].line, 13);  // the <event>
  EXPECT_EQ(notices[0].message,
            "the run reached its step limit (300 steps) without an input: this <event> waits for keys. Play the game "
            "by sending keys, or replay a recorded game's inputs");
  mj::Model played(r);
  played.start(1, 300);
  played.step(20);
  played.send("ArrowLeft");
  EXPECT_EQ(played.advance(), mj::RunEnd::step_limit);
  EXPECT_TRUE(played.run_notices().empty());
  idle.start(1, 300);
  idle.step(20);
  EXPECT_TRUE(idle.run_notices().empty());  // not at its limit yet
  EXPECT_TRUE(model_of(kMover).run_notices().empty());
}

}  // namespace

namespace {

// models/LightCycle.xml and docs/language/extensions.md: without a key the cycle rides one cell on every 7 steps
// (its event waits 4; the ride, the rival's move and the root's turn take the rest).
TEST(Interactive, ALightCycleRidesOnEverySevenSteps) {
  mj::RunRequest r;
  r.model = std::string(MJ_SOURCE_DIR) + "/models/LightCycle.xml";
  mj::Model cycle(r);
  cycle.start(3, 60);
  const auto head = [&] {
    const mj::GridView g = cycle.grid();
    for (size_t i = 0; i < g.size(); i++)
      if (std::string("NESW").find(g.legend[g.cells[i]]) != std::string::npos) return i;
    return g.size();
  };
  std::vector<int> rides;
  for (size_t before = head(); cycle.step(1) == 1;)
    if (const size_t now = head(); now != before) rides.push_back(cycle.status().steps), before = now;
  ASSERT_GE(rides.size(), 5u);
  for (size_t i = 1; i < rides.size(); i++) EXPECT_EQ(rides[i] - rides[i - 1], 7) << "ride " << i;
}

}  // namespace
