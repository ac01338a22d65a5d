// One bit per rule and cell: is the match of rule r with its corner at that cell listed?
// Rule nodes keep one for their match list, and their memory of the last full scan another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/zeroed_array.hpp"

namespace mj {

class MatchFlags {
 public:
  // A 3D node's rules x cells bits run to megabytes, of which a run touches few.
  void resize(size_t rules, size_t cells) {
    cells_ = cells;
    words_.assign_zeros((rules * cells + 63) / 64);
  }
  bool empty() const { return words_.empty(); }
  bool test(int r, int cell) const { return words_[bit(r, cell) / 64] >> (bit(r, cell) % 64) & 1u; }
  void set(int r, int cell) { words_[bit(r, cell) / 64] |= uint64_t(1) << (bit(r, cell) % 64); }
  void reset(int r, int cell) { words_[bit(r, cell) / 64] &= ~(uint64_t(1) << (bit(r, cell) % 64)); }
  void clear() { std::memset(words_.data(), 0, words_.size() * sizeof(uint64_t)); }
  // Sets the flag and tells whether it was set already. The index of a word that had no flag set
  // goes to `first_in_word`: clearing the words so noted clears every flag set since.
  template <class F>
  bool test_and_set(int r, int cell, F&& first_in_word) {
    const size_t b = bit(r, cell);
    uint64_t& word = words_[b / 64];
    const uint64_t flag = uint64_t(1) << (b % 64);
    if (word & flag) return true;
    if (word == 0) first_in_word(b / 64);
    word |= flag;
    return false;
  }
  void clear_word(size_t w) { words_[w] = 0; }
  // Clearing bit by bit beats clear() for fewer set bits than this.
  size_t sparse_below() const { return words_.size() / 8; }

 private:
  size_t bit(int r, int cell) const { return size_t(r) * cells_ + size_t(cell); }

  size_t cells_ = 0;
  ZeroedArray<uint64_t> words_;
};

}  // namespace mj
