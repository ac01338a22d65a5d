// A state as a few 64-bit words: each cell in as many bits as the values need, then each branch's
// running child, each step counter, the numbers of kept potentials and match memories, and the current branch in the
// bits their ranges need. Equal states are equal words, so states are stored and compared packed (state_table.hpp).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "explore/machine.hpp"

namespace mj {

class StatePacking {
 public:
  explicit StatePacking(const ExploreProgram& program) {
    cell_bits_ = bits_for(program.values);
    cells_ = program.cells();
    for (int node : program.branches) widths_.push_back(bits_for(int(program.nodes[size_t(node)].children.size())));
    for (int node : program.limited) widths_.push_back(bits_for(program.nodes[size_t(node)].steps + 1));
    for (size_t k = 0; k < program.freezing.size(); k++) widths_.push_back(32);     // numbers of potentials
    for (size_t k = 0; k < program.remembering.size(); k++) widths_.push_back(32);  // numbers of match memories
    widths_.push_back(bits_for(int(program.branches.size()) + 1));                  // the current branch, 0 for none
    long long bits = (long long)cells_ * cell_bits_;
    for (int w : widths_) bits += w;
    words_ = std::max(1, int((bits + 63) / 64));
  }

  int words() const { return words_; }
  int cell_bits() const { return cell_bits_; }

  void pack(const Machine& m, uint64_t* out) const {
    Writer w{out};
    for (int c = 0; c < cells_; c++) w.put(m.cells[size_t(c)], cell_bits_);
    size_t f = 0;
    for (int r : m.running) w.put(uint64_t(r), widths_[f++]);
    for (int c : m.counter) w.put(uint64_t(c), widths_[f++]);
    for (int c : m.frozen) w.put(uint64_t(c), widths_[f++]);
    for (int c : m.memory) w.put(uint64_t(c), widths_[f++]);
    w.put(uint64_t(m.current + 1), widths_[f]);
    w.flush();
  }
  // Sets one cell of a packed state (the cells come first, each in cell_bits()).
  void set_cell(uint64_t* words, int cell, unsigned value) const {
    const int bit = cell * cell_bits_, at = bit / 64, shift = bit % 64;
    const uint64_t mask = (uint64_t(1) << cell_bits_) - 1;
    words[at] = (words[at] & ~(mask << shift)) | uint64_t(value) << shift;
    if (shift + cell_bits_ > 64)  // the cell runs on into the next word
      words[at + 1] = (words[at + 1] & ~(mask >> (64 - shift))) | uint64_t(value) >> (64 - shift);
  }
  void unpack(const uint64_t* in, Machine& m) const {
    Reader r{in};
    for (int c = 0; c < cells_; c++) m.cells[size_t(c)] = uint8_t(r.get(cell_bits_));
    size_t f = 0;
    for (int& v : m.running) v = int(r.get(widths_[f++]));
    for (int& v : m.counter) v = int(r.get(widths_[f++]));
    for (int& v : m.frozen) v = int(r.get(widths_[f++]));
    for (int& v : m.memory) v = int(r.get(widths_[f++]));
    m.current = int(r.get(widths_[f])) - 1;
  }

 private:
  // Bits that hold 0 .. count - 1.
  static int bits_for(int count) { return count <= 1 ? 0 : int(std::bit_width(unsigned(count - 1))); }

  // Bits gather in a register, a word at a time: writes to memory per field would wait on each other.
  struct Writer {
    uint64_t* out;
    uint64_t word = 0;
    int bit = 0;  // used in `word`
    void put(uint64_t v, int width) {
      if (width == 0) return;
      word |= v << bit;
      bit += width;
      if (bit < 64) return;
      *out++ = word;
      bit -= 64;
      word = bit == 0 ? 0 : v >> (width - bit);
    }
    void flush() {
      if (bit > 0) *out = word;
    }
  };
  struct Reader {
    const uint64_t* in;
    uint64_t word = *in;
    int bit = 0;  // read from `word`
    uint64_t get(int width) {
      if (width == 0) return 0;
      if (bit == 64) word = *++in, bit = 0;
      uint64_t v = word >> bit;
      if (bit + width > 64) {
        word = *++in;
        v |= word << (64 - bit);
      }
      bit = (bit + width - 1) % 64 + 1;
      return v & ((uint64_t(1) << width) - 1);
    }
  };

  int cell_bits_ = 1, cells_ = 0, words_ = 1;
  std::vector<int> widths_;  // running per branch, counters, current
};

}  // namespace mj
