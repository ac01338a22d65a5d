#include "nodes/inference/priority_queue.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace mj {
namespace {

std::vector<int> drain(PriorityQueue<int, double>& queue) {
  std::vector<int> order;
  while (!queue.empty()) order.push_back(queue.dequeue());
  return order;
}

// Equal priorities: each dequeue moves the last element to the root, where it stays (a tie never
// sifts down), so after the first element they come out last-in first.
TEST(PriorityQueue, EqualPrioritiesComeOutInHeapOrder) {
  PriorityQueue<int, double> queue;
  for (int e = 0; e < 6; e++) queue.enqueue(e, 1.0);
  EXPECT_EQ(drain(queue), (std::vector<int>{0, 5, 4, 3, 2, 1}));
}

// Worked by hand on the 4-ary heap (children of i at 4i+1..4i+4): after the enqueues the array is
// 4 7 2 3 1 0 6 5 8 (priorities 0 0 2 1 1 2 2 1 1). A binary heap would give 4 7 8 1 3 5 0 6 2.
TEST(PriorityQueue, TiesFollowFourAryHeapMechanics) {
  const double priorities[] = {2, 1, 2, 1, 0, 1, 2, 0, 1};
  PriorityQueue<int, double> queue;
  for (int e = 0; e < 9; e++) queue.enqueue(e, priorities[e]);
  EXPECT_EQ(drain(queue), (std::vector<int>{4, 7, 5, 8, 3, 1, 0, 2, 6}));
}

TEST(PriorityQueue, InterleavedOperationsKeepTheMinimumFirst) {
  PriorityQueue<int, double> queue;
  queue.enqueue(0, 3.0);
  queue.enqueue(1, 1.0);
  queue.enqueue(2, 2.0);
  EXPECT_EQ(queue.dequeue(), 1);
  queue.enqueue(3, 0.5);
  queue.enqueue(4, 2.0);
  EXPECT_EQ(queue.size(), 4);
  // When 3 leaves, the last element 4 moves to the root and stays: its tie with 2 does not sift down.
  EXPECT_EQ(drain(queue), (std::vector<int>{3, 4, 2, 0}));
}

}  // namespace
}  // namespace mj
