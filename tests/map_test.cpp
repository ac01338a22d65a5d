#include <gtest/gtest.h>

#include <string>

#include "mj/interpreter.hpp"

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
