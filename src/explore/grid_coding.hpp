// --all-grids numbers grids in base `values` (cell 0 the lowest digit); the successor engine reads a
// grid as one word, each cell in the bits the values need. With a power of two values the two are
// the same number; otherwise tables of a few cells at a time turn one into the other.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace mj {

class GridCoding {
 public:
  GridCoding(int values, int cells) : values_(values), cells_(cells) {
    bits_ = values <= 1 ? 1 : int(std::bit_width(unsigned(values - 1)));
    power_of_two_ = (values & (values - 1)) == 0 && values > 1;
    if (power_of_two_) return;
    chunk_ = std::max(1, 12 / bits_);
    for (int first = 0; first < cells; first += chunk_) {
      const int n = std::min(chunk_, cells - first);
      std::vector<uint64_t> table(size_t(1) << (n * bits_), 0);
      long long base = 1;
      for (int i = 0; i < first; i++) base *= values;
      for (size_t code = 0; code < table.size(); code++) {
        uint64_t number = 0, place = uint64_t(base);
        for (int i = 0; i < n; i++, place *= uint64_t(values)) number += (code >> (i * bits_) & mask()) * place;
        table[code] = number;
      }
      tables_.push_back(std::move(table));
    }
  }

  int values() const { return values_; }
  int cells() const { return cells_; }
  int bits() const { return bits_; }
  uint64_t mask() const { return (uint64_t(1) << bits_) - 1; }
  int cell(uint64_t word, int i) const { return int(word >> (i * bits_) & mask()); }

  // The grid's number, from its word. (Codes of values past the alphabet never arise.)
  uint64_t number(uint64_t word) const {
    if (power_of_two_) return word;
    uint64_t n = 0;
    const int width = chunk_ * bits_;
    for (size_t t = 0; t < tables_.size(); t++, word >>= width) n += tables_[t][word & ((uint64_t(1) << width) - 1)];
    return n;
  }
  uint64_t word(uint64_t number) const {
    if (power_of_two_) return number;
    uint64_t w = 0;
    for (int i = 0; i < cells_; i++, number /= uint64_t(values_)) w |= (number % uint64_t(values_)) << (i * bits_);
    return w;
  }
  // The word of the previous grid number (of a grid other than 0).
  uint64_t previous(uint64_t word) const {
    if (power_of_two_) return word - 1;
    for (int i = 0; i < cells_; i++) {
      if ((word >> (i * bits_) & mask()) != 0) return word - (uint64_t(1) << (i * bits_));
      word |= uint64_t(values_ - 1) << (i * bits_);
    }
    return word;
  }
  // The word of the next grid number.
  uint64_t next(uint64_t word) const {
    if (power_of_two_) return word + 1;
    for (int i = 0; i < cells_; i++) {
      const uint64_t v = word >> (i * bits_) & mask();
      if (int(v) + 1 < values_) return word + (uint64_t(1) << (i * bits_));
      word &= ~(mask() << (i * bits_));
    }
    return word;
  }

 private:
  int values_, cells_, bits_ = 1, chunk_ = 1;
  bool power_of_two_ = false;
  std::vector<std::vector<uint64_t>> tables_;  // per chunk of cells: its code -> its part of the number
};

}  // namespace mj
