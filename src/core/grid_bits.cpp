#include "core/grid_bits.hpp"

#include <algorithm>
#include <bit>

#include "core/wave_scan.hpp"

namespace mj {

void GridBits::load(const Grid& grid, const std::array<int, 256>& histogram) {
  grid_ = &grid;
  present_ = 0;
  for (int v = 0; v < grid.values; v++)
    if (histogram[size_t(v)] > 0) present_ |= ValueSet(1) << v;
  words_ = (grid.mx + 63) / 64 + 1;
  row_count_ = size_t(grid.my) * size_t(grid.mz);
  planes_.resize(size_t(grid.values));
  for (auto& p : planes_) p.clear();  // keeps the capacity for the next scan
  waves_.clear();
}

// One pass over the grid per value: sixteen cells compared at a time (WaveLanes), four such masks
// to a word.
void GridBits::fill_plane(int value, uint64_t* out) const {
  const Grid& g = *grid_;
  const uint8_t v = uint8_t(value);
  for (size_t row = 0; row < row_count_; row++, out += words_) {
    const uint8_t* cells = g.state.data() + row * size_t(g.mx);
    int x = 0;
#if defined(__SSE2__)
    const WaveLanes lanes(ValueSet(1) << v, 1);
    for (; x + 16 <= g.mx; x += 16) out[x / 64] |= uint64_t(lanes.hits(cells + x)) << (x % 64);
#endif
    for (; x < g.mx; x++) out[x / 64] |= uint64_t(cells[x] == v) << (x % 64);
  }
}

const uint64_t* GridBits::plane(int value) {
  std::vector<uint64_t>& p = planes_[size_t(value)];
  if (p.empty()) {
    p.assign(row_count_ * size_t(words_), 0);
    fill_plane(value, p.data());
  }
  return p.data();
}

// A wave's rows are the OR of its values' planes, or the complement of the others' when fewer of
// those are on the grid. Values on no cell need no plane.
const uint64_t* GridBits::rows(ValueSet wave) {
  const ValueSet in = wave & present_, out = present_ & ~wave;
  if (std::has_single_bit(in)) return plane(std::countr_zero(in));
  for (size_t k = 0; k < waves_.size(); k++)
    if (waves_[k] == in) return wave_rows_[k].data();
  const bool complement = std::popcount(out) < std::popcount(in);
  if (wave_rows_.size() <= waves_.size()) wave_rows_.emplace_back();
  std::vector<uint64_t>& result = wave_rows_[waves_.size()];
  waves_.push_back(in);
  result.assign(row_count_ * size_t(words_), 0);
  for (ValueSet bits = complement ? out : in; bits != 0; bits &= bits - 1) {
    const uint64_t* p = plane(std::countr_zero(bits));
    for (size_t i = 0; i < result.size(); i++) result[i] |= p[i];
  }
  if (complement)
    for (uint64_t& word : result) word = ~word;
  return result.data();
}

}  // namespace mj
