// Semantics of one, all, prl, markov and sequence on tiny grids with fixed seeds.
#include <gtest/gtest.h>

#include <algorithm>

#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

using mjtest::run_model;

size_t count(const std::string& s, char c) { return size_t(std::count(s.begin(), s.end(), c)); }

TEST(OneNode, RewritesOneMatchPerStep) {
  auto ip = mj::Interpreter::from_string(R"(<one values="BW" in="B" out="W"/>)", {3, 3, 1, {}});
  ip.start(1);
  ASSERT_TRUE(ip.step());
  mj::GridView g = ip.grid();
  EXPECT_EQ(std::count(g.cells, g.cells + g.size(), 1), 1);
  // 9 rewrites, then one step that finds nothing and ends the program.
  EXPECT_EQ(ip.run(1, 0), 10);
  EXPECT_TRUE(ip.finished());
}

TEST(AllNode, RewritesAllNonOverlappingMatchesInOneStep) {
  auto ip = mj::Interpreter::from_string(R"(<all values="BW" in="B" out="W"/>)", {4, 4, 1, {}});
  ip.start(3);
  ip.step();
  EXPECT_EQ(count(run_model(R"(<all values="BW" in="B" out="W"/>)", 4, 4, 3, 1), 'W'), 16u);
  // Overlapping matches of "BB" on a 1x3 row: only one of the two can be written.
  EXPECT_EQ(count(run_model(R"(<all values="BW" in="BB" out="WW"/>)", 3, 1, 5), 'W'), 2u);
}

TEST(PrlNode, AppliesEachMatchWithProbability) {
  const char* model = R"(<prl values="BW" in="B" out="W" p="0.5" steps="1"/>)";
  std::string a = run_model(model, 20, 20, 7), b = run_model(model, 20, 20, 7), c = run_model(model, 20, 20, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_GT(count(a, 'W'), 100u);
  EXPECT_LT(count(a, 'W'), 300u);
}

TEST(SequenceNode, RunsChildrenInOrder) {
  std::string s =
      run_model(R"(<sequence values="BWR"><one in="B" out="W" steps="2"/><one in="B" out="R"/></sequence>)", 5, 1, 1);
  EXPECT_EQ(count(s, 'W'), 2u);
  EXPECT_EQ(count(s, 'R'), 3u);
}

TEST(MarkovNode, RestartsFromFirstChildEveryStep) {
  // Every new W is at once turned into R by the first child, so no W survives.
  std::string s = run_model(R"(<markov values="BWR"><one in="W" out="R"/><one in="B" out="W"/></markov>)", 6, 1, 2);
  EXPECT_EQ(s, "RRRRRR\n");
}

TEST(RuleNode, OriginAndSteps) {
  std::string s = run_model(R"(<one values="BWR" origin="True" in="WB" out="WW" steps="2"/>)", 7, 1, 4);
  EXPECT_EQ(count(s, 'W'), 3u);
  EXPECT_EQ(s[3], 'W');  // the origin is the centre cell
}

TEST(Interpreter, SameSeedSameRunAcrossStarts) {
  auto ip = mj::Interpreter::from_string(R"(<one values="BWA" origin="True" in="WBB" out="WAW"/>)", {21, 21, 1, {}});
  int first = ip.run(9, 0);
  std::vector<uint8_t> a(ip.grid().cells, ip.grid().cells + ip.grid().size());
  ip.run(10, 0);
  int again = ip.run(9, 0);
  std::vector<uint8_t> b(ip.grid().cells, ip.grid().cells + ip.grid().size());
  EXPECT_EQ(first, again);
  EXPECT_EQ(a, b);
}

}  // namespace
