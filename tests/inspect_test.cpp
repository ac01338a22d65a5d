// Interpreter::inspect (mj/inspect.hpp): fields, observations and their potentials, a guided
// choice's candidates and the wave of wfc, each checked against what the test computes itself.
#include <algorithm>
#include <cstdlib>
#include <deque>
#include <tuple>
#include <utility>

#include "mj/debugger.hpp"
#include "mj/inspect.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"
#include "wfc_checkers.hpp"

namespace {

constexpr int kMx = 11, kMy = 9;
enum : uint8_t { B, R, W, G };  // the values of the hand-made models below, in their order

// A start with walls scattered by a fixed LCG, some of them closing off cells, and two R cells.
std::vector<uint8_t> walled_start() {
  std::vector<uint8_t> cells(kMx * kMy, B);
  uint32_t s = 12345;
  for (uint8_t& c : cells) {
    s = s * 1103515245u + 12345u;
    if ((s >> 16) % 4 == 0) c = W;
  }
  for (int x = 7; x < kMx; x++) cells[size_t(x + 6 * kMx)] = W;  // a closed room in the lower right
  for (int y = 6; y < kMy; y++) cells[size_t(7 + y * kMx)] = W;
  cells[size_t(9 + 8 * kMx)] = B;
  cells[size_t(1 + 1 * kMx)] = R;
  cells[size_t(5 + 2 * kMx)] = R;
  return cells;
}

// Distances from the R cells through B cells, four neighbours, -1 where there is no way.
std::vector<int> distances_to_r(const std::vector<uint8_t>& cells) {
  std::vector<int> d(cells.size(), -1);
  std::deque<int> queue;
  for (int i = 0; i < int(cells.size()); i++)
    if (cells[size_t(i)] == R) d[size_t(i)] = 0, queue.push_back(i);
  while (!queue.empty()) {
    const int i = queue.front();
    queue.pop_front();
    const int x = i % kMx, y = i / kMx;
    const int next[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
    for (const auto& [nx, ny] : next) {
      if (nx < 0 || ny < 0 || nx >= kMx || ny >= kMy) continue;
      const int j = nx + ny * kMx;
      if (cells[size_t(j)] != B || d[size_t(j)] != -1) continue;
      d[size_t(j)] = d[size_t(i)] + 1;
      queue.push_back(j);
    }
  }
  return d;
}

mj::LoadOptions sized(int mx, int my, std::filesystem::path resources = {}) {
  mj::LoadOptions options;
  options.mx = mx, options.my = my, options.resources = std::move(resources);
  return options;
}

mj::Interpreter field_model() {
  auto ip = mj::Interpreter::from_string(
      "<one values=\"BRWG\" in=\"B\" out=\"G\" steps=\"1\"><field for=\"G\" to=\"R\" on=\"B\"/></one>",
      sized(kMx, kMy));
  ip.set_initial_cells(walled_start());
  return ip;
}

TEST(Inspect, FieldPotentialsAreTheDistancesThroughTheSubstrate) {
  mj::Interpreter ip = field_model();
  ip.start(3);
  ASSERT_TRUE(ip.step());
  const mj::Inspection view = ip.inspect(1);
  EXPECT_EQ(view.kind, "one");
  EXPECT_EQ(view.mx, kMx);
  EXPECT_EQ(view.my, kMy);
  ASSERT_EQ(view.fields.size(), 1u);
  EXPECT_EQ(view.fields[0].value, G);
  const std::vector<int> expected = distances_to_r(walled_start());
  EXPECT_EQ(view.fields[0].cells, expected);
  EXPECT_TRUE(std::count(expected.begin(), expected.end(), -1) > 0);     // walls and the closed room
  EXPECT_TRUE(*std::max_element(expected.begin(), expected.end()) > 5);  // and far cells
}

TEST(Inspect, ChoiceIsTheBestCandidateAndOnlyRecordedWhenAsked) {
  mj::Interpreter ip = field_model();
  ip.start(3);
  ASSERT_TRUE(ip.step());
  EXPECT_TRUE(ip.inspect(1).candidates.empty());  // not inspecting: nothing recorded
  const std::vector<uint8_t> plain(ip.grid().cells, ip.grid().cells + kMx * kMy);

  ip.set_inspecting(true);
  ip.start(3);
  ASSERT_TRUE(ip.step());
  const mj::Inspection view = ip.inspect();
  EXPECT_EQ(std::vector<uint8_t>(ip.grid().cells, ip.grid().cells + kMx * kMy), plain);  // the same run
  const std::vector<int> d = distances_to_r(walled_start());
  // Every B cell the field reaches is a candidate; its delta is the G potential there.
  ASSERT_EQ(view.candidates.size(), size_t(std::count_if(d.begin(), d.end(), [](int v) { return v > 0; })));
  ASSERT_GE(view.chosen, 0);
  const mj::CandidateView& chosen = view.candidates[size_t(view.chosen)];
  for (const mj::CandidateView& c : view.candidates) {
    EXPECT_EQ(c.delta, d[size_t(c.x + c.y * kMx)]);
    EXPECT_LE(c.score, chosen.score);
  }
  EXPECT_EQ(chosen.delta, 1);  // a cell next to an R
  EXPECT_EQ(plain[size_t(chosen.x + chosen.y * kMx)], G);
}

TEST(Inspect, InspectingLeavesATemperatureRunAsItWas) {
  // BiasedGrowth: a one with a field and temperature 10, whose keys inspecting computes in full.
  auto load = [] {
    return mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "BiasedGrowth.xml", sized(40, 40));
  };
  mj::Interpreter plain = load(), inspected = load();
  inspected.set_inspecting(true);
  plain.run(7, 400);
  inspected.run(7, 400);
  EXPECT_EQ(std::vector<uint8_t>(plain.grid().cells, plain.grid().cells + 1600),
            std::vector<uint8_t>(inspected.grid().cells, inspected.grid().cells + 1600));
  const mj::Inspection view = inspected.inspect(4);
  ASSERT_GE(view.chosen, 0);
  for (const mj::CandidateView& c : view.candidates) EXPECT_LE(c.score, view.candidates[size_t(view.chosen)].score);
}

TEST(Inspect, ObserveExposesItsGoalAndPotentials) {
  // W cells are observed: B now, R at the goal. Every other cell must keep its value.
  auto ip = mj::Interpreter::from_string(
      "<one values=\"BRWG\" in=\"B\" out=\"R\"><observe value=\"W\" from=\"B\" to=\"R\"/></one>", sized(kMx, kMy));
  const std::vector<uint8_t> start = walled_start();
  ip.set_initial_cells(start);
  ip.set_inspecting(true);
  ip.start(5);
  EXPECT_TRUE(ip.inspect(1).future.empty());  // not computed before the node's first step
  ASSERT_TRUE(ip.step());
  const mj::Inspection view = ip.inspect(1);
  ASSERT_EQ(view.future.size(), start.size());
  for (size_t i = 0; i < start.size(); i++)
    EXPECT_EQ(view.future[i], start[i] == W ? mj::ValueSet(1u << R) : mj::ValueSet(1u << start[i])) << i;
  ASSERT_EQ(view.potentials.size(), 4u);
  for (size_t i = 0; i < start.size(); i++) {
    if (start[i] != W) continue;
    EXPECT_EQ(view.potentials[R].cells[i], 0);   // R is the goal there
    EXPECT_EQ(view.potentials[B].cells[i], 1);   // one step of B -> R from it
    EXPECT_EQ(view.potentials[G].cells[i], -1);  // no rule takes G anywhere
  }
  ASSERT_GE(view.chosen, 0);  // guided by the goal: the step applied its best candidate
  EXPECT_EQ(view.candidates[size_t(view.chosen)].delta, -1);
  EXPECT_EQ(ip.grid().cells[view.candidates[size_t(view.chosen)].x + view.candidates[size_t(view.chosen)].y * kMx], R);
  // The step that finds the goal reached chooses nothing: the last choice stays to be seen.
  while (ip.step()) {
  }
  EXPECT_GE(ip.inspect(1).chosen, 0);
  EXPECT_FALSE(ip.inspect(1).candidates.empty());
}

mj::Interpreter brick_wall() {
  return mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "WaveBrickWall.xml",
                                    sized(16, 16, mjtest::corpus_dir() / "resources"));
}

TEST(Inspect, WaveHasOptionsMidRunAndOneEverywhereAtTheEnd) {
  mj::Interpreter ip = brick_wall();
  ip.set_inspecting(true);
  ip.start(1);
  EXPECT_TRUE(ip.inspect(2).options.empty());  // before the collapse began
  for (int k = 0; k < 3; k++) ASSERT_TRUE(ip.step());
  mj::Inspection mid = ip.inspect(2);
  EXPECT_EQ(mid.kind, "wfc");
  EXPECT_GT(mid.patterns, 1);
  ASSERT_EQ(mid.options.size(), 256u);
  EXPECT_GT(*std::max_element(mid.options.begin(), mid.options.end()), 1);
  EXPECT_EQ(std::count(mid.options.begin(), mid.options.end(), 0), 0);
  ip.run(1, 0);
  const mj::Inspection end = ip.inspect(2);
  EXPECT_TRUE(ip.finished());
  ASSERT_EQ(end.options.size(), 256u);
  EXPECT_TRUE(std::all_of(end.options.begin(), end.options.end(), [](int n) { return n == 1; }));
}

TEST(Inspect, FailedCollapsesShowWhereTheyMetTheirContradiction) {
  // WaveBrickWall at 16 x 16, seed 1: the collapses of the first ten seeds it draws fail.
  mj::Interpreter ip = brick_wall();
  ip.start(1);
  ASSERT_TRUE(ip.step());
  EXPECT_EQ(ip.inspect(2).failed_tries, 0);  // not inspecting: not recorded
  EXPECT_TRUE(ip.inspect(2).contradictions.empty());
  ip.set_inspecting(true);
  ip.start(1);
  ASSERT_TRUE(ip.step());
  const mj::Inspection view = ip.inspect(2);
  EXPECT_GT(view.failed_tries, 0);
  ASSERT_EQ(view.contradictions.size(), size_t(view.failed_tries));
  for (int cell : view.contradictions) {
    EXPECT_GE(cell, 0);
    EXPECT_LT(cell, 256);
  }
}

TEST(Inspect, LastContradictionNamesTheEmptiedCellItsLostOptionsAndTheNeighbour) {
  // WaveBrickWall at 16 x 16, seed 1, as above: collapses fail before one succeeds.
  mj::Interpreter ip = brick_wall();
  ip.start(1);
  ASSERT_TRUE(ip.step());
  EXPECT_EQ(ip.inspect(2).contradiction.cell, -1);  // not inspecting: not recorded
  ip.set_inspecting(true);
  ip.start(1);
  ASSERT_TRUE(ip.step());
  const mj::Inspection view = ip.inspect(2);
  const mj::ContradictionView& c = view.contradiction;
  ASSERT_GE(c.cell, 0);
  ASSERT_LT(c.cell, 256);
  // the overlap wave is periodic: the neighbour is one of the cell's four, around the edges too
  ASSERT_GE(c.neighbour, 0);
  const int dx = std::abs(c.cell % 16 - c.neighbour % 16), dy = std::abs(c.cell / 16 - c.neighbour / 16);
  EXPECT_EQ(std::min(dx, 16 - dx) + std::min(dy, 16 - dy), 1) << c.cell << " and " << c.neighbour;
  ASSERT_FALSE(c.lost.empty());
  EXPECT_TRUE(std::is_sorted(c.lost.begin(), c.lost.end()));
  EXPECT_EQ(std::adjacent_find(c.lost.begin(), c.lost.end()), c.lost.end());
  EXPECT_LT(c.lost.back(), view.patterns);
  ASSERT_EQ(c.names.size(), c.lost.size());
  EXPECT_EQ(c.names[0], "pattern " + std::to_string(c.lost[0]));
  // a propagation that empties a cell takes more than the observation's own ban
  EXPECT_GE(c.lost.size(), 1u);
  // the same run again: the same contradiction (made again from the failed collapse's seed)
  ip.start(1);
  ASSERT_TRUE(ip.step());
  const mj::ContradictionView again = ip.inspect(2).contradiction;
  EXPECT_EQ(again.cell, c.cell);
  EXPECT_EQ(again.neighbour, c.neighbour);
  EXPECT_EQ(again.lost, c.lost);
}

// The 8 images of the n x n window at (x0, y0) (wrapping) of a w x h picture under the square's symmetries.
std::vector<std::vector<uint8_t>> window_images(const std::vector<uint8_t>& cells, int w, int h, int x0, int y0,
                                                int n) {
  std::vector<std::vector<uint8_t>> images;
  for (int k = 0; k < 8; k++) {
    std::vector<uint8_t>& image = images.emplace_back(size_t(n * n));
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) {
        int sx = k & 1 ? n - 1 - x : x, sy = y;  // reflected, then turned k / 2 quarter turns
        for (int turn = 0; turn < k / 2; turn++) std::tie(sx, sy) = std::pair(sy, n - 1 - sx);
        image[size_t(x + y * n)] = cells[size_t((x0 + sx) % w + ((y0 + sy) % h) * w)];
      }
  }
  return images;
}

TEST(Inspect, LastContradictionShowsItsLostPatternsAsTheSamplesWindows) {
  // WaveBrickWall at 16 x 16, seed 1, through the Debugger: each lost pattern is a 3 x 3 window of the
  // sample BrickWall.png (its colours the values b, N, n in their order of first appearance), its picture
  // those values' colours.
  mj::RunRequest request;
  request.model = (mjtest::corpus_dir() / "models" / "WaveBrickWall.xml").string();
  request.size = 16;
  mj::Model model(request);
  mj::Debugger debugger(model);
  debugger.set_inspecting(true);
  model.start(1);
  ASSERT_EQ(model.step(), 1);
  const mj::ContradictionView c = debugger.inspect(2).contradiction;
  ASSERT_GE(c.cell, 0);
  EXPECT_EQ(c.legend, "bNn");
  EXPECT_EQ(std::tuple(c.option_mx, c.option_my, c.option_mz), std::tuple(3, 3, 1));
  ASSERT_EQ(c.cells.size(), c.lost.size());
  ASSERT_EQ(c.pictures.size(), c.lost.size());
  const mj::Image sample = mj::load_png(mjtest::corpus_dir() / "resources" / "samples" / "BrickWall.png");
  const std::vector<uint8_t> values = mjtest::sample_values(sample);
  std::vector<std::vector<uint8_t>> windows;
  for (int y = 0; y < sample.height; y++)
    for (int x = 0; x < sample.width; x++)
      for (std::vector<uint8_t>& image : window_images(values, sample.width, sample.height, x, y, 3))
        windows.push_back(std::move(image));
  const std::vector<uint32_t> colors = mj::legend_colors(c.legend, model.settings().palette);
  for (size_t k = 0; k < c.lost.size(); k++) {
    ASSERT_EQ(c.cells[k].size(), 9u);
    EXPECT_NE(std::find(windows.begin(), windows.end(), c.cells[k]), windows.end()) << "pattern " << c.lost[k];
    for (size_t i = 0; i < 9; i++) EXPECT_EQ(c.pictures[k][i], colors[c.cells[k][i]]);
  }
  // two lost patterns are two windows: the pictures tell them apart
  ASSERT_GE(c.pictures.size(), 2u);
  EXPECT_NE(c.pictures[0], c.pictures[1]);
}

TEST(Inspect, LineWithoutNodeIsAnError) {
  mj::Interpreter ip = field_model();
  try {
    ip.inspect(7);
    FAIL() << "no error";
  } catch (const mj::Error& e) {
    EXPECT_EQ(e.line(), 7);
    EXPECT_TRUE(mjtest::contains(e.message(), "no node is written at line 7"));
  }
}

}  // namespace

TEST(Inspect, SearchTrajectoryIsWhatTheRunStepsThrough) {
  // A walk that must cover a 4x4 grid from its corner: the search finds it, the node copies it.
  constexpr int n = 4;
  auto ip = mj::Interpreter::from_string(
      "<one values=\"BRW\" in=\"RB\" out=\"WR\" search=\"True\"><observe value=\"B\" to=\"WR\"/><observe value=\"R\" "
      "to=\"W\"/></one>",
      sized(n, n));
  std::vector<uint8_t> start(n * n, 0);
  start[0] = 1;
  ip.set_initial_cells(start);
  ip.set_inspecting(true);
  ip.start(2);
  EXPECT_TRUE(ip.inspect(1).trajectory.empty());  // not searched before the node's first step
  EXPECT_EQ(ip.inspect(1).trajectory_at, -1);
  std::vector<std::vector<uint8_t>> grids;
  for (int k = 0; k < n * n - 1; k++) {  // each step covers one cell
    ASSERT_TRUE(ip.step());
    grids.emplace_back(ip.grid().cells, ip.grid().cells + n * n);
    EXPECT_EQ(ip.inspect(1).trajectory_at, k);
  }
  const mj::Inspection first = ip.inspect(1);
  ASSERT_EQ(first.trajectory.size(), grids.size());
  for (size_t k = 0; k < grids.size(); k++) EXPECT_EQ(first.trajectory[k], grids[k]) << k;
  while (ip.step()) {
  }
  EXPECT_EQ(std::vector<uint8_t>(ip.grid().cells, ip.grid().cells + n * n), grids.back());  // it ends there
  // The last state meets the goal: no B is left.
  const std::vector<uint8_t>& last = first.trajectory.back();
  EXPECT_EQ(std::count(last.begin(), last.end(), 0), 0);
  EXPECT_EQ(std::count(last.begin(), last.end(), 1), 1);
}
