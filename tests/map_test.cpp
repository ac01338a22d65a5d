#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run/interpreter.hpp"

namespace mj {
namespace {

std::string cells_of(const GridView& g) {
  std::string s;
  for (size_t i = 0; i < g.size(); i++) {
    if (i > 0 && i % size_t(g.mx) == 0) s += '/';
    s += g.legend[g.cells[i]];
  }
  return s;
}

Interpreter load(const std::string& xml, int mx, int my) {
  LoadOptions options;
  options.mx = mx, options.my = my, options.mz = 1;
  return Interpreter::from_string(xml, options, "test.xml");
}

const char* kDoubling = R"xml(<sequence values="BW" origin="True">
  <map scale="2 2 1" values="BWR" symmetry="()">
    <rule in="W" out="RR/RR"/>
    <rule in="B" out="BW/WB"/>
    <all in="W" out="B"/>
  </map>
</sequence>)xml";

TEST(Map, DoublesTheGridThenRunsItsChildrenOnIt) {
  Interpreter ip = load(kDoubling, 2, 2);
  ip.start(1);
  EXPECT_EQ(cells_of(ip.grid()), "BB/BW");
  ASSERT_TRUE(ip.step());
  GridView g = ip.grid();
  EXPECT_EQ(g.mx, 4);
  EXPECT_EQ(g.my, 4);
  EXPECT_EQ(g.legend, "BWR");
  EXPECT_EQ(cells_of(g), "BWBW/WBWB/BWRR/WBRR");
  ASSERT_TRUE(ip.step());
  EXPECT_EQ(cells_of(ip.grid()), "BBBB/BBBB/BBRR/BBRR");
  // The children are done: the map ends the run instead of handing back to the sequence.
  ASSERT_TRUE(ip.step());
  EXPECT_TRUE(ip.finished());
  EXPECT_EQ(ip.steps(), 3);
}

TEST(Map, RunsAreIndependent) {
  Interpreter ip = load(kDoubling, 2, 2);
  ip.run(1, 0);
  ip.run(2, 1);
  EXPECT_EQ(cells_of(ip.grid()), "BWBW/WBWB/BWRR/WBRR");
}

TEST(Map, FractionalScaleShrinks) {
  const char* xml = R"xml(<sequence values="BW" origin="True">
  <map scale="1/2 1/2 1" values="BW" symmetry="()">
    <rule in="W" out="W"/>
  </map>
</sequence>)xml";
  Interpreter ip = load(xml, 4, 4);
  ip.start(1);
  ASSERT_TRUE(ip.step());
  GridView g = ip.grid();
  EXPECT_EQ(g.mx, 2);
  EXPECT_EQ(g.my, 2);
  EXPECT_EQ(cells_of(g), "BB/BW");
}

TEST(Map, RulesWrapAroundTheOldGrid) {
  const char* xml = R"xml(<sequence values="BW" origin="True">
  <map scale="1 1 1" values="BWR" symmetry="()">
    <rule in="WB" out="R"/>
  </map>
</sequence>)xml";
  Interpreter ip = load(xml, 2, 1);
  ip.start(1);
  EXPECT_EQ(cells_of(ip.grid()), "BW");
  ASSERT_TRUE(ip.step());
  EXPECT_EQ(cells_of(ip.grid()), "BR");
}

// A map rule written out: input and output rows of symbols ('*' any / keep), x fastest.
struct PlainRule {
  std::vector<std::string> in, out;
};

// The map of scale 1 as the reference computes it: rules in order, positions row by row, every
// input cell read with the coordinates wrapped once; later writes win.
std::vector<uint8_t> plain_map(const std::vector<uint8_t>& cells, int mx, int my, const std::vector<PlainRule>& rules,
                               const std::string& legend) {
  std::vector<uint8_t> result(cells.size(), 0);
  for (const PlainRule& rule : rules)
    for (int y = 0; y < my; y++)
      for (int x = 0; x < mx; x++) {
        bool match = true;
        for (size_t dy = 0; dy < rule.in.size(); dy++)
          for (size_t dx = 0; dx < rule.in[dy].size(); dx++) {
            const char want = rule.in[dy][dx];
            const int sx = (x + int(dx)) % mx, sy = (y + int(dy)) % my;
            match = match && (want == '*' || legend[cells[size_t(sx + sy * mx)]] == want);
          }
        if (!match) continue;
        for (size_t dy = 0; dy < rule.out.size(); dy++)
          for (size_t dx = 0; dx < rule.out[dy].size(); dx++)
            if (rule.out[dy][dx] != '*')
              result[size_t((x + int(dx)) % mx + (y + int(dy)) % my * mx)] = uint8_t(legend.find(rule.out[dy][dx]));
      }
  return result;
}

// The grid after one step from `cells` (the map's step), empty when there is none.
std::vector<uint8_t> mapped(const std::string& xml, int mx, int my, const std::vector<uint8_t>& cells) {
  Interpreter ip = load(xml, mx, my);
  ip.set_initial_cells(cells);
  ip.start(1);
  if (!ip.step()) return {};
  const GridView g = ip.grid();
  return {g.cells, g.cells + g.size()};
}

// `count` cells of three values, drawn from `seed`.
std::vector<uint8_t> random_cells(size_t count, uint32_t& seed) {
  std::vector<uint8_t> cells(count);
  for (uint8_t& c : cells) c = uint8_t((seed = seed * 1103515245u + 12345u) >> 16) % 3;
  return cells;
}

// Rules are tried only where their most selective cell fits, wrapping included: against the
// plain definition on random grids.
TEST(Map, MatchesAsThePlainDefinitionOnRandomGrids) {
  const char* xml = R"xml(<sequence values="BWR">
  <map scale="1 1 1" values="BWR" symmetry="()">
    <rule in="W*B/*RW" out="RRR/BBB"/>
    <rule in="BW/RB" out="W*/*W"/>
    <rule in="R**/**W" out="*W*/B**"/>
    <rule in="*W/*W/*W" out="B*/R*/**"/>
  </map>
</sequence>)xml";
  const std::vector<PlainRule> rules = {{{"W*B", "*RW"}, {"RRR", "BBB"}},
                                        {{"BW", "RB"}, {"W*", "*W"}},
                                        {{"R**", "**W"}, {"*W*", "B**"}},
                                        {{"*W", "*W", "*W"}, {"B*", "R*", "**"}}};
  uint32_t seed = 5;
  for (int trial = 0; trial < 40; trial++) {
    const int mx = 3 + trial % 19, my = 3 + trial % 5;
    const std::vector<uint8_t> cells = random_cells(size_t(mx * my), seed);
    EXPECT_EQ(mapped(xml, mx, my, cells), plain_map(cells, mx, my, rules, "BWR")) << mx << "x" << my;
  }
}

// A rule wider than the grid reads it wrapped once, cell by cell (the padded copy covers only rules
// that fit); one that would need a second wrap is an error.
TEST(Map, RulesLargerThanTheGridWrapOnceOrFail) {
  const char* wide = R"xml(<sequence values="BW">
  <map scale="1 1 1" values="BWR" symmetry="()">
    <rule in="BW" out="R*"/>
    <rule in="BWB" out="**W"/>
  </map>
</sequence>)xml";
  const std::vector<uint8_t> expected = plain_map({0, 1}, 2, 1, {{{"BW"}, {"R*"}}, {{"BWB"}, {"**W"}}}, "BWR");
  EXPECT_EQ(mapped(wide, 2, 1, {0, 1}), expected);
  EXPECT_EQ(expected, (std::vector<uint8_t>{1, 0}));  // "BW" wrote R at 0, then "BWB" at x=0 wrote W there

  const char* wider = R"xml(<sequence values="BW">
  <map scale="1 1 1" values="BWR" symmetry="()">
    <rule in="BBBBB" out="*****"/>
  </map>
</sequence>)xml";
  Interpreter too_wide = load(wider, 2, 1);
  too_wide.start(1);
  try {
    too_wide.step();
    FAIL() << "stepped";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("larger than the grid"), std::string::npos) << e.what();
  }
}

// Rules spanning the grid along both axes would make the padded copy nearly four times the grid:
// they are all read cell by cell instead, with the same result.
TEST(Map, RulesSpanningTheGridReadItCellByCell) {
  const int side = 40;
  const std::string across = "W" + std::string(size_t(side - 2), '*') + "B";
  std::string down = "B";
  for (int k = 1; k < side; k++) down += k == side - 1 ? "/W" : "/*";
  std::string down_out = "R";
  for (int k = 1; k < side; k++) down_out += "/*";
  const std::string xml = R"xml(<sequence values="BWR"><map scale="1 1 1" values="BWR" symmetry="()">)xml"
                          "<rule in=\"" +
                          across + "\" out=\"R" + std::string(size_t(side - 1), '*') +
                          "\"/>"
                          "<rule in=\"" +
                          down + "\" out=\"" + down_out +
                          "\"/>"
                          "<rule in=\"BW\" out=\"W*\"/></map></sequence>";
  std::vector<std::string> down_rows, down_out_rows;
  for (int k = 0; k < side; k++) {
    down_rows.push_back(k == 0 ? "B" : k == side - 1 ? "W" : "*");
    down_out_rows.push_back(k == 0 ? "R" : "*");
  }
  const std::vector<PlainRule> rules = {
      {{across}, {"R" + std::string(size_t(side - 1), '*')}}, {down_rows, down_out_rows}, {{"BW"}, {"W*"}}};
  uint32_t seed = 11;
  const std::vector<uint8_t> cells = random_cells(size_t(side * side), seed);
  const std::vector<uint8_t> expected = plain_map(cells, side, side, rules, "BWR");
  EXPECT_EQ(mapped(xml, side, side, cells), expected);
  EXPECT_GT(std::count(expected.begin(), expected.end(), uint8_t(2)), 0);  // the spanning rules matched
}

void expect_load_error(const std::string& xml, const std::string& where, const std::string& words) {
  try {
    load(xml, 4, 4);
    FAIL() << "loaded";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find(where), std::string::npos) << what;
    EXPECT_NE(what.find(words), std::string::npos) << what;
  }
}

TEST(Map, ZeroScaleIsAnErrorAtItsLine) {
  expect_load_error("<sequence values=\"BW\">\n  <map scale=\"0\" values=\"BW\"/>\n</sequence>",
                    "test.xml:2:", "3 components");
  expect_load_error("<sequence values=\"BW\">\n  <map scale=\"0 1 1\" values=\"BW\"/>\n</sequence>",
                    "test.xml:2:", "positive");
  expect_load_error("<sequence values=\"BW\">\n\n  <map scale=\"1/0 1 1\" values=\"BW\"/>\n</sequence>",
                    "test.xml:3:", "positive");
  expect_load_error("<sequence values=\"BW\">\n  <map scale=\"1/8 1 1\" values=\"BW\"/>\n</sequence>",
                    "test.xml:2:", "empty");
  expect_load_error("<sequence values=\"BW\">\n  <map values=\"BW\"/>\n</sequence>", "test.xml:2:", "scale");
}

}  // namespace
}  // namespace mj
