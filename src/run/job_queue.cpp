#include "mj/batch.hpp"

#include <algorithm>

namespace mj {

JobQueue::JobQueue(const std::vector<int>& program, int workers)
    : program_(program), taken_(program.size(), false), running_(size_t(std::max(workers, 1)), -1) {
  for (size_t i = 0; i < program.size(); i++) {
    if (size_t(program[i]) >= runs_.size()) runs_.resize(size_t(program[i]) + 1);
    runs_[size_t(program[i])].push_back(i);
  }
  next_.assign(runs_.size(), 0);
}

std::optional<size_t> JobQueue::take(int worker) {
  std::lock_guard<std::mutex> lock(mutex_);
  while (first_left_ < taken_.size() && taken_[first_left_]) first_left_++;
  std::optional<size_t> job = next_of(running_[size_t(worker)]);
  if (!job) job = first_free(worker);
  if (!job && first_left_ < taken_.size()) job = first_left_;
  if (job) taken_[*job] = true;
  running_[size_t(worker)] = job ? program_[*job] : -1;
  return job;
}

std::optional<size_t> JobQueue::next_of(int program) {
  if (program < 0) return std::nullopt;
  const std::vector<size_t>& runs = runs_[size_t(program)];
  size_t& next = next_[size_t(program)];
  while (next < runs.size() && taken_[runs[next]]) next++;
  if (next == runs.size()) return std::nullopt;
  return runs[next];
}

// Another worker's program is passed over: its runs would each load it again beside that worker.
std::optional<size_t> JobQueue::first_free(int worker) const {
  for (size_t i = first_left_; i < taken_.size(); i++) {
    if (taken_[i]) continue;
    bool free = true;
    for (size_t w = 0; w < running_.size(); w++) free = free && (int(w) == worker || running_[w] != program_[i]);
    if (free) return i;
  }
  return std::nullopt;
}

}  // namespace mj
