// mj -j N: the workers take each run once, keep to the program they ran last, and do not start a
// program another worker runs while a run of another program waits.
#include <gtest/gtest.h>

#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "mj/batch.hpp"

namespace {

using mj::JobQueue;

TEST(JobQueue, OneWorkerTakesTheRunsInOrder) {
  JobQueue queue({0, 1, 2, 3}, 1);
  for (size_t i = 0; i < 4; i++) EXPECT_EQ(queue.take(0), i);
  EXPECT_EQ(queue.take(0), std::nullopt);
}

TEST(JobQueue, AWorkerKeepsToItsProgram) {
  JobQueue queue({0, 0, 1, 1}, 2);
  EXPECT_EQ(queue.take(0), 0u);
  EXPECT_EQ(queue.take(1), 2u);  // program 0 runs on worker 0
  EXPECT_EQ(queue.take(0), 1u);
  EXPECT_EQ(queue.take(1), 3u);
  EXPECT_EQ(queue.take(0), std::nullopt);
  EXPECT_EQ(queue.take(1), std::nullopt);
}

TEST(JobQueue, AWorkerLeftWithoutAnotherProgramSharesOne) {
  JobQueue queue({0, 0, 0}, 2);
  EXPECT_EQ(queue.take(0), 0u);
  EXPECT_EQ(queue.take(1), 1u);
  EXPECT_EQ(queue.take(1), 2u);
  EXPECT_EQ(queue.take(0), std::nullopt);
}

TEST(JobQueue, AFinishedProgramGivesWayToTheFirstRunLeft) {
  JobQueue queue({0, 1, 1, 2, 3}, 2);
  EXPECT_EQ(queue.take(0), 0u);
  EXPECT_EQ(queue.take(1), 1u);
  EXPECT_EQ(queue.take(0), 3u);  // program 1 runs on worker 1: its second run waits for it
  EXPECT_EQ(queue.take(1), 2u);
  EXPECT_EQ(queue.take(1), 4u);
  EXPECT_EQ(queue.take(0), std::nullopt);
}

TEST(JobQueue, WorkersInThreadsTakeEveryRunOnce) {
  std::vector<int> programs;
  for (int i = 0; i < 2000; i++) programs.push_back((i * 7919) % 37);
  JobQueue queue(programs, 4);
  std::mutex mutex;
  std::vector<int> times(programs.size(), 0);
  std::vector<std::thread> threads;
  for (int w = 0; w < 4; w++)
    threads.emplace_back([&, w] {
      for (std::optional<size_t> job; (job = queue.take(w));) {
        std::lock_guard<std::mutex> lock(mutex);
        times[*job]++;
      }
    });
  for (auto& t : threads) t.join();
  for (size_t i = 0; i < times.size(); i++) EXPECT_EQ(times[i], 1) << "run " << i;
}

}  // namespace
