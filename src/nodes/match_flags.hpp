// One bit per rule and cell: is the match of rule r with its corner at that cell listed?
// Rule nodes keep one for their match list, and their memory of the last full scan another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace mj {

class MatchFlags {
 public:
  // The words come zeroed from calloc, which for large blocks maps fresh zero pages instead of
  // writing them: a 3D node's rules x cells bits run to megabytes, of which a run touches few.
  void resize(size_t rules, size_t cells) {
    cells_ = cells;
    words_count_ = (rules * cells + 63) / 64;
    words_.reset(static_cast<uint64_t*>(std::calloc(words_count_ == 0 ? 1 : words_count_, sizeof(uint64_t))));
    if (!words_) throw std::bad_alloc();
  }
  bool empty() const { return words_count_ == 0; }
  bool test(int r, int cell) const { return words_[bit(r, cell) / 64] >> (bit(r, cell) % 64) & 1u; }
  void set(int r, int cell) { words_[bit(r, cell) / 64] |= uint64_t(1) << (bit(r, cell) % 64); }
  void reset(int r, int cell) { words_[bit(r, cell) / 64] &= ~(uint64_t(1) << (bit(r, cell) % 64)); }
  void clear() { std::memset(words_.get(), 0, words_count_ * sizeof(uint64_t)); }
  // Clearing bit by bit beats clear() for fewer set bits than this.
  size_t sparse_below() const { return words_count_ / 8; }

 private:
  struct Free {
    void operator()(uint64_t* p) const { std::free(p); }
  };
  size_t bit(int r, int cell) const { return size_t(r) * cells_ + size_t(cell); }

  size_t cells_ = 0, words_count_ = 0;
  std::unique_ptr<uint64_t[], Free> words_;
};

}  // namespace mj
