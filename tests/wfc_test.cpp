// wfc: the overlap model on a sample, the tile model on a tileset, and load errors with file:line.
#include <gtest/gtest.h>

#include <tuple>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/formats/png.hpp"
#include "io/formats/vox.hpp"
#include "mj/picture.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;

// A resources folder of the test's own.
class Resources {
 public:
  Resources() {
    root_ = mjtest::temp_dir();
    fs::create_directories(root_ / "samples");
    fs::create_directories(root_ / "tilesets" / "Pair");
  }
  const fs::path& root() const { return root_; }
  void write(const fs::path& relative, const std::string& text) const { std::ofstream(root_ / relative) << text; }

 private:
  fs::path root_;
};

void write_checkerboard(const Resources& r) {
  mj::Image image{4, 4, {}};
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 4; x++) image.argb.push_back((x + y) % 2 ? 0xffffffffu : 0xff000000u);
  mj::save_png(r.root() / "samples" / "Checker.png", image);
}

// Tiles A and B: 2x2x1 blocks of one colour each; A and B only ever touch each other.
void write_pair_tileset(const Resources& r, const std::string& neighbors) {
  for (auto [name, value] : {std::pair{"A", 1}, std::pair{"B", 2}}) {
    std::vector<uint8_t> block(4, uint8_t(value));
    mj::save_vox(r.root() / "tilesets" / "Pair" / (std::string(name) + ".vox"),
                 mj::GridView{2, 2, 1, "", block.data(), {}}, {0xff000000u, 0xffff0000u, 0xff00ff00u});
  }
  r.write("tilesets/Pair.xml",
          "<tileset>\n  <tiles>\n    <tile name=\"A\"/>\n    <tile name=\"B\"/>\n  </tiles>\n  <neighbors>\n" +
              neighbors + "  </neighbors>\n</tileset>\n");
}

mj::Interpreter load(const Resources& r, const std::string& xml, int mx, int my) {
  return mj::Interpreter::from_string(xml, mj::LoadOptions{mx, my, 1, r.root()}, "model.xml");
}

std::string load_error(const Resources& r, const std::string& xml) {
  try {
    load(r, xml, 6, 6);
  } catch (const mj::Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Wfc, OverlapOnCheckerboardMakesCheckerboard) {
  Resources r;
  write_checkerboard(r);
  auto ip = load(r, R"(<sequence values="B"><wfc sample="Checker" values="BW" n="2"/></sequence>)", 8, 8);
  for (int seed = 1; seed <= 3; seed++) {
    ip.run(seed, 0);
    ASSERT_TRUE(ip.finished());
    mj::GridView g = ip.grid();
    ASSERT_EQ(g.legend, "BW");
    ASSERT_EQ(g.mx, 8);
    for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
        uint8_t v = g.cells[x + y * 8];
        EXPECT_NE(v, g.cells[(x + 1) % 8 + y * 8]) << x << "," << y;
        EXPECT_NE(v, g.cells[x + ((y + 1) % 8) * 8]) << x << "," << y;
      }
  }
}

TEST(Wfc, AnimatedRunShowsTheWaveAndEndsTheSame) {
  Resources r;
  write_checkerboard(r);
  const std::string xml = R"(<sequence values="B"><wfc sample="Checker" values="BW" n="2"/></sequence>)";
  auto plain = load(r, xml, 8, 8);
  plain.run(5, 0);
  std::vector<uint8_t> expected(plain.grid().cells, plain.grid().cells + 64);
  auto animated = load(r, xml, 8, 8);
  animated.set_animated(true);
  animated.start(5);
  ASSERT_TRUE(animated.step());
  ASSERT_TRUE(animated.step());  // one observation: the partial picture is already on the new grid
  EXPECT_EQ(animated.grid().legend, "BW");
  while (animated.step()) {
  }
  EXPECT_EQ(animated.steps(), plain.steps());
  EXPECT_EQ(std::vector<uint8_t>(animated.grid().cells, animated.grid().cells + 64), expected);
}

TEST(Wfc, TilesetWithOneTilingProducesIt) {
  Resources r;
  write_pair_tileset(r, "    <neighbor left=\"A\" right=\"B\"/>\n");
  // The origin cell (2, 2) must be A; the rest follows: A where x + y is even.
  auto ip = load(r,
                 R"(<sequence values="BO" origin="True">
  <wfc tileset="Pair" values="XY"><rule in="O" out="A"/></wfc>
</sequence>)",
                 5, 5);
  int steps = ip.run(7, 0);
  EXPECT_EQ(steps, 3);  // find the seed, see that nothing is left to observe, end
  mj::GridView g = ip.grid();
  ASSERT_EQ(g.mx, 10);
  ASSERT_EQ(g.my, 10);
  for (int y = 0; y < 10; y++)
    for (int x = 0; x < 10; x++) EXPECT_EQ(g.cells[x + y * 10], (x / 2 + y / 2) % 2) << x << "," << y;
}

// Found by fuzz_model: a wfc that finds no good seed inside nested branches dereferenced a null current branch.
TEST(Wfc, FailedCollapseInsideNestedSequencesEndsTheRun) {
  Resources r;
  // A checkerboard of tiles has no good seed on an odd torus.
  write_pair_tileset(r, "    <neighbor left=\"A\" right=\"B\"/>\n");
  auto ip = load(r,
                 R"(<sequence values="BO">
  <sequence>
    <wfc tileset="Pair" values="XY" periodic="True" tries="2"/>
  </sequence>
</sequence>)",
                 5, 5);
  EXPECT_EQ(ip.run(1, 100), 1);
  EXPECT_TRUE(ip.finished());
}

TEST(Wfc, TileChildrenRunOnTheNewGrid) {
  Resources r;
  write_pair_tileset(r, "    <neighbor left=\"A\" right=\"B\"/>\n");
  auto ip = load(r,
                 R"(<sequence values="BO" origin="True">
  <wfc tileset="Pair" values="XYZ"><rule in="O" out="A"/><all in="Y" out="Z"/></wfc>
</sequence>)",
                 3, 3);
  ip.run(1, 0);
  mj::GridView g = ip.grid();
  ASSERT_EQ(g.mx, 6);
  for (int i = 0; i < 36; i++) EXPECT_EQ(g.cells[i], ((i % 6) / 2 + (i / 6) / 2) % 2 ? 2 : 0) << i;
}

TEST(Wfc, MissingSampleOrTilesetFailsAtTheNode) {
  Resources r;
  EXPECT_NE(load_error(r, "<sequence values=\"B\">\n<wfc sample=\"Nope\" values=\"BW\"/>\n</sequence>")
                .find("model.xml:2: couldn't read sample"),
            std::string::npos);
  EXPECT_NE(load_error(r, "<sequence values=\"B\">\n\n<wfc tileset=\"Nope\" values=\"BW\"/>\n</sequence>")
                .find("model.xml:3: couldn't open tileset"),
            std::string::npos);
  EXPECT_NE(load_error(r, "<sequence values=\"B\">\n<wfc values=\"BW\"/>\n</sequence>").find("model.xml:2: "),
            std::string::npos);
}

TEST(Wfc, MissingTileFileFailsAtTheTile) {
  Resources r;
  write_pair_tileset(r, "");
  fs::remove(r.root() / "tilesets" / "Pair" / "B.vox");
  std::string e = load_error(r, "<sequence values=\"B\">\n<wfc tileset=\"Pair\" values=\"XY\"/>\n</sequence>");
  EXPECT_NE(e.find("Pair.xml:4: couldn't read tile"), std::string::npos) << e;
}

TEST(Wfc, SampleWithMoreColoursThanValuesFails) {
  Resources r;
  write_checkerboard(r);
  std::string e = load_error(r, "<sequence values=\"B\">\n<wfc sample=\"Checker\" values=\"B\"/>\n</sequence>");
  EXPECT_NE(e.find("model.xml:2: there are 2 colours in the sample"), std::string::npos) << e;
}

TEST(Wfc, UnknownTileInNeighborsFailsAtTheNeighbor) {
  Resources r;
  write_pair_tileset(r, "    <neighbor left=\"A\" right=\"B\"/>\n    <neighbor left=\"A\" right=\"C\"/>\n");
  std::string e = load_error(r, "<sequence values=\"B\">\n<wfc tileset=\"Pair\" values=\"XY\"/>\n</sequence>");
  EXPECT_NE(e.find("Pair.xml:8: unknown tile A or C"), std::string::npos) << e;
}

// Cube tiles in a tileset without full symmetry: turning one about x gives a tile that is no
// variant (its layers become rows), and the neighbor rule that asks for it fails there.
TEST(Wfc, NeighborTurningATileOutOfTheTilesetFails) {
  Resources r;
  fs::create_directories(r.root() / "tilesets" / "Cubes");
  for (auto [name, low, high] : {std::tuple{"A", 1, 2}, std::tuple{"B", 2, 2}}) {
    std::vector<uint8_t> block{uint8_t(low),  uint8_t(low),  uint8_t(low),  uint8_t(low),
                               uint8_t(high), uint8_t(high), uint8_t(high), uint8_t(high)};
    mj::save_vox(r.root() / "tilesets" / "Cubes" / (std::string(name) + ".vox"),
                 mj::GridView{2, 2, 2, "", block.data(), {}}, {0xff000000u, 0xffff0000u, 0xff00ff00u});
  }
  r.write("tilesets/Cubes.xml",
          "<tileset>\n  <tiles>\n    <tile name=\"A\"/>\n    <tile name=\"B\"/>\n  </tiles>\n  <neighbors>\n"
          "    <neighbor left=\"z A\" right=\"B\"/>\n    <neighbor left=\"x A\" right=\"B\"/>\n  "
          "</neighbors>\n</tileset>\n");
  std::string e = load_error(r, "<sequence values=\"B\">\n<wfc tileset=\"Cubes\" values=\"XY\"/>\n</sequence>");
  EXPECT_NE(e.find("Cubes.xml:8: this neighbor rule turns a tile into a shape the tileset lacks"), std::string::npos)
      << e;
}

TEST(Wfc, UnknownSymmetryFails) {
  Resources r;
  write_checkerboard(r);
  std::string e =
      load_error(r, "<sequence values=\"B\">\n<wfc sample=\"Checker\" values=\"BW\" symmetry=\"(q)\"/>\n</sequence>");
  EXPECT_NE(e.find("model.xml:2: unknown symmetry"), std::string::npos) << e;
  write_pair_tileset(r, "    <neighbor left=\"q A\" right=\"B\"/>\n");
  e = load_error(r, "<sequence values=\"B\">\n<wfc tileset=\"Pair\" values=\"XY\"/>\n</sequence>");
  EXPECT_NE(e.find("Pair.xml:7: unknown symmetry q"), std::string::npos) << e;
}

TEST(Wfc, UnknownTileInRuleFailsAtTheRule) {
  Resources r;
  write_pair_tileset(r, "    <neighbor left=\"A\" right=\"B\"/>\n");
  std::string e = load_error(r,
                             "<sequence values=\"B\">\n<wfc tileset=\"Pair\" values=\"XY\">\n<rule in=\"B\" "
                             "out=\"A|D\"/>\n</wfc>\n</sequence>");
  EXPECT_NE(e.find("model.xml:3: unknown tile name D"), std::string::npos) << e;
}

TEST(Wfc, RulesAreSettingsButOtherChildrenMustBeNodes) {
  Resources r;
  write_pair_tileset(r, "    <neighbor left=\"A\" right=\"B\"/>\n");
  std::string e =
      load_error(r,
                 "<sequence values=\"B\">\n<wfc tileset=\"Pair\" values=\"XY\">\n<rule in=\"B\" out=\"A\"/>\n"
                 "<dance/>\n</wfc>\n</sequence>");
  EXPECT_NE(e.find("model.xml:4: unknown node <dance>"), std::string::npos) << e;
}

}  // namespace

// The playground and Python switch animation on for a run already under way (paused mid-collapse):
// from the next step the grid shows the decided tiles, a change at every observation, and the run
// still ends as a plain run does. (The overlap model draws each cell's most voted colour, as the
// reference's GIFs do, which an observation does not always turn.)
TEST(Wfc, AnimationSwitchedOnMidCollapseDrawsEveryStep) {
  const auto model = mjtest::corpus_dir() / "models" / "Knots2D.xml";
  const mj::LoadOptions options{12, 12, 1, mjtest::corpus_dir() / "resources"};
  auto plain = mj::Interpreter::from_file(model, options);
  plain.run(3, 0);
  auto cells = [](const mj::GridView& g) { return std::vector<uint8_t>(g.cells, g.cells + g.size()); };
  const std::vector<uint8_t> expected = cells(plain.grid());

  auto animated = mj::Interpreter::from_file(model, options);
  animated.start(3);
  for (int k = 0; k < 3; k++) ASSERT_TRUE(animated.step());  // all, the seed found, a first observation
  const std::vector<uint8_t> empty = cells(animated.grid());
  EXPECT_EQ(empty, std::vector<uint8_t>(empty.size(), 0));  // not animated: nothing drawn yet
  animated.set_animated(true);
  std::vector<uint8_t> previous = empty;
  int changed = 0, collapse_steps = 0, last_change = 0;
  while (animated.active_node() && animated.active_node()->kind == "wfc" && animated.step()) {
    const std::vector<uint8_t> now = cells(animated.grid());
    collapse_steps++;
    if (now != previous) changed++, last_change = collapse_steps;
    previous = now;
  }
  ASSERT_GT(collapse_steps, 10);
  EXPECT_EQ(changed, last_change);             // every observation shows...
  EXPECT_GE(last_change, collapse_steps - 2);  // ...up to the steps that find nothing left and end the node
  while (animated.step()) {
  }
  EXPECT_EQ(animated.steps(), plain.steps());
  EXPECT_EQ(cells(animated.grid()), expected);
}

// A run that nobody watches skips the replay's observations (the collapse of the seed it found
// already reached the end the replay would reach again). Asked mid-collapse, it shows the wave of
// the step it stands at, as an inspected run does at every step, and then ends as that run does.
TEST(Wfc, UnwatchedReplayShowsTheWaveOfItsStep) {
  const auto model = mjtest::corpus_dir() / "models" / "WaveBrickWall.xml";
  const mj::LoadOptions options{24, 24, 1, mjtest::corpus_dir() / "resources"};
  auto cells = [](const mj::GridView& g) { return std::vector<uint8_t>(g.cells, g.cells + g.size()); };
  auto inspected = mj::Interpreter::from_file(model, options);
  inspected.set_inspecting(true);
  inspected.start(4);
  std::vector<std::vector<int>> shown;  // shown[k]: the options after step k + 1
  while (inspected.step()) shown.push_back(inspected.inspect(2).options);
  ASSERT_GT(shown.size(), 20u);
  size_t last_open = shown.size() - 1;  // the last step before the wave is all decided
  while (last_open > 0 && shown[last_open] == shown.back()) last_open--;
  for (size_t k : {size_t(1), size_t(2), size_t(7), shown.size() / 2, last_open}) {
    auto plain = mj::Interpreter::from_file(model, options);
    plain.start(4);
    for (size_t s = 0; s <= k; s++) ASSERT_TRUE(plain.step());
    EXPECT_EQ(plain.inspect(2).options, shown[k]) << "step " << k + 1;
    EXPECT_NE(shown[k], shown.back()) << "step " << k + 1;  // mid-collapse indeed
    while (plain.step()) {
    }
    EXPECT_EQ(plain.steps(), inspected.steps());
    EXPECT_EQ(cells(plain.grid()), cells(inspected.grid()));
  }
}

// An animated run draws at each step only the cells whose patterns changed; what it shows must be
// what drawing the whole wave shows. A run not animated draws nothing until the collapse ends, so
// switching animation on after step k - 1 draws the whole wave at step k: the two must agree.
TEST(Wfc, AnimatedStepsDrawWhatTheWholeWaveDraws) {
  struct Case {
    const char* name;
    int mx, my, mz;
  };
  const Case cases[] = {{"WaveDungeon", 16, 16, 1},
                        {"Sewers", 14, 14, 1},
                        {"Knots2D", 10, 10, 1},
                        {"ModernHouse", 5, 5, 3},
                        {"Apartemazements", 6, 6, 6}};
  auto cells = [](const mj::GridView& g) { return std::vector<uint8_t>(g.cells, g.cells + g.size()); };
  for (const Case& c : cases) {
    const auto model = mjtest::corpus_dir() / "models" / (std::string(c.name) + ".xml");
    const mj::LoadOptions options{c.mx, c.my, c.mz, mjtest::corpus_dir() / "resources"};
    auto animated = mj::Interpreter::from_file(model, options);
    animated.set_animated(true);
    animated.start(2);
    std::vector<std::vector<uint8_t>> shown{cells(animated.grid())};
    while (animated.step()) shown.push_back(cells(animated.grid()));
    int checked = 0;
    for (size_t k = 1; k < shown.size(); k += k < 40 ? 1 : 13) {
      auto whole = mj::Interpreter::from_file(model, options);
      whole.start(2);
      for (size_t s = 1; s < k; s++) ASSERT_TRUE(whole.step());
      whole.set_animated(true);
      whole.step();
      ASSERT_EQ(cells(whole.grid()), shown[k]) << c.name << " step " << k;
      checked++;
    }
    EXPECT_GT(checked, 20) << c.name;
  }
}

// docs/errors.md and docs/language/README.md: outputValues is a note on <wfc> as on <map>, but regular is <map>'s
// only: on <wfc> it is a notice.
TEST(Wfc, RegularIsANoticeOutputValuesANote) {
  Resources r;
  write_checkerboard(r);
  const auto notices = [&](const std::string& attribute) {
    return load(r,
                "<sequence values=\"B\"><wfc sample=\"Checker\" values=\"BW\" n=\"2\" " + attribute + "/></sequence>",
                4, 4)
        .notices();
  };
  EXPECT_TRUE(notices("outputValues=\"BW\"").empty());
  const std::vector<mj::Notice> regular = notices("regular=\"True\"");
  ASSERT_EQ(regular.size(), 1u);
  EXPECT_NE(regular[0].message.find("'regular'"), std::string::npos) << regular[0].message;
}
