// The order `mj -j N`'s workers take the runs of a list in. A run of the program a worker ran last
// needs no load (the worker's kept program runs it), so a worker keeps to its program while it has
// runs left, and two workers do not start one program at once while another program waits: each
// would load it (the corpus at -j 2: 240 loads instead of 151).
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <vector>

namespace mj::cli {

class JobQueue {
 public:
  // program[i]: the program of the i-th run, in the order runs are to be started, numbered from 0
  // (equal numbers, the same program); workers numbered from 0 to `workers` - 1 take them.
  JobQueue(const std::vector<int>& program, int workers);

  // The run worker `worker` starts next, nullopt when none is left: the first run left of the
  // program it ran last; else the first of a program no other worker runs; else the first.
  std::optional<size_t> take(int worker);

 private:
  std::mutex mutex_;
  std::vector<int> program_;
  std::vector<bool> taken_;
  size_t first_left_ = 0;                  // every run before it is taken
  std::vector<std::vector<size_t>> runs_;  // per program: its runs in order
  std::vector<size_t> next_;               // per program: its runs before this one are taken
  std::vector<int> running_;               // per worker: the program of its last run, -1 for none

  std::optional<size_t> next_of(int program);
  std::optional<size_t> first_free(int worker) const;
};

}  // namespace mj::cli
