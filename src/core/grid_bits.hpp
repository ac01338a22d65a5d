// A grid's cells as bits: a row of 64-bit words per (y, z), bit x set when cell (x, y, z) holds a
// value of some wave. A full scan ANDs such rows, one per input cell of a rule and shifted by the
// cell's x, and so tests 64 positions of the rule at once instead of one cell of one position.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"

namespace mj {

class GridBits {
 public:
  // Takes the grid's present state; rows made for an earlier state are dropped. `histogram`
  // (cells per value) lets waves skip the values no cell holds.
  void load(const Grid& grid, const std::array<int, 256>& histogram);
  // Words per row: enough for the grid's width, and one of zeros after them, so that a row can be
  // read shifted by up to 64 bits without a bounds test.
  int words() const { return words_; }
  // The values some cell holds. A wave with none of them holds nowhere, one with all everywhere.
  ValueSet present() const { return present_; }
  // The rows (y fastest, then z) of the cells that hold a value of `wave`, made on first use.
  // (Callers need none for the waves present() settles.)
  const uint64_t* rows(ValueSet wave);

 private:
  const uint64_t* plane(int value);
  void fill_plane(int value, uint64_t* out) const;
  const Grid* grid_ = nullptr;
  ValueSet present_ = 0;  // the values some cell holds
  int words_ = 0;
  size_t row_count_ = 0;
  std::vector<std::vector<uint64_t>> planes_;  // per value, made on first use; empty until then
  std::vector<ValueSet> waves_;                // the waves made, in the order of wave_rows_
  std::vector<std::vector<uint64_t>> wave_rows_;
};

}  // namespace mj
