#include <gtest/gtest.h>

#include "node_test_util.hpp"

namespace mj {
namespace {

using mjtest::cells_of;
using mjtest::LoadedNode;
using mjtest::set_cells;

TEST(Path, GoesAroundTheWallThroughItsGap) {
  LoadedNode n("BSGWR", R"(<path from="S" to="G" on="B" color="R"/>)", 5, 5, 1);
  set_cells(n.grid(), "SBBBB/WWWWB/GBBBB/BBBBB/BBBBB");
  EXPECT_TRUE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "SRRRR/WWWWR/GRRRR/BBBBB/BBBBB");
  EXPECT_EQ(n.run->changes.size(), 9u);
  // The path now blocks the only way out of the start.
  EXPECT_FALSE(n.go());
}

TEST(Path, InertiaDrawsStraightLegs) {
  for (int seed = 1; seed <= 8; seed++) {
    LoadedNode n("BSGR", R"(<path from="S" to="G" on="B" color="R" inertia="True"/>)", 5, 5, 1, "", seed);
    set_cells(n.grid(), "SBBBB/BBBBB/BBBBB/BBBBB/BBBBG");
    ASSERT_TRUE(n.go());
    std::string cells = cells_of(n.grid());
    EXPECT_TRUE(cells == "SRRRR/BBBBR/BBBBR/BBBBR/BBBBG" || cells == "SBBBB/RBBBB/RBBBB/RBBBB/RRRRG") << cells;
  }
}

TEST(Path, LongestStartsFromTheFarthestStart) {
  LoadedNode n("BSGR", R"(<path from="S" to="G" on="B" color="R" longest="True"/>)", 5, 1, 1);
  // The nearer start would draw nothing: its neighbour is the goal.
  set_cells(n.grid(), "SBBGS");
  ASSERT_TRUE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "SRRGS");
}

TEST(Path, NothingToDoWithoutStartOrGoal) {
  LoadedNode n("BSGR", R"(<path from="S" to="G" on="B"/>)", 4, 1, 1);
  set_cells(n.grid(), "SBBB");
  EXPECT_FALSE(n.go());
  set_cells(n.grid(), "BBBG");
  EXPECT_FALSE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "BBBG");
}

TEST(Path, ColorDefaultsToTheFirstStartSymbol) {
  LoadedNode n("BSG", R"(<path from="S" to="G" on="B"/>)", 4, 1, 1);
  set_cells(n.grid(), "SBBG");
  ASSERT_TRUE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "SSSG");
}

TEST(Path, EdgesAllowDiagonalSteps) {
  LoadedNode n("BSGR", R"(<path from="S" to="G" on="B" color="R" edges="True"/>)", 3, 3, 1);
  set_cells(n.grid(), "SBB/BBB/BBG");
  ASSERT_TRUE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "SBB/BRB/BBG");
}

TEST(Path, UnknownColorNamesFileAndLine) {
  try {
    LoadedNode n("BSG", "\n<path from=\"S\" to=\"G\" on=\"B\" color=\"Q\"/>", 4, 1, 1);
    FAIL() << "loaded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("test.xml:2:"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace mj
