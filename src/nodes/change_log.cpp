#include "nodes/change_log.hpp"

#include <atomic>

namespace mj {

void ChangeLog::write_hidden_diff(const uint8_t* before, const uint8_t* after, size_t cells) {
  const size_t since = cells_.size();
  for (size_t i = 0; i < cells; i++)
    if (before[i] != after[i]) {
      write_hidden(int(i), before[i]);
      if (cells_.size() - since > cells / 8) return settle_hidden(since, cells);
    }
}

void ChangeLog::settle_hidden(size_t since, size_t cells) {
  if (cells_.size() - since <= cells / 8) return;
  cells_.resize(since), before_.resize(since);
  rewrite_all();
}

// Epochs are unique in the process, so that a cursor taken in an earlier run never passes for one
// of this run's.
void ChangeLog::rewrite_all() {
  static std::atomic<uint64_t> last{0};
  epoch_ = ++last;
}

bool ChangeLog::changed_since(const ChangeCursor& from, const uint8_t* state, size_t cells, size_t limit,
                              std::vector<Change>& out) const {
  out.clear();
  if (from.epoch != epoch_ || cells_.size() - from.position > limit) return false;
  // A cell's first write since `from` holds its value then; the stamps skip its later ones.
  if (++stamp_ == 0 || stamps_.size() < cells) stamps_.assign_zeros(cells), stamp_ = 1;
  uint32_t* stamps = stamps_.data();
  const uint32_t stamp = stamp_;
  for (size_t k = from.position; k < cells_.size(); k++) {
    const int cell = this->cell(k);
    if (stamps[cell] == stamp) continue;
    stamps[cell] = stamp;
    if (state[cell] != before_[k]) out.push_back({cell, before_[k]});
  }
  return true;
}

}  // namespace mj
