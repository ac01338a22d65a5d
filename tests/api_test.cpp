// The library API: stepping, threads, initial grids, the active node.
#include <gtest/gtest.h>

#include <thread>

#include "core/random.hpp"
#include "io/formats/png.hpp"
#include "mj/model_list.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

const char* kMaze = R"(<sequence values="BWAR" origin="True">
  <one in="WBB" out="WAW"/>
  <all in="A" out="R" steps="1"/>
</sequence>)";

std::vector<uint8_t> cells(const mj::Interpreter& ip) {
  mj::GridView g = ip.grid();
  return std::vector<uint8_t>(g.cells, g.cells + g.size());
}

TEST(Api, SteppingReproducesAFullRun) {
  auto ip = mj::Interpreter::from_string(kMaze, {21, 21, 1, {}});
  int steps = ip.run(5, 0);
  auto expected = cells(ip);
  ip.start(5);
  int taken = 0;
  while (ip.step()) taken++;
  EXPECT_EQ(taken, steps);
  EXPECT_EQ(cells(ip), expected);
  EXPECT_FALSE(ip.step());
}

// A view kept past its run (a numpy array in Python) still reads the cells that run left.
TEST(Api, GridViewOwnerOutlivesTheRunAndTheInterpreter) {
  mj::GridView kept;
  std::vector<uint8_t> expected;
  {
    auto ip = mj::Interpreter::from_string(kMaze, {21, 21, 1, {}});
    ip.run(3, 0);
    kept = ip.grid();
    expected = cells(ip);
    ip.run(4, 0);  // a new run builds a new program; the kept view's cells stay as run 3 left them
    EXPECT_NE(ip.grid().cells, kept.cells);
  }
  ASSERT_TRUE(kept.owner);
  EXPECT_EQ(std::vector<uint8_t>(kept.cells, kept.cells + kept.size()), expected);
}

TEST(Api, TwoInterpretersInThreadsMatchSequentialRuns) {
  std::vector<uint8_t> sequential[2], parallel[2];
  for (int k = 0; k < 2; k++) {
    auto ip = mj::Interpreter::from_string(kMaze, {41, 41, 1, {}});
    ip.run(k + 1, 0);
    sequential[k] = cells(ip);
  }
  std::thread threads[2];
  for (int k = 0; k < 2; k++)
    threads[k] = std::thread([&, k] {
      auto ip = mj::Interpreter::from_string(kMaze, {41, 41, 1, {}});
      ip.run(k + 1, 0);
      parallel[k] = cells(ip);
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(parallel[0], sequential[0]);
  EXPECT_EQ(parallel[1], sequential[1]);
  EXPECT_NE(sequential[0], sequential[1]);
}

TEST(Api, InitialCellsChangeTheRun) {
  const char* fill = R"(<one values="BW" in="WB" out="WW"/>)";
  auto ip = mj::Interpreter::from_string(fill, {4, 3, 1, {}});
  EXPECT_EQ(ip.run(1, 0), 1);  // nothing to grow from
  std::vector<uint8_t> start(12, 0);
  start[11] = 1;
  ip.set_initial_cells(start);
  ip.run(1, 0);
  EXPECT_EQ(cells(ip), std::vector<uint8_t>(12, 1));
  EXPECT_THROW(ip.set_initial_cells(std::vector<uint8_t>(5, 0)), mj::Error);
  EXPECT_THROW(ip.set_initial_cells(std::vector<uint8_t>(12, 7)), mj::Error);
}

TEST(Api, InitialPictureFromPng) {
  auto dir = mjtest::temp_dir("api-picture");
  mj::Image image{3, 1, {0xFF000000u, 0xFFFFFFFFu, 0xFF000000u}};
  mj::save_png(dir / "start.png", image);
  auto ip =
      mj::Interpreter::from_string(R"x(<one values="BW" in="WB" out="WW" steps="1" symmetry="()"/>)x", {3, 1, 1, {}});
  ip.set_initial_picture(dir / "start.png", {{'B', 0xFF000000u}, {'W', 0xFFFFFFFFu}});
  ip.run(1, 0);
  EXPECT_EQ(cells(ip), (std::vector<uint8_t>{0, 1, 1}));
  EXPECT_THROW(ip.set_initial_picture(dir / "start.png", {{'B', 0xFF000000u}}), mj::Error);
}

// A start picture that does not fit says how: its size and the grid's (and that it looks drawn at a
// pixel size), the first pixel of no value's colour, a voxel model's size.
TEST(Api, InitialPictureErrorsSayWhatIsWrong) {
  auto dir = mjtest::temp_dir("api-picture-errors");
  const uint32_t black = 0xFF000000u, white = 0xFFFFFFFFu, red = 0xFFFF0000u;
  const mj::Palette colors = {{'B', black}, {'W', white}};
  auto ip = mj::Interpreter::from_string(R"(<one values="BW" in="B" out="W"/>)", {3, 1, 1, {}});
  auto message = [&](const std::string& file) {
    return std::string(mjtest::expect_error([&] { ip.set_initial_picture(dir / file, colors); }).what());
  };
  mj::save_png(dir / "small.png", mj::Image{2, 1, {black, white}});
  EXPECT_EQ(message("small.png"), (dir / "small.png").string() + ": picture is 2x1, the grid 3x1x1");
  mj::save_png(dir / "drawn.png", mj::Image{6, 2, std::vector<uint32_t>(12, black)});
  EXPECT_TRUE(mjtest::contains(message("drawn.png"),
                               "(a start picture has one pixel per cell; this one looks drawn 2 pixels a cell)"));
  mj::save_png(dir / "red.png", mj::Image{3, 1, {black, red, 0x80FFFFFFu}});
  EXPECT_TRUE(mjtest::contains(message("red.png"), "pixel (1, 0) is #FF0000, the colour of none of the values \"BW\""));
  mj::save_png(dir / "faint.png", mj::Image{3, 1, {0x80FFFFFFu, black, black}});
  EXPECT_TRUE(mjtest::contains(message("faint.png"), "pixel (0, 0) is #FFFFFF (alpha 128), the colour of none"));
  const std::vector<uint8_t> cube(8, 1);
  mj::save_vox(dir / "cube.vox", mj::GridView{2, 2, 2, "BW", cube.data(), {}}, {black, white});
  EXPECT_TRUE(mjtest::contains(message("cube.vox"), "voxel model is 2x2x2, the grid 3x1x1"));
}

TEST(Api, ActiveNodeFollowsTheProgram) {
  auto ip = mj::Interpreter::from_string(kMaze, {11, 11, 1, {}});
  EXPECT_FALSE(ip.active_node());
  ip.start(1);
  auto first = ip.active_node();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->kind, "one");
  EXPECT_EQ(first->line, 2);
  while (ip.active_node() && ip.active_node()->kind == "one") ip.step();
  ASSERT_TRUE(ip.active_node());
  EXPECT_EQ(ip.active_node()->kind, "all");
  EXPECT_EQ(ip.active_node()->line, 3);
  while (ip.step()) {
  }
  EXPECT_FALSE(ip.active_node());
}

}  // namespace

namespace mj {
namespace {

// Listed seeds first, the rest one draw each of Random(meta seed), across entries in order.
TEST(Api, PlannedSeedsTakeListedOnesThenDrawsOfTheMetaSeed) {
  std::vector<ModelEntry> entries(2);
  entries[0].amount = 3, entries[0].seeds = {7};
  entries[1].amount = 2;
  Random meta(5);
  std::vector<int> expected{7};
  for (int k = 0; k < 4; k++) expected.push_back(meta.next());
  EXPECT_EQ(plan_seeds(entries, 5), expected);
  entries[1].seeds = {1, 2, 3};  // more than its amount: the first two
  EXPECT_EQ(plan_seeds(entries, 5), (std::vector<int>{7, expected[1], expected[2], 1, 2}));
}

}  // namespace
}  // namespace mj
