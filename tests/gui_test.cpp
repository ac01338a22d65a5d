// The reference's GUI sidebar: fonts, settings, the node tree and the drawing (GUI.cs).
#include <gtest/gtest.h>

#include <algorithm>

#include "io/formats/png.hpp"
#include "io/gui/gui.hpp"
#include "io/render/render.hpp"
#include "nodes/node_view_fill.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;
using mj::NodeView;
using mjtest::corpus_dir;

constexpr uint32_t kBlue = 0xFF1020C0, kGreen = 0xFF20C010;
const mj::Palette kPalette{{'B', kBlue}, {'G', kGreen}};

fs::path resources() { return corpus_dir() / "resources"; }

mj::Image blank(int width, int height, uint32_t color = mj::kBackground) {
  return mj::Image{width, height, std::vector<uint32_t>(size_t(width) * size_t(height), color)};
}

uint32_t at(const mj::Image& image, int x, int y) { return image.argb[size_t(x + y * image.width)]; }

long count(const mj::Image& image, uint32_t color) { return std::count(image.argb.begin(), image.argb.end(), color); }

// Ink of one glyph cell counted straight from the font picture, by the reference's rule.
int ink_in_picture(const fs::path& file, int glyph) {
  mj::Image font = mj::load_png(file);
  int fw = font.width / 32, fh = font.height / 3, ink = 0;
  uint32_t paper0 = font.argb[0], paper1 = font.argb[size_t(font.width - 1)];
  for (int dy = 0; dy < fh; dy++)
    for (int dx = 0; dx < fw; dx++) {
      uint32_t c = at(font, glyph % 32 * fw + dx, glyph / 32 * fh + dy);
      ink += c != paper0 && c != paper1;
    }
  return ink;
}

// An empty program: the sidebar then shows the title alone.
NodeView empty_tree() {
  NodeView root;
  root.kind = "sequence";
  root.branch = true;
  return root;
}

TEST(GuiFont, LoadsTamzenAsThirtyTwoByThreeGlyphs) {
  auto font = mj::io::BitmapFont::load(resources() / "fonts" / "Tamzen8x16r.png");
  EXPECT_EQ(font.glyph_width(), 8);
  EXPECT_EQ(font.glyph_height(), 16);
  EXPECT_EQ(mj::io::BitmapFont::glyph_of(U'A'), 0);
  EXPECT_EQ(mj::io::BitmapFont::glyph_of(U' '), 26);
  EXPECT_EQ(mj::io::BitmapFont::glyph_of(U'\u03bb'), 58);
  EXPECT_EQ(mj::io::BitmapFont::glyph_of(U'é'), -1);
  EXPECT_EQ(mj::io::BitmapFont::characters("a\xce\xbb"), U"a\u03bb");
}

TEST(GuiFont, TitleDrawsTheInkOfItsGlyphs) {
  auto gui = mj::io::Gui::load(resources());
  fs::path bold = resources() / "fonts" / "Tamzen8x16b.png";
  int a = ink_in_picture(bold, 0), m = ink_in_picture(bold, mj::io::BitmapFont::glyph_of(U'm'));
  ASSERT_EQ(a, 36);  // the bold 'A' of Tamzen 8x16
  mj::Image image = blank(120, 60);
  gui.draw(image, "A m", empty_tree(), kPalette);
  EXPECT_EQ(count(image, gui.settings().active), a + m);
  // The title starts at (8, glyph height / 2) and is not shifted up by fontshift.
  for (int y = 0; y < 60; y++)
    for (int x = 0; x < 120; x++)
      if (at(image, x, y) == gui.settings().active) {
        EXPECT_GE(x, 8);
        EXPECT_GE(y, 8);
        EXPECT_LT(y, 8 + 16);
      }
}

TEST(GuiFont, TextTooCloseToTheBottomIsLeftOut) {
  auto gui = mj::io::Gui::load(resources());
  mj::Image image = blank(120, 8 - 2 + 16);  // y - fontshift + glyph height reaches the bottom
  gui.draw(image, "A", empty_tree(), kPalette);
  EXPECT_EQ(count(image, gui.settings().active), 0);
  mj::Image taller = blank(120, 8 - 2 + 16 + 1);
  gui.draw(taller, "A", empty_tree(), kPalette);
  EXPECT_GT(count(taller, gui.settings().active), 0);
}

TEST(GuiSettings, MissingAttributesAndFilesTakeTheReferenceDefaults) {
  const auto dir = mjtest::temp_dir();
  mjtest::write(dir / "settings.xml", R"(<settings squareSize="4" dense="False" active="ff0000"/>)");
  auto s = mj::io::load_gui_settings(dir / "settings.xml");
  EXPECT_EQ(s.square, 4);
  EXPECT_FALSE(s.dense);
  EXPECT_EQ(s.active, 0xFFFF0000u);
  EXPECT_EQ(s.hindent, 30);
  EXPECT_EQ(s.inactive, 0xFF666666u);
  auto d = mj::io::load_gui_settings(dir / "none.xml");
  EXPECT_EQ(d.square, 7);
  EXPECT_EQ(d.small_square, 3);
  EXPECT_TRUE(d.d3);
  mjtest::write(dir / "bad.xml", R"(<settings background="22"/>)");
  auto e = mjtest::expect_error([&] { mj::io::load_gui_settings(dir / "bad.xml"); });
  EXPECT_NE(std::string(e.what()).find("bad.xml:1"), std::string::npos) << e.what();
}

mj::Interpreter tiny(const std::string& xml) {
  return mj::Interpreter::from_string(xml, mj::LoadOptions{5, 1, 1, resources()});
}

TEST(GuiSketch, RuleNodesShowTheirRulesAndWhatFired) {
  auto ip = tiny(R"(<sequence values="BG"><one in="B" out="G" steps="2"/><all in="BG" out="GG"/></sequence>)");
  ip.start(1);
  NodeView root = ip.node_tree();
  ASSERT_EQ(root.kind, "sequence");
  ASSERT_TRUE(root.current);
  ASSERT_EQ(root.children.size(), 2u);
  const NodeView& one = root.children[0];
  EXPECT_EQ(one.kind, "one");
  EXPECT_EQ(one.legend, "BG");
  EXPECT_EQ(one.steps, 2);
  ASSERT_EQ(one.rules.size(), 1u);  // a 1x1 rule has no other symmetric images
  EXPECT_TRUE(one.rules[0].original);
  EXPECT_FALSE(one.rules[0].fired);
  const NodeView& all = root.children[1];
  EXPECT_EQ(all.kind, "all");
  EXPECT_EQ(std::count_if(all.rules.begin(), all.rules.end(), [](const auto& r) { return r.original; }), 1);
  EXPECT_GT(all.rules.size(), 1u);
  ip.step();
  root = ip.node_tree();
  EXPECT_TRUE(root.children[0].rules[0].fired);
  EXPECT_EQ(root.children[0].counter, 1);
}

// The layout of GUI.cs with the default settings: title, then the root's children one level in.
struct TinyLayout {
  int rule_y = 8 + 4 * 16 / 2;  // title at fontY/2, then afterfont * fontY / 2
  int input_x = 30;             // level 1 * hindent
  int arrow_x = 30 + 7 + 2;     // after the input square and hgap
  int output_x = 30 + 7 + 2 + 10 + 2;
  int arrow_y = rule_y + 7 / 2;
  int dash_x = 30 - 14 - 2 - 3;  // from the root markov's double bracket
};

TEST(GuiDraw, OneRuleIsDrawnInItsColoursWithAnActiveArrowOnceFired) {
  auto gui = mj::io::Gui::load(resources());
  const auto& s = gui.settings();
  auto ip = tiny(R"(<one values="BG" in="B" out="G"/>)");  // the root is a markov wrapping the node
  ip.start(7);
  TinyLayout l;
  mj::Image before = blank(150, 120);
  gui.draw(before, "Tiny", ip.node_tree(), kPalette);
  EXPECT_EQ(at(before, l.input_x, l.rule_y), kBlue);
  EXPECT_EQ(at(before, l.input_x + 6, l.rule_y + 6), kBlue);
  EXPECT_EQ(at(before, l.input_x + 7, l.rule_y), s.background);  // the square's shade
  EXPECT_EQ(at(before, l.output_x, l.rule_y), kGreen);
  EXPECT_EQ(count(before, kBlue), 49);
  EXPECT_EQ(count(before, kGreen), 49);
  for (int x = l.arrow_x; x < l.arrow_x + 10; x++) EXPECT_EQ(at(before, x, l.arrow_y), s.inactive) << x;
  // The running node's dash is active: the root has begun with its first child.
  EXPECT_EQ(at(before, l.dash_x, l.arrow_y), s.active);
  EXPECT_EQ(at(before, l.input_x - 3, l.arrow_y), s.active);

  ip.step();
  mj::Image after = blank(150, 120);
  gui.draw(after, "Tiny", ip.node_tree(), kPalette);
  for (int x = l.arrow_x; x < l.arrow_x + 10; x++) EXPECT_EQ(at(after, x, l.arrow_y), s.active) << x;
}

TEST(GuiDraw, NodesOtherThanOneHaveDashedArrows) {
  auto gui = mj::io::Gui::load(resources());
  auto ip = tiny(R"(<all values="BG" in="B" out="G"/>)");
  ip.start(7);
  mj::Image image = blank(150, 120);
  gui.draw(image, "Tiny", ip.node_tree(), kPalette);
  TinyLayout l;
  std::string dashes;
  for (int x = l.arrow_x; x < l.arrow_x + 10; x++)
    dashes += at(image, x, l.arrow_y) == gui.settings().inactive ? '-' : ' ';
  EXPECT_EQ(dashes, "--  --  --");
}

TEST(GuiDraw, SymbolsWithoutColourAreReported) {
  auto gui = mj::io::Gui::load(resources());
  auto ip = tiny(R"(<one values="BR" in="B" out="R"/>)");
  mj::Image image = blank(150, 120);
  auto e = mjtest::expect_error([&] { gui.draw(image, "Tiny", ip.node_tree(), kPalette); });
  EXPECT_NE(std::string(e.what()).find("'R'"), std::string::npos) << e.what();
}

// NystromDungeon has gui="150" in the corpus's models.xml.
TEST(GuiCorpus, NystromDungeonGetsItsSidebarLeftOfThePicture) {
  fs::path corpus = corpus_dir();
  ASSERT_TRUE(fs::exists(corpus / "models" / "NystromDungeon.xml")) << corpus << " missing; set MJ_CORPUS";
  fs::path dir = mjtest::temp_dir("gui-nystrom");
  fs::create_directory_symlink(corpus / "models", dir / "models");
  fs::create_directory_symlink(corpus / "resources", dir / "resources");
  mjtest::write(dir / "models.xml",
                R"(<models><model name="NystromDungeon" size="39" pixelsize="8" gui="150" seeds="3"/></models>)");
  auto r = mjtest::run_cli((dir / "models.xml").string() + " -q -j 1 --out " + (dir / "out").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  mj::Image picture = mj::load_png(dir / "out" / "NystromDungeon_3.png");
  EXPECT_EQ(picture.width, 150 + 39 * 8);
  EXPECT_EQ(picture.height, 39 * 8);

  // Right of the margin: the plain rendering of the same run.
  auto ip =
      mj::Interpreter::from_file(corpus / "models" / "NystromDungeon.xml", mj::LoadOptions{39, 39, 1, resources()});
  ip.run(3, 50000);
  auto palette = mj::load_palette(resources() / "palette.xml");
  std::vector<uint32_t> colors;
  for (char c : ip.grid().legend) colors.push_back(palette.at(c));
  mj::GridView g = ip.grid();
  mj::Image plain = mj::io::render_cells(g.cells, g.mx, g.my, g.mz, colors, 8, 150);
  long sidebar = 0;
  for (int y = 0; y < picture.height; y++)
    for (int x = 0; x < picture.width; x++) {
      if (x >= 150) ASSERT_EQ(at(picture, x, y), at(plain, x, y)) << x << "," << y;
      else sidebar += at(picture, x, y) != mj::kBackground;
    }
  EXPECT_GT(sidebar, 1000);
  // The run has ended: nothing is active but the title, in the title font.
  auto gui = mj::io::Gui::load(resources());
  mj::Image title = blank(150, 30);
  gui.draw(title, "NystromDungeon", empty_tree(), palette);
  EXPECT_EQ(count(picture, gui.settings().active), count(title, gui.settings().active));
}

uint64_t fnv1a(const mj::Image& image, int from_row) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = size_t(from_row) * size_t(image.width); i < image.argb.size(); i++) {
    h ^= image.argb[i];
    h *= 1099511628211ull;
  }
  return h;
}

// Pinned sidebars, checked pixel by pixel against frames of the reference's own recording
// (images/Apartemazements.gif in the MarkovJunior repository, drawn with the settings below and its
// tree 4 rows lower): every pixel the tree draws matched, in all 23 distinct sidebar states of that
// recording. The title is left out: the recording used another title font.
TEST(GuiCorpus, ApartemazementsSidebarMatchesTheReferenceRecording) {
  mj::io::GuiSettings s;
  s.square = 4, s.small_square = 2, s.hindent = 20, s.hline = 10, s.vskip = 0, s.small_vskip = 1, s.after_font = 1;
  fs::path bold = resources() / "fonts" / "Tamzen8x16b.png", regular = resources() / "fonts" / "Tamzen8x16r.png";
  mj::io::Gui gui(s, mj::io::BitmapFont::load(regular), mj::io::BitmapFont::load(bold));
  auto ip = mj::Interpreter::from_file(corpus_dir() / "models" / "Apartemazements.xml",
                                       mj::LoadOptions{8, 8, 8, resources()});
  auto palette = mj::load_palette(resources() / "palette.xml");
  ip.start(1);
  struct Pin {
    int steps;
    uint64_t hash;
  };
  // Step 5: wfc is observing (its line active); step 204: a child of wfc runs, one of its rules fired.
  for (Pin pin : {Pin{5, 10430226797474827549ull}, Pin{204, 4815896022769415877ull}}) {
    while (ip.steps() < pin.steps) ASSERT_TRUE(ip.step());
    mj::Image image = blank(130, 316);
    gui.draw(image, "Apartemazements", ip.node_tree(), palette);
    EXPECT_EQ(fnv1a(image, 23), pin.hash) << "after " << pin.steps << " steps";
  }
}

}  // namespace
