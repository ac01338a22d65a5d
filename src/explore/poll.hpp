// A face's ExploreOptions::poll asked from the explorer's long loops, so that a Ctrl-C (a poll that
// throws) stops them within a millisecond or so: every kPollEvery items of work, and only on the thread
// that called the explorer (where Python sees its signals); threads that split the work with it stop
// at their next ask once the poll has thrown.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace mj {

// Items of work (grids stepped, predecessors found, search nodes) between two asks: each takes
// about a microsecond or less.
constexpr unsigned kPollEvery = 1024;

class Poll {
 public:
  explicit Poll(const std::function<void()>& poll) : poll_(poll), caller_(std::this_thread::get_id()) {}
  Poll(const Poll&) = delete;
  Poll& operator=(const Poll&) = delete;

  // Counts an item of a loop that runs on one thread: asks the poll at every kPollEvery-th.
  void tick() {
    if ((++items_ & (kPollEvery - 1)) == 0) ask();
  }
  // On the calling thread, asks the poll (what it throws goes on, and stops the other threads); on
  // another, throws Stopped once it has thrown.
  void ask() {
    if (stopped_.load(std::memory_order_relaxed)) throw Stopped{};
    if (!poll_ || std::this_thread::get_id() != caller_) return;
    try {
      poll_();
    } catch (...) {
      stopped_.store(true, std::memory_order_relaxed);
      throw;
    }
  }
  // What the other threads throw: split() rethrows the calling thread's error first, the poll's.
  struct Stopped {};

 private:
  const std::function<void()>& poll_;
  std::thread::id caller_;
  std::atomic<bool> stopped_{false};
  unsigned items_ = 0;
};

}  // namespace mj
