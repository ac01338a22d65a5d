// MatchFlags: one bit per (rule, cell). test_and_set reports the words it starts, and clearing
// just those words clears every flag it set, which incremental matching relies on for large rules.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "nodes/rules/match_flags.hpp"

namespace mj {
namespace {

TEST(MatchFlags, ClearingTheWordsTestAndSetStartedClearsEveryFlag) {
  std::mt19937 rng(13);
  for (int trial = 0; trial < 50; trial++) {
    const int rules = 1 + int(rng() % 5), cells = 1 + int(rng() % 500);
    MatchFlags flags;
    flags.resize(size_t(rules), size_t(cells));
    for (int pass = 0; pass < 3; pass++) {  // the flags must be clear again after each pass
      std::set<std::pair<int, int>> set;
      std::vector<size_t> words;
      for (int k = 0; k < 300; k++) {
        const int r = int(rng() % unsigned(rules)), cell = int(rng() % unsigned(cells));
        const bool was = flags.test_and_set(r, cell, [&](size_t w) { words.push_back(w); });
        ASSERT_EQ(was, set.count({r, cell}) == 1) << "trial " << trial << " rule " << r << " cell " << cell;
        set.insert({r, cell});
        ASSERT_TRUE(flags.test(r, cell));
      }
      EXPECT_EQ(std::set<size_t>(words.begin(), words.end()).size(), words.size()) << "a word was noted twice";
      for (size_t w : words) flags.clear_word(w);
      for (int r = 0; r < rules; r++)
        for (int cell = 0; cell < cells; cell++)
          ASSERT_FALSE(flags.test(r, cell)) << "trial " << trial << " pass " << pass;
    }
  }
}

}  // namespace
}  // namespace mj
