// One bit per rule and cell: is the match of rule r with its corner at that cell listed?
// Rule nodes keep one for their match list, and their memory of the last full scan another.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace mj {

class MatchFlags {
 public:
  void resize(size_t rules, size_t cells) {
    cells_ = cells;
    words_.assign((rules * cells + 63) / 64, 0);
  }
  bool empty() const { return words_.empty(); }
  bool test(int r, int cell) const { return words_[bit(r, cell) / 64] >> (bit(r, cell) % 64) & 1u; }
  void set(int r, int cell) { words_[bit(r, cell) / 64] |= uint64_t(1) << (bit(r, cell) % 64); }
  void reset(int r, int cell) { words_[bit(r, cell) / 64] &= ~(uint64_t(1) << (bit(r, cell) % 64)); }
  void clear() { std::fill(words_.begin(), words_.end(), uint64_t(0)); }

 private:
  size_t bit(int r, int cell) const { return size_t(r) * cells_ + size_t(cell); }

  size_t cells_ = 0;
  std::vector<uint64_t> words_;
};

}  // namespace mj
