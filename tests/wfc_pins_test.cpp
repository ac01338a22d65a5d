// Pins in wfc (nodes/pins.hpp, src/nodes/wfc/wfc_pins.cpp): pins name cells of the grid a model's one
// <wfc> makes; the wfc's start wave holds them, so that its collapse draws them (with and without
// backtracking) and its children keep them. Each grid is checked apart from the propagation
// (wfc_checkers.hpp): a valid tiling of the tileset's neighbour rules, or windows all of the sample's.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"
#include "wfc_checkers.hpp"

namespace {

namespace fs = std::filesystem;
using mjtest::contains;
using mjtest::corpus_dir;

mj::LoadOptions sized(int mx, int my, int mz) { return {mx, my, mz, corpus_dir() / "resources"}; }

fs::path corpus_file(const std::string& name) { return corpus_dir() / "models" / (name + ".xml"); }

// The model at its models.xml entry's size, as `mj run` loads it.
mj::Model corpus_model_entry(const std::string& name) {
  mj::RunRequest request;
  request.model = corpus_file(name).string();
  return mj::Model(request);
}

// Pins as a world pins a chunk: from another run's grid `g`, the whole band of `band` columns along its
// left edge (not a whole number of tiles: tiles half pinned), and a few cells scattered over the rest.
std::vector<uint8_t> band_and_cells(const mj::GridView& g, int band) {
  std::vector<uint8_t> pins(g.size(), mj::kFreeCell);
  for (size_t i = 0; i < g.size(); i++)
    if (int(i % size_t(g.mx)) < band || i % 97 == 0) pins[i] = g.cells[i];
  return pins;
}

// The pinned cells that `g` holds another value in.
int unheld(const std::vector<uint8_t>& pins, const mj::GridView& g) {
  int found = 0;
  for (size_t i = 0; i < pins.size(); i++) found += pins[i] != mj::kFreeCell && pins[i] != g.cells[i];
  return found;
}

using Faults = std::function<size_t(const mj::GridView&)>;

// Pins copied from the run of seed 1 hold in the runs of `seeds`, with and without backtracking, each a
// valid collapse without a notice; the same seeds unpinned draw other cells there (the pins did it).
void expect_pins_held(mj::Interpreter& ip, int band, const Faults& faults, std::initializer_list<int> seeds) {
  for (bool backtrack : {false, true}) {
    ip.set_backtrack(backtrack);
    ip.set_pins({});
    ip.run(1, 0);
    ASSERT_EQ(faults(ip.grid()), 0u);
    const std::vector<uint8_t> pins = band_and_cells(ip.grid(), band);
    int moved = 0;
    for (int seed : seeds) {
      ip.set_pins({});
      ip.run(seed, 0);
      moved += unheld(pins, ip.grid()) > 0;
      ip.set_pins(pins);
      ip.run(seed, 0);
      EXPECT_TRUE(ip.finished());
      EXPECT_TRUE(ip.run_notices().empty()) << "seed " << seed << ": " << ip.run_notices().at(0).text();
      EXPECT_EQ(unheld(pins, ip.grid()), 0) << "seed " << seed << " backtrack " << backtrack;
      EXPECT_EQ(faults(ip.grid()), 0u) << "seed " << seed << " backtrack " << backtrack;
    }
    EXPECT_GT(moved, 0);
  }
}

Faults tiling_faults(const mjtest::TileRules& rules) {
  return [&rules](const mj::GridView& g) { return rules.faults(g).size(); };
}

TEST(WfcPins, PinnedGridIsTheWfcsGrid) {
  const mj::Model knots = corpus_model_entry("Knots2D");
  const mj::GridShape tiles = knots.pinned_grid();
  EXPECT_EQ(tiles.legend, "IE");
  EXPECT_EQ(tiles.mz, 1);
  EXPECT_GT(tiles.mx, 12);  // 12 x 12 tiles of several voxels each
  EXPECT_EQ(tiles.mx % 12, 0);
  EXPECT_EQ(knots.grid().legend, "DB");  // the start grid, which pins no longer name
  const mj::Model flowers = corpus_model_entry("WaveFlowers");
  EXPECT_EQ(flowers.pinned_grid().legend, "zYgN");
  EXPECT_EQ(flowers.pinned_grid().size(), flowers.grid().size());
  const mj::Model maze = corpus_model_entry("MazeMap");  // refused: the start grid
  EXPECT_EQ(maze.pinned_grid().legend, "BOEIN");
}

TEST(WfcPins, TileModel2DHoldsItsPins) {
  const std::string xml = mjtest::corpus_model("Knots2D");
  const mjtest::TileRules rules(xml);
  mj::Interpreter ip = mj::Interpreter::from_string(xml, sized(12, 12, 1), "Knots2D.xml");
  expect_pins_held(ip, rules.tileset.shape.s + 2, tiling_faults(rules), {2, 3, 4});
}

TEST(WfcPins, TileModel3DHoldsItsPins) {
  const std::string xml = mjtest::corpus_model("Knots3D");
  const mjtest::TileRules rules(xml);
  mj::Interpreter ip = mj::Interpreter::from_string(xml, sized(6, 6, 6), "Knots3D.xml");
  expect_pins_held(ip, rules.tileset.shape.s + 1, tiling_faults(rules), {2, 3});
}

// The overlap model is 2D only, in mj as in the reference ("works only on 2D grids").
TEST(WfcPins, OverlapModelHoldsItsPins) {
  const mjtest::SampleWindows sample("Flowers", 3, /*mirrored=*/true);  // WaveFlowers' symmetry="(x)"
  mj::Interpreter ip = mj::Interpreter::from_file(corpus_file("WaveFlowers"), sized(32, 32, 1));
  expect_pins_held(ip, 4, [&](const mj::GridView& g) { return size_t(sample.faults(g)); }, {2, 3, 4});
}

TEST(WfcPins, OverlappingAndSpacedTilesHoldTheirPins) {
  // Tiles sharing a row of voxels (overlap="1": a shared voxel pins both tiles over it) and tiles apart
  // (overlap="-2": the gaps between them, which no tile draws, keep the value the grid is cleared to).
  for (const char* overlap : {"1", "-2"}) {
    std::string xml = mjtest::corpus_model("Knots2D");
    xml.replace(xml.find("<wfc"), 4, std::string("<wfc overlap=\"") + overlap + "\"");
    mj::Interpreter ip = mj::Interpreter::from_string(xml, sized(8, 8, 1), "Knots2D.xml");
    ip.run(1, 0);
    const std::vector<uint8_t> pins = band_and_cells(ip.grid(), 9);
    ip.set_pins(pins);
    for (bool backtrack : {false, true}) {
      ip.set_backtrack(backtrack);
      ip.run(2, 0);
      EXPECT_TRUE(ip.run_notices().empty()) << overlap << ": " << ip.run_notices().at(0).text();
      EXPECT_EQ(unheld(pins, ip.grid()), 0) << overlap << " backtrack " << backtrack;
    }
  }
  std::string xml = mjtest::corpus_model("Knots2D");
  xml.replace(xml.find("<wfc"), 4, "<wfc overlap=\"-2\"");
  mj::Interpreter ip = mj::Interpreter::from_string(xml, sized(8, 8, 1), "Knots2D.xml");
  const mj::GridShape g = ip.pinned_grid();
  std::vector<uint8_t> pins(g.size(), mj::kFreeCell);
  pins[size_t(5 + 10 * g.mx)] = 1;  // x = 5, in the gap after the first column of tiles (5 voxels wide)
  ip.set_pins(pins);
  ip.run(1, 0);
  ASSERT_EQ(ip.run_notices().size(), 1u);
  EXPECT_TRUE(contains(ip.run_notices()[0].message, "cell (5, 10) is pinned to")) << ip.run_notices()[0].message;
}

TEST(WfcPins, ChildrenKeepThePins) {
  // TileDungeon's markov rewrites the collapse's tiles: the pins (copied from a collapse alone) stay.
  const std::string xml = mjtest::corpus_model("TileDungeon");
  std::string collapse = xml;
  collapse.erase(collapse.find("<markov>"), collapse.find("</markov>") + 9 - collapse.find("<markov>"));
  mj::Interpreter alone = mj::Interpreter::from_string(collapse, sized(12, 12, 1), "TileDungeon");
  alone.run(1, 0);
  const std::vector<uint8_t> pins = band_and_cells(alone.grid(), 9);
  mj::Interpreter ip = mj::Interpreter::from_string(xml, sized(12, 12, 1), "TileDungeon.xml");
  ip.set_pins(pins);
  for (int seed : {2, 3}) {
    ip.run(seed, 0);
    EXPECT_TRUE(ip.finished());
    EXPECT_TRUE(ip.run_notices().empty()) << ip.run_notices().at(0).text();
    EXPECT_EQ(unheld(pins, ip.grid()), 0) << seed;
  }
}

TEST(WfcPins, APinNoTileDrawsIsANotice) {
  // Knots2D's border cells take the Empty tile (<rule in="D" out="Empty"/>): none of its voxels is I.
  mj::Interpreter ip = mj::Interpreter::from_file(corpus_file("Knots2D"), sized(12, 12, 1));
  ip.run(1, 0);
  const mj::GridView g = ip.grid();
  const uint8_t empty = g.cells[2 + 1 * g.mx];  // what the Empty tile has there, in every run
  std::vector<uint8_t> pins(g.size(), mj::kFreeCell);
  pins[size_t(2 + 1 * g.mx)] = uint8_t(1 - empty);
  ip.set_pins(pins);
  for (bool backtrack : {false, true}) {
    ip.set_backtrack(backtrack);
    ip.run(1, 0);
    ASSERT_EQ(ip.run_notices().size(), 1u);
    const mj::Notice notice = ip.run_notices()[0];
    EXPECT_EQ(notice.line, 3);  // the <wfc>
    EXPECT_TRUE(contains(notice.message, std::string("the pins cannot be met: cell (2, 1) is pinned to '") +
                                             g.legend[size_t(1 - empty)] + "'"))
        << notice.message;
    EXPECT_TRUE(ip.finished());
  }
}

TEST(WfcPins, PinsThatContradictEachOtherAreANotice) {
  // A 3 x 3 square of WaveFlowers' grid pinned to a checkerboard of z and N, which no window of the
  // sample shows: the pattern over the square is banned cell by cell, each cell alone allowing some.
  mj::Interpreter ip = mj::Interpreter::from_file(corpus_file("WaveFlowers"), sized(32, 32, 1));
  const mj::GridShape g = ip.pinned_grid();
  std::vector<uint8_t> pins(g.size(), mj::kFreeCell);
  for (int y = 6; y < 9; y++)
    for (int x = 6; x < 9; x++) pins[size_t(x + y * g.mx)] = uint8_t(g.legend.find((x + y) % 2 ? 'z' : 'N'));
  ip.set_pins(pins);
  ip.run(1, 0);
  ASSERT_EQ(ip.run_notices().size(), 1u);
  EXPECT_TRUE(contains(ip.run_notices()[0].message, "the pins cannot be met")) << ip.run_notices()[0].message;
}

TEST(WfcPins, MapsSecondWfcsAndGoalsAreRefusedAtTheirLine) {
  const std::string twice = R"(<sequence values="DB">
  <wfc tileset="Knots2D" values="IE">
    <rule in="D" out="Empty"/>
    <wfc tileset="Knots2D" values="IE"/>
  </wfc>
</sequence>)";
  mj::Interpreter two = mj::Interpreter::from_string(twice, sized(2, 2, 1), "twice.xml");
  mj::Error e =
      mjtest::expect_error([&] { two.set_pins(std::vector<uint8_t>(two.pinned_grid().size(), mj::kFreeCell)); });
  EXPECT_EQ(e.line(), 4);  // the second <wfc>
  EXPECT_TRUE(contains(e.message(), "one <wfc> at most")) << e.message();
  mj::Interpreter maze = mj::Interpreter::from_file(corpus_file("MazeMap"), sized(8, 8, 1));
  e = mjtest::expect_error([&] { maze.set_pins(std::vector<uint8_t>(64, mj::kFreeCell)); });
  EXPECT_EQ(e.line(), 8);  // the <map>
  EXPECT_TRUE(contains(e.message(), "no <map>")) << e.message();
  mj::Interpreter knots = mj::Interpreter::from_file(corpus_file("Knots2D"), sized(12, 12, 1));
  e = mjtest::expect_error([&] { knots.set_goal(std::vector<uint8_t>(knots.pinned_grid().size(), 0)); });
  EXPECT_EQ(e.line(), 3);
  e = mjtest::expect_error([&] { knots.set_pins(std::vector<uint8_t>(144, mj::kFreeCell)); });  // the start grid's
  EXPECT_TRUE(contains(e.message(), "144 cells")) << e.message();
}

// The state text's rows past the first `keep`, made free ('*'): pins of a band along the top edge.
std::string band_of_state(const std::string& state, int keep) {
  std::string out;
  size_t at = 0;
  for (int line = 0; at < state.size(); line++) {
    const size_t end = state.find('\n', at);
    std::string row = state.substr(at, end - at);
    if (line >= 2 + keep) std::fill(row.begin(), row.end(), '*');  // after the header and the legend
    out += row + "\n";
    at = end == std::string::npos ? state.size() : end + 1;
  }
  return out;
}

TEST(WfcPins, CliRunsAWfcModelWithPins) {
  const fs::path dir = mjtest::temp_dir("wfc_pins_cli");
  const std::string run = "run models/Knots2D.xml --no-picture --state ";
  ASSERT_EQ(mjtest::run_cli(run + (dir / "one.txt").string() + " --seed 1", corpus_dir()).exit_code, 0);
  const std::string one = mjtest::read_bytes(dir / "one.txt");
  mjtest::write(dir / "band.txt", band_of_state(one, 7));
  const mjtest::CliResult r = mjtest::run_cli(
      run + (dir / "two.txt").string() + " --seed 2 --pins " + (dir / "band.txt").string(), corpus_dir());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_FALSE(contains(r.output, "warning")) << r.output;
  const std::string two = mjtest::read_bytes(dir / "two.txt");
  // The header (name, seed) differs; the legend and the band's rows are the first run's.
  const auto rows = [](const std::string& s, int n) {
    size_t at = s.find('\n') + 1;
    for (int k = 0; k < n; k++) at = s.find('\n', at) + 1;
    return s.substr(s.find('\n') + 1, at - s.find('\n') - 1);
  };
  EXPECT_EQ(rows(two, 8), rows(one, 8));
  EXPECT_NE(two.substr(two.find('\n')), one.substr(one.find('\n')));  // below the band, another knot
}

}  // namespace
