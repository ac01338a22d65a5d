// wfc with backtracking (backtrack="True", Interpreter::set_backtrack): where the reference gives up,
// the collapse ends, and the grid it ends on is valid, checked here apart from the propagation: the
// tiles are read back from the grid's voxels, and every pair of neighbouring tiles must be one the
// tileset's neighbour rules allow. Without the option nothing changes (the golden conformance runs
// say so); a wfc that gives up says so in a run notice.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "mj/defaults.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"
#include "wfc_checkers.hpp"

namespace {

namespace fs = std::filesystem;
using mjtest::collapse_only;
using mjtest::corpus_model;
using mjtest::SampleWindows;
using mjtest::TileRules;

mj::LoadOptions cube(int size) { return {size, size, size, mjtest::corpus_dir() / "resources"}; }

// Runs the collapse of `name` at `size` with backtracking: it ends, with a valid tiling.
void expect_valid_collapses(const std::string& name, int size, std::initializer_list<int> seeds) {
  const std::string xml = collapse_only(corpus_model(name));
  const TileRules rules(xml);
  mj::Interpreter ip = mj::Interpreter::from_string(xml, cube(size), name + ".xml");
  ip.set_backtrack(true);
  for (int seed : seeds) {
    ip.run(seed, 0);
    EXPECT_TRUE(ip.run_notices().empty()) << name << " seed " << seed << ": " << ip.run_notices().at(0).text();
    EXPECT_EQ(rules.faults(ip.grid()), std::vector<std::string>{}) << name << " seed " << seed;
  }
}

TEST(WfcBacktrack, EscherPastItsSizeCollapsesValidly) {
  expect_valid_collapses("Escher", 10, {1, 2, 3});
  expect_valid_collapses("Escher", 16, {1});
}

TEST(WfcBacktrack, PillarsOfEternityPastItsSizeCollapsesValidly) {
  expect_valid_collapses("PillarsOfEternity", 18, {1, 2});
}

// The checker itself: a tile swapped for another breaks a neighbour rule somewhere.
TEST(WfcBacktrack, CheckerFindsATileThatMayNotTouch) {
  const std::string xml = collapse_only(corpus_model("Knots2D"));
  const TileRules rules(xml);
  mj::Interpreter ip = mj::Interpreter::from_string(xml, {12, 12, 1, mjtest::corpus_dir() / "resources"}, "Knots2D");
  ip.run(1, 0);
  mj::GridView g = ip.grid();
  ASSERT_EQ(rules.faults(g), std::vector<std::string>{});
  std::vector<uint8_t> cells(g.cells, g.cells + g.size());
  // The tile at (5, 5) (S x S voxels) becomes each other variant in turn: every one is caught, as
  // not fitting the neighbours the run left around it, or the tile it replaced allowed nothing else.
  const int s = rules.tileset.shape.s;
  int caught = 0, tried = 0;
  const std::vector<int> original = rules.tile_at(g, 5, 5, 0);
  for (int t = 0; t < int(rules.tileset.variants.size()); t++) {
    if (std::find(original.begin(), original.end(), t) != original.end()) continue;
    std::vector<uint8_t> changed = cells;
    for (int y = 0; y < s; y++)
      for (int x = 0; x < s; x++)
        changed[size_t(5 * s + x + (5 * s + y) * g.mx)] = rules.tileset.variants[size_t(t)][size_t(x + y * s)];
    mj::GridView view = g;
    view.cells = changed.data();
    tried++;
    if (!rules.faults(view).empty()) caught++;
  }
  EXPECT_GT(tried, 0);
  EXPECT_GT(caught, 0);
}

TEST(WfcBacktrack, BrickWallCollapsesValidly) {
  // WaveBrickWall (overlap, n = 3, periodic, symmetry "()") at 16 x 16: the reference's first ten seeds fail there.
  const SampleWindows sample("BrickWall", 3);
  mj::Interpreter ip = mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "WaveBrickWall.xml",
                                                  {16, 16, 1, mjtest::corpus_dir() / "resources"});
  ip.set_backtrack(true);
  for (int seed : {1, 2, 3}) {
    ip.run(seed, 0);
    EXPECT_TRUE(ip.run_notices().empty()) << seed;
    EXPECT_EQ(sample.faults(ip.grid()), 0) << seed;
    // The checker: one cell changed to each other value breaks some window.
    mj::GridView g = ip.grid();
    std::vector<uint8_t> cells(g.cells, g.cells + g.size());
    cells[37] = uint8_t((cells[37] + 1) % 3);
    g.cells = cells.data();
    EXPECT_GT(sample.faults(g), 0);
  }
}

TEST(WfcBacktrack, SameSeedSameRun) {
  // An overlap model (periodic, 2D) and a tile model (3D), with backtrack="True" on the node.
  for (const auto& [name, options] :
       std::vector<std::pair<std::string, mj::LoadOptions>>{{"WaveBrickWall", {16, 16, 1}}, {"Escher", {10, 10, 10}}}) {
    std::string xml = corpus_model(name);
    xml.replace(xml.find("<wfc"), 4, "<wfc backtrack=\"True\"");
    mj::LoadOptions o = options;
    o.resources = mjtest::corpus_dir() / "resources";
    mj::Interpreter a = mj::Interpreter::from_string(xml, o, name), b = mj::Interpreter::from_string(xml, o, name);
    EXPECT_TRUE(a.notices().empty()) << name;  // backtrack is an attribute of wfc
    for (int seed : {1, 2}) {
      a.run(seed, 0);
      b.run(3, 0);  // another run before: nothing carries over
      b.run(seed, 0);
      EXPECT_TRUE(a.finished());
      EXPECT_EQ(a.steps(), b.steps()) << name;
      EXPECT_TRUE(a.run_notices().empty()) << name << " seed " << seed;
      EXPECT_TRUE(std::equal(a.grid().cells, a.grid().cells + a.grid().size(), b.grid().cells)) << name;
    }
  }
}

TEST(WfcBacktrack, AnimatedReplayEndsOnTheSameGrid) {
  // The replay step by step (animated) makes the trail's choices again: the same grid as unwatched.
  const std::string xml = corpus_model("Escher");
  mj::Interpreter a = mj::Interpreter::from_string(xml, cube(10), "Escher"),
                  b = mj::Interpreter::from_string(xml, cube(10), "Escher");
  a.set_backtrack(true), b.set_backtrack(true);
  b.set_animated(true);
  a.run(4, 0);
  b.run(4, 0);
  EXPECT_EQ(a.steps(), b.steps());
  EXPECT_TRUE(std::equal(a.grid().cells, a.grid().cells + a.grid().size(), b.grid().cells));
}

TEST(WfcBacktrack, GivingUpIsANotice) {
  // Escher at 10: no seed of the 1000 tried collapses without a contradiction.
  mj::Interpreter ip = mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "Escher.xml", cube(10));
  EXPECT_TRUE(ip.run_notices().empty());
  ip.run(1, 0);
  ASSERT_EQ(ip.run_notices().size(), 1u);
  const mj::Notice notice = ip.run_notices()[0];
  EXPECT_EQ(notice.line, 4);  // the <wfc>
  EXPECT_TRUE(mjtest::contains(notice.file, "Escher.xml"));
  EXPECT_TRUE(mjtest::contains(notice.message, "no good seed in 1000 tries")) << notice.message;
  ip.run(1, 0);
  EXPECT_EQ(ip.run_notices().size(), 1u);  // each run its own
}

TEST(WfcBacktrack, CliPrintsTheNoticeOnStderr) {
  const mjtest::CliResult r =
      mjtest::run_cli("run models/Escher.xml --size 10 --d 3 --seed 1 --no-picture", mjtest::corpus_dir());
  EXPECT_TRUE(mjtest::contains(r.output, "Escher.xml:4: warning: wfc found no good seed in 1000 tries")) << r.output;
}

TEST(WfcBacktrack, EscherAtFourTimesItsSizeCollapsesValidly) {
  // models.xml runs Escher at 8; at 24 and 32 the reference's retries never finish. Swept in the grid's
  // order after the first contradiction (a wave that does not wrap), every seed finishes.
  expect_valid_collapses("Escher", 32, {1, 2, 3});
}

TEST(WfcBacktrack, BrickWallAtFourTimesItsSizeCollapsesValidly) {
  // An overlap sample at four times models.xml's 50 x 50: every 3 x 3 window of the grid is one of the sample's.
  const SampleWindows sample("BrickWall", 3);
  mj::Interpreter ip = mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "WaveBrickWall.xml",
                                                  {200, 200, 1, mjtest::corpus_dir() / "resources"});
  ip.set_backtrack(true);
  ip.run(1, 0);
  EXPECT_TRUE(ip.run_notices().empty());
  EXPECT_EQ(sample.faults(ip.grid()), 0);
}

// The line of the first `what` in `xml`.
int line_of(const std::string& xml, const std::string& what) {
  return 1 + int(std::count(xml.begin(), xml.begin() + std::ptrdiff_t(xml.find(what)), '\n'));
}

// Runs the collapse of `name` at `size`, seed 1, with backtracking: undoing observations alone does not end
// it (it went on in blocks from the ground), and it ends valid. (That it ends on the same grid when stopped
// and gone on with, as a run of the same seed: tests/wfc_pause_test.cpp.)
void expect_valid_collapse_in_blocks(const std::string& name, int size) {
  const std::string xml = collapse_only(corpus_model(name));
  const TileRules rules(xml);
  mj::Interpreter ip = mj::Interpreter::from_string(xml, cube(size), name + ".xml");
  ip.set_backtrack(true);
  ip.run(1, 0);
  EXPECT_TRUE(ip.run_notices().empty()) << name << ": " << ip.run_notices().at(0).text();
  EXPECT_GE(ip.inspect(line_of(xml, "<wfc")).undone_choices, mj::kMostUndoneChoices) << name;
  EXPECT_EQ(rules.faults(ip.grid()), std::vector<std::string>{}) << name;
}

TEST(WfcBacktrack, WrappingTilesetsPastWhereUndoingEndsFinishInBlocks) {
  // These waves wrap along z: at 2.5 times models.xml's size (and at four times, scripts/wfc_backtrack_bench.sh)
  // they meet themselves where no undoing of recent observations reaches. Past kMostUndoneChoices the
  // collapse goes on in blocks from the ground (Empty), cubes then columns, and ends.
  expect_valid_collapse_in_blocks("PeriodicEscher", 20);
  expect_valid_collapse_in_blocks("OrientedEscher", 16);  // its origin may not be Empty: collapsed first
}

TEST(WfcBacktrack, WithoutAContradictionTheRunIsTheReferences) {
  // Where the collapse of the first seed meets no contradiction (nothing undone), backtracking draws
  // what the reference draws: the same grid. Some runs of each kind must be there to compare.
  const fs::path resources = mjtest::corpus_dir() / "resources";
  int same = 0, undid = 0;
  for (const auto& [name, options] : std::vector<std::pair<std::string, mj::LoadOptions>>{
           {"Knots2D", {12, 12, 1, resources}}, {"WaveFlowers", {60, 60, 1, resources}}, {"Escher", cube(8)}}) {
    const fs::path file = mjtest::corpus_dir() / "models" / (name + ".xml");
    mj::Interpreter reference = mj::Interpreter::from_file(file, options),
                    back = mj::Interpreter::from_file(file, options);
    back.set_backtrack(true);
    const int line = name == "Escher" ? 4 : 3;
    for (int seed = 1; seed <= 6; seed++) {
      reference.run(seed, 0);
      back.run(seed, 0);
      if (back.inspect(line).undone_choices > 0) {
        undid++;
        continue;
      }
      same++;
      EXPECT_TRUE(
          std::equal(reference.grid().cells, reference.grid().cells + reference.grid().size(), back.grid().cells))
          << name << " seed " << seed;
    }
  }
  EXPECT_GT(same, 6);
  EXPECT_GT(undid, 0);
}

TEST(WfcBacktrack, AContradictoryInputNamesItsCells) {
  // ModernHouse at twice its size, seed 1: the outer wfc's tiles, rewritten, make an input its inner
  // wfc (line 49) cannot tile.
  const mj::LoadOptions options{18, 18, 8, mjtest::corpus_dir() / "resources"};
  mj::Interpreter ip = mj::Interpreter::from_file(mjtest::corpus_dir() / "models" / "ModernHouse.xml", options);
  for (bool backtrack : {false, true}) {
    ip.set_backtrack(backtrack);
    ip.run(1, 0);
    ASSERT_EQ(ip.run_notices().size(), 1u);
    const mj::Notice notice = ip.run_notices()[0];
    EXPECT_EQ(notice.line, 49);
    EXPECT_TRUE(mjtest::contains(notice.message,
                                 "wfc: the input grid contradicts the rules: its cells (27, 16, 2) 'a', "
                                 "(28, 16, 2) 'V',"))
        << notice.message;
    EXPECT_TRUE(mjtest::contains(notice.message, "(28, 18, 2) 'V' and 113 more leave (29, 18, 4) no pattern"))
        << notice.message;
  }
}

}  // namespace
