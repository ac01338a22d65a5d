// The run's change log (nodes/change_log.hpp): what readers take from it, and what one/all see.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "node_test_util.hpp"
#include "nodes/change_log.hpp"

namespace mj {
namespace {

using mjtest::cells_of;
using mjtest::LoadedNode;

std::vector<int> cells(const std::vector<Change>& changes) {
  std::vector<int> out;
  for (const Change& c : changes) out.push_back(c.cell);
  return out;
}

TEST(ChangeLog, GivesEachChangedCellOnceWithItsEarlierValue) {
  std::vector<uint8_t> state(10, 0);
  ChangeLog log;
  const auto write = [&](int i, uint8_t v, bool hidden) {
    hidden ? log.write_hidden(i, state[size_t(i)]) : log.write(i, state[size_t(i)]);
    state[size_t(i)] = v;
  };
  write(7, 1, false);
  const ChangeCursor from = log.now();
  write(5, 2, false);
  write(5, 3, true);  // the second write's `before` is 2: the reader wants 0
  write(2, 4, true);
  write(7, 0, false);  // at `from` it held 1
  write(9, 1, false);
  write(9, 0, false);  // written and back: unchanged
  std::vector<Change> changed;
  ASSERT_TRUE(log.changed_since(from, state.data(), state.size(), 100, changed));
  EXPECT_EQ(cells(changed), (std::vector<int>{5, 2, 7}));  // in the order of their first writes
  EXPECT_EQ(changed[0].before, 0);
  EXPECT_EQ(changed[1].before, 0);
  EXPECT_EQ(changed[2].before, 1);
  EXPECT_FALSE(log.changed_since(from, state.data(), state.size(), 5, changed)) << "6 writes are past a limit of 5";
  EXPECT_TRUE(log.unchanged_since(log.now()));
  EXPECT_FALSE(log.unchanged_since(from));
}

TEST(ChangeLog, AWholeGridMarkSendsReadersBackToTheGrid) {
  std::vector<uint8_t> state(64, 0);
  ChangeLog log, other;
  const ChangeCursor from = log.now();
  std::vector<Change> changed;
  EXPECT_FALSE(other.changed_since(from, state.data(), 64, 100, changed)) << "a cursor of another log";
  EXPECT_FALSE(log.changed_since(ChangeCursor{}, state.data(), 64, 100, changed)) << "a cursor never taken";
  log.rewrite_all();
  EXPECT_FALSE(log.changed_since(from, state.data(), state.size(), 100, changed));
  // Past an eighth of the cells, hidden writes become a mark and leave the log.
  const ChangeCursor before_many = log.now();
  std::vector<uint8_t> after(64, 1);
  log.write_hidden_diff(state.data(), after.data(), 64);
  EXPECT_EQ(log.size(), before_many.position);
  EXPECT_FALSE(log.changed_since(before_many, after.data(), 64, 100, changed));
  // Up to an eighth, they stay listed.
  const ChangeCursor before_few = log.now();
  std::vector<uint8_t> few = after;
  for (int i = 0; i < 8; i++) few[size_t(i * 8)] = 2;
  log.write_hidden_diff(after.data(), few.data(), 64);
  ASSERT_TRUE(log.changed_since(before_few, few.data(), 64, 100, changed));
  EXPECT_EQ(cells(changed), (std::vector<int>{0, 8, 16, 24, 32, 40, 48, 56}));
}

// The reference updates one/all's matches from what rule nodes and path write, not from other
// writes: a match that only a hidden write made is not found until the node scans the grid again.
TEST(ChangeLog, OneDoesNotSeeHiddenWritesAsTheReferenceDoesNot) {
  for (bool hidden : {true, false}) {
    LoadedNode n("BRW", R"(<one in="R" out="W"/>)", 4, 1, 1);
    EXPECT_FALSE(n.go());  // matched the grid, found nothing
    if (hidden) {
      n.write(1, 1);
    } else {
      n.run->changes.write(1, 0);
      n.grid().state[1] = 1;
    }
    EXPECT_EQ(n.go(), !hidden);
    EXPECT_EQ(cells_of(n.grid()), hidden ? "BRBB" : "BWBB");
    n.node->reset();  // a reset node scans the grid: it finds the match either way
    EXPECT_EQ(n.go(), hidden);
  }
}

}  // namespace
}  // namespace mj
