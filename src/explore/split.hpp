// Work over the grids of --all-grids split among threads.
#pragma once

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace mj {

// The threads for `count` grids: `threads` <= 0 is every core; a thread steps at least 4096 grids.
inline int threads_for(int threads, long long count) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  return int(std::min<long long>(threads, std::max(1LL, count / 4096)));
}

// Runs f(begin, end) over `count` grids split among `threads`; the first error of any is thrown.
template <class F>
void split(long long count, int threads, F f) {
  std::vector<std::thread> workers;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
  const long long per = (count + threads - 1) / threads;
  const auto part = [&](int t) {
    try {
      f(per * t, std::min(count, per * (t + 1)));
    } catch (...) {
      errors[size_t(t)] = std::current_exception();
    }
  };
  for (int t = 1; t < threads; t++)
    if (per * t < count) workers.emplace_back(part, t);
  part(0);
  for (std::thread& w : workers) w.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace mj
