// Pins and goals (Model::set_pins, set_goal): no pinned cell ever changes, on random programs and on the
// corpus' models of every node kind that writes cells; pins that pin nothing leave every run as it was; a
// goal's cells hold their values wherever the inference reaches its goal; the refusals say why.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "explore_random_programs.hpp"
#include "mj/debugger.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "test_util.hpp"

namespace {

using mjtest::contains;
using mjtest::corpus_dir;
using mjtest::expect_error;

// Each cell pinned with chance 1/3 to a value of the legend drawn at random, else free.
std::vector<uint8_t> random_pins(std::mt19937& rng, const mj::GridView& grid) {
  std::vector<uint8_t> pins(grid.size(), mj::kFreeCell);
  for (uint8_t& p : pins)
    if (rng() % 3 == 0) p = uint8_t(rng() % grid.legend.size());
  return pins;
}

// Runs the model from `seed` for at most `limit` steps, checking after every step that each pinned cell
// holds its pin; returns the steps taken, or -1 at the first pinned cell changed.
int steps_keeping(mj::Model& model, const std::vector<uint8_t>& pins, int seed, int limit) {
  model.start(seed, limit);
  for (int step = 0;; step++) {
    const mj::GridView grid = model.grid();
    for (size_t i = 0; i < pins.size(); i++)
      if (pins[i] != mj::kFreeCell && grid.cells[i] != pins[i]) {
        ADD_FAILURE() << "cell " << i << " pinned to " << int(pins[i]) << " holds " << int(grid.cells[i])
                      << " after step " << step;
        return -1;
      }
    if (model.step() == 0) return step;
  }
}

std::string final_state(mj::Model& model, int seed, int limit) {
  model.run(seed, limit);
  return model.snapshot().state_text();
}

// Random programs of one/all/prl (with chances and fields) in markov and sequence trees, on grids of up
// to 12x9 cells, with random pins: no pinned cell changes at any step. The same programs with pins that
// pin nothing (every cell kFreeCell, so the pinned paths run) and after pins are dropped run exactly as
// without them.
TEST(Pins, RandomProgramsNeverChangeAPinnedCell) {
  mjtest::ProgramMaker maker(4049, {true, true, false});
  std::mt19937 rng(49);
  int runs = 0, steps = 0;
  for (int program = 0; program < mjtest::share_of(400); program++) {
    const mjtest::RandomProgram p = maker.make();
    const int mx = p.mx * (1 + program % 4), my = p.my * (1 + program % 3);
    const mj::RunSettings settings = mjtest::settings_of(p.xml, mx, my);
    mj::Model plain(settings), pinned(settings);
    const std::vector<uint8_t> pins = random_pins(rng, pinned.grid());
    for (int seed = 1; seed <= 3; seed++) {
      const std::string before = final_state(plain, seed, 200);
      pinned.set_pins(pins);
      const int taken = steps_keeping(pinned, pins, seed, 200);
      ASSERT_GE(taken, 0) << p.xml << "\nat " << mx << "x" << my << ", seed " << seed;
      runs++, steps += taken;
      pinned.set_pins(std::vector<uint8_t>(pins.size(), mj::kFreeCell));
      EXPECT_EQ(final_state(pinned, seed, 200), before) << p.xml;
      pinned.set_pins({});
      EXPECT_EQ(final_state(pinned, seed, 200), before) << p.xml;
    }
  }
  EXPECT_EQ(runs, 3 * mjtest::share_of(400));
  EXPECT_GT(steps, mjtest::share_of(10000));  // the runs do work: pins do not stop them all at once
  std::printf("[ pins ] %d runs of random programs, %d steps, no pinned cell changed\n", runs, steps);
}

// Corpus models with path, convolution, convchain, observe (potentials and search) and prl: random pins
// on a small grid, no pinned cell changes; pins that pin nothing change no run.
TEST(Pins, CorpusNodesOfEveryKindKeepPins) {
  const std::vector<std::string> models = {"BasicDijkstraDungeon", "Cave",        "GameOfLife",   "ChainMaze",
                                           "DiagonalPath",         "CompleteSAW", "ForestFireCA", "Circuit",
                                           "BernoulliPercolation", "RegularPath", "BasicSnake",   "MazeGrowth"};
  std::mt19937 rng(7);
  int runs = 0, refused = 0;
  for (const std::string& name : models) {
    mj::RunRequest request;
    request.model = (corpus_dir() / "models" / (name + ".xml")).string();
    request.size = name == "CompleteSAW" ? 7 : 20;
    mj::Model model(request), plain(request);
    for (int seed = 1; seed <= 4; seed++) {
      const std::vector<uint8_t> pins = random_pins(rng, model.grid());
      model.set_pins(pins);
      try {
        ASSERT_GE(steps_keeping(model, pins, seed, 2000), 0) << name << " seed " << seed;
        runs++;
      } catch (const mj::Error& e) {  // a pin of a value the model's own <observe> forbids there is refused
        ASSERT_TRUE(contains(e.message(), "which this node's observations do not allow there")) << e.what();
        refused++;
      }
      model.set_pins(std::vector<uint8_t>(pins.size(), mj::kFreeCell));
      EXPECT_EQ(final_state(model, seed, 2000), final_state(plain, seed, 2000)) << name << " seed " << seed;
    }
  }
  EXPECT_GE(runs, 30);
  std::printf("[ pins ] %d runs of corpus models, no pinned cell changed (%d pins refused by an <observe>)\n", runs,
              refused);
}

// DiagonalPath draws a path from R to G by potentials; a goal asks one cell to end on the path (W).
// Wherever the inference reaches its goal (every cell within the node's future), that cell is W; and it
// does on most seeds.
TEST(Goals, PaintedCellsHoldWhereTheInferenceSucceeds) {
  mj::RunRequest request;
  request.model = (corpus_dir() / "models" / "DiagonalPath.xml").string();
  request.size = 24;
  mj::Model model(request);
  const mj::GridView shape = model.grid();
  const int cell = shape.mx * 12 + 12, w = int(shape.legend.find('W'));
  std::vector<uint8_t> goal(shape.size(), mj::kFreeCell);
  goal[size_t(cell)] = uint8_t(w);
  model.set_goal(goal);
  int successes = 0;
  const int inference_line = 6;  // the <one> with <observe>
  for (int seed = 1; seed <= 40; seed++) {
    model.run(seed, 0);
    const mj::Inspection seen = mj::Debugger(model).inspect(inference_line);
    ASSERT_EQ(seen.future.size(), shape.size());
    EXPECT_EQ(seen.future[size_t(cell)], 1u << w) << "the goal joins the node's future";
    const mj::GridView end = model.grid();
    bool reached = true;
    for (size_t i = 0; i < end.size(); i++) reached &= (seen.future[i] >> end.cells[i] & 1u) != 0;
    if (!reached) continue;
    successes++;
    EXPECT_EQ(end.cells[cell], w) << "seed " << seed;
  }
  // Without the goal the path crosses that cell far more rarely: the goal steers.
  model.set_goal({});
  int crossed = 0;
  for (int seed = 1; seed <= 40; seed++) {
    model.run(seed, 0);
    crossed += model.grid().cells[cell] == w;
  }
  EXPECT_GE(successes, 20);
  EXPECT_GT(successes, 2 * crossed);
  std::printf(
      "[ goals ] DiagonalPath at 24 through a painted cell: %d of 40 seeds reach the goal (%d cross it without)\n",
      successes, crossed);
}

TEST(Goals, AModelWithoutInferenceIsRefused) {
  mj::Model model(mjtest::settings_of("<one values=\"BW\" in=\"B\" out=\"W\"/>", 4, 4));
  std::vector<uint8_t> goal(16, mj::kFreeCell);
  goal[0] = 1;
  const mj::Error e = expect_error([&] { model.set_goal(goal); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_TRUE(contains(e.message(), "no inference node")) << e.message();
}

TEST(Goals, AGoalOutsideTheObservationsIsRefusedAtTheNode) {
  mj::RunRequest request;
  request.model = (corpus_dir() / "models" / "DiagonalPath.xml").string();
  request.size = 10;
  mj::Model model(request);
  std::vector<uint8_t> goal(100, mj::kFreeCell);
  goal[55] = uint8_t(model.grid().legend.find('G'));  // a B cell may end B or W only
  model.set_goal(goal);
  const mj::Error e = expect_error([&] { model.run(1, 0); });
  EXPECT_EQ(e.line(), 6);
  EXPECT_TRUE(contains(e.message(), "cell (5, 5) to end as G")) << e.message();
}

TEST(Pins, WrongSizesValuesAndNewGridsAreRefused) {
  mj::Model model(mjtest::settings_of("<one values=\"BW\" in=\"B\" out=\"W\"/>", 4, 4));
  mj::Error e = expect_error([&] { model.set_pins(std::vector<uint8_t>(15, mj::kFreeCell)); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_TRUE(contains(e.message(), "15 cells")) << e.message();
  e = expect_error([&] { model.set_pins(std::vector<uint8_t>(16, 2)); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);

  mj::RunRequest request;
  request.model = (corpus_dir() / "models" / "MazeMap.xml").string();
  mj::Model map(request);
  e = expect_error([&] { map.set_pins(std::vector<uint8_t>(map.grid().size(), mj::kFreeCell)); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_GT(e.line(), 0);
  EXPECT_TRUE(contains(e.message(), "<map>")) << e.message();
  // A wfc model's pins are cells of the wfc's grid (tests/wfc_pins_test.cpp), not of the start grid.
  request.model = (corpus_dir() / "models" / "Escher.xml").string();
  mj::Model wfc(request);
  e = expect_error([&] { wfc.set_pins(std::vector<uint8_t>(wfc.grid().size(), mj::kFreeCell)); });
  EXPECT_EQ(e.kind(), mj::ErrorKind::argument);
  EXPECT_TRUE(contains(e.message(), std::to_string(wfc.grid().size()) + " cells")) << e.message();
}

// A pinned cell starts the run with its value, whatever the start grid says.
TEST(Pins, ARunStartsWithItsPins) {
  mj::Model model(mjtest::settings_of("<one values=\"BWR\" in=\"B\" out=\"W\"/>", 3, 1));
  model.set_pins({2, mj::kFreeCell, mj::kFreeCell});
  model.run(1, 0);
  const mj::GridView grid = model.grid();
  EXPECT_EQ(std::string(grid.cells, grid.cells + 3), std::string("\2\1\1"));
}

}  // namespace

namespace {

// A models.xml entry names its pins beside the list (pins="..."); the request's own pins win.
TEST(Pins, AnEntryNamesItsPinsBesideItsList) {
  const std::filesystem::path dir = mjtest::temp_dir();
  mjtest::write(dir / "M.xml", "<one values=\"BWR\" in=\"B\" out=\"W\"/>");
  mjtest::write(dir / "models.xml", "<models><model name=\"M\" size=\"4\" pins=\"p.txt\"/></models>");
  mjtest::write(dir / "p.txt", "M 4 4 1 1 0\nBWR\n****\n*R**\n****\n****\n");
  mjtest::write(dir / "q.txt", "M 4 4 1 1 0\nBWR\n****\n****\n****\n***R\n");
  mj::RunRequest request;
  request.model = (dir / "M.xml").string();
  mj::Model listed(request);
  listed.run(1, 0);
  EXPECT_EQ(listed.grid().cells[5], 2);
  EXPECT_EQ(listed.grid().cells[15], 1);
  request.pins = dir / "q.txt";
  mj::Model given(request);
  given.run(1, 0);
  EXPECT_EQ(given.grid().cells[5], 1);
  EXPECT_EQ(given.grid().cells[15], 2);
}

}  // namespace

namespace {

// models/PathThrough searches a walk from R to G whose goal paints a cell W: on every seed whose search finds a
// trajectory (its last state meets the whole future), the painted cell is W at the end; on seeds 4, 6 and 10 of
// 1-12 the search finds none within its limit and the run ends with the cell unpainted (docs/constraints.md).
TEST(Goals, ASearchedWalkPassesThroughItsPaintedCell) {
  mj::RunRequest request;
  request.model = (std::filesystem::path(MJ_SOURCE_DIR) / "models" / "PathThrough.xml").string();
  mj::Model model(request);  // its entry names the goal: (11, 4) is W
  const mj::GridView shape = model.grid();
  const size_t cell = size_t(shape.mx * 4 + 11);
  const uint8_t w = uint8_t(shape.legend.find('W'));
  int found = 0;
  std::vector<int> unpainted;
  for (int seed = 1; seed <= 12; seed++) {
    model.run(seed, 0);
    if (model.grid().cells[cell] != w) unpainted.push_back(seed);
    if (mj::Debugger(model).inspect(7).trajectory.empty()) continue;  // the <one search="True">
    found++;
    EXPECT_EQ(model.grid().cells[cell], w) << "seed " << seed;
  }
  EXPECT_EQ(found, 9);
  EXPECT_EQ(unpainted, (std::vector<int>{4, 6, 10}));
  std::printf("[ goals ] PathThrough: %d of 12 searches found a trajectory, each through the painted cell\n", found);
}

}  // namespace

namespace {

// A VOX as pins: its empty voxels are free, each other voxel pins its value (colour index v + 1 for value v).
TEST(Pins, AVoxPinsItsVoxelsAndLeavesItsEmptyOnesFree) {
  const std::filesystem::path dir = mjtest::temp_dir();
  mj::RunRequest request;
  request.model = "M.xml";
  request.xml = "<one values=\"BWR\" in=\"B\" out=\"W\"/>";
  request.size = 3, request.dimension = 3;
  mj::RunRequest red = request;
  red.xml = "<one values=\"BWR\" in=\"B\" out=\"R\" steps=\"1\"/>";
  mj::Model painter(red);
  painter.run(5, 0);
  mj::save(painter, dir / "pins.vox");
  mj::Model model(request);
  const std::vector<uint8_t> pins = mj::constraint_cells(model, dir / "pins.vox");
  ASSERT_EQ(pins.size(), 27u);
  EXPECT_EQ(std::count(pins.begin(), pins.end(), mj::kFreeCell), 26);
  EXPECT_EQ(std::count(pins.begin(), pins.end(), uint8_t(2)), 1);
  model.set_pins(pins);
  model.run(1, 0);
  const mj::GridView grid = model.grid();
  for (size_t i = 0; i < 27; i++) EXPECT_EQ(grid.cells[i], pins[i] == mj::kFreeCell ? 1 : 2) << i;
}

}  // namespace

namespace {

// docs/constraints.md: a pins state text's header names the start grid's sides (the name, seed and steps are not
// read), its legend line is there, and its rows write the model's symbols or '*'.
TEST(Pins, AStateTextsHeaderNamesTheGridsSides) {
  const std::filesystem::path dir = mjtest::temp_dir();
  mj::RunRequest request;
  request.model = (mjtest::write(dir / "M.xml", "<one values=\"BWR\" in=\"B\" out=\"W\"/>")).string();
  mj::set_sides(request, {4, 2});
  const mj::Model model(request);
  const std::vector<uint8_t> pins =
      mj::constraint_cells(model, mjtest::write(dir / "p.txt", "anything 4 2 1 -7 x\nBWR\n*R**\n***W\n"));
  EXPECT_EQ(pins, (std::vector<uint8_t>{mj::kFreeCell, 2, mj::kFreeCell, mj::kFreeCell, mj::kFreeCell, mj::kFreeCell,
                                        mj::kFreeCell, 1}));
  const mj::Error sides = mjtest::expect_error(
      [&] { mj::constraint_cells(model, mjtest::write(dir / "q.txt", "M 2 4 1 1 0\nBWR\n**\n**\n**\n**\n")); });
  EXPECT_EQ(sides.line(), 1);
  EXPECT_TRUE(mjtest::contains(sides.message(), "state is 2x4")) << sides.message();
  const mj::Error header =
      mjtest::expect_error([&] { mj::constraint_cells(model, mjtest::write(dir / "r.txt", "M 4\n")); });
  EXPECT_TRUE(mjtest::contains(header.message(), "not a state text")) << header.message();
}

}  // namespace
