#include "nodes/convolution/neighbour_count.hpp"

#include <array>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mj {

namespace {

struct Weighted {
  uint8_t value;
  int weight;
};

// The values with a weight: at most 8 (count_interior refuses more), kept without allocating.
struct WeightedValues {
  std::array<Weighted, 8> entries;
  size_t size = 0;
};

int scalar_sum(const uint8_t* at, const std::vector<int>& offsets, const std::vector<int>& weights) {
  int sum = 0;
  for (int offset : offsets) sum += weights[at[offset]];
  return sum;
}

#if defined(__SSE2__)
// Sixteen cells from `at`: a byte lane counts a cell, and each neighbour holding a weighted value
// subtracts its comparison mask (-1) `weight` times.
__m128i count_block(const uint8_t* at, const std::vector<int>& offsets, const WeightedValues& weighted) {
  __m128i count = _mm_setzero_si128();
  for (int offset : offsets) {
    const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + offset));
    for (size_t k = 0; k < weighted.size; k++) {
      const __m128i hit = _mm_cmpeq_epi8(cells, _mm_set1_epi8(char(weighted.entries[k].value)));
      for (int n = 0; n < weighted.entries[k].weight; n++) count = _mm_sub_epi8(count, hit);
    }
  }
  return count;
}

// count_block for the common case of one value counted once, over a kernel of N neighbours known
// at compile time: unrolled, the offsets stay in registers.
template <size_t N>
__m128i count_block_single(const uint8_t* at, const std::array<int, N>& offsets, __m128i value) {
  __m128i count = _mm_setzero_si128();
  for (size_t k = 0; k < N; k++) {
    const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + offsets[k]));
    count = _mm_sub_epi8(count, _mm_cmpeq_epi8(cells, value));
  }
  return count;
}

// Blocks of sixteen from x = 1 on; the last block, when the interior is not a multiple of
// sixteen, overlaps the one before it (recounting a few cells to the same sums) so that no cell
// is left to the scalar loop. Returns where the scalar loop takes over (only rows narrower than a
// block).
template <class Block>
int count_blocks(uint8_t* sums, int mx, Block&& block) {
  const int end = mx - 1;  // one past the last interior cell
  if (end - 1 < 16) return 1;
  for (int x = 1;; x += 16) {
    if (x + 16 > end) x = end - 16;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(sums + x), block(x));
    if (x + 16 == end) return end;
  }
}

template <size_t N>
int count_row_single(const uint8_t* row, uint8_t* sums, int mx, const std::vector<int>& offsets, uint8_t value) {
  std::array<int, N> fixed;
  for (size_t k = 0; k < N; k++) fixed[k] = offsets[k];
  const __m128i wanted = _mm_set1_epi8(char(value));
  return count_blocks(sums, mx, [&](int x) { return count_block_single<N>(row + x, fixed, wanted); });
}
#endif

// One interior row from x = 1 to mx - 2.
void count_row(const uint8_t* row, uint8_t* sums, int mx, const std::vector<int>& offsets,
               const WeightedValues& weighted, const std::vector<int>& weights) {
  int x = 1;
#if defined(__SSE2__)
  const bool single = weighted.size == 1 && weighted.entries[0].weight == 1;
  const uint8_t value = weighted.size == 0 ? 0 : weighted.entries[0].value;
  if (single && offsets.size() == 8) x = count_row_single<8>(row, sums, mx, offsets, value);         // Moore 2D
  else if (single && offsets.size() == 4) x = count_row_single<4>(row, sums, mx, offsets, value);    // VonNeumann 2D
  else if (single && offsets.size() == 6) x = count_row_single<6>(row, sums, mx, offsets, value);    // VonNeumann 3D
  else if (single && offsets.size() == 18) x = count_row_single<18>(row, sums, mx, offsets, value);  // NoCorners
  else x = count_blocks(sums, mx, [&](int at) { return count_block(row + at, offsets, weighted); });
#endif
  for (; x < mx - 1; x++) sums[x] = uint8_t(scalar_sum(row + x, offsets, weights));
}

}  // namespace

bool count_interior(const uint8_t* state, int mx, int my, int mz, const std::vector<int>& offsets,
                    const std::vector<int>& weights, uint8_t* sums) {
  WeightedValues weighted;
  for (size_t v = 0; v < weights.size(); v++) {
    if (weights[v] == 0) continue;
    if (weights[v] < 0 || weights[v] > 4 || v > 255 || weighted.size == weighted.entries.size()) return false;
    weighted.entries[weighted.size++] = {uint8_t(v), weights[v]};
  }
  const int z_first = mz == 1 ? 0 : 1, z_last = mz == 1 ? 0 : mz - 2;
  for (int z = z_first; z <= z_last; z++)
    for (int y = 1; y < my - 1; y++) {
      const int row = (z * my + y) * mx;
      count_row(state + row, sums + row, mx, offsets, weighted, weights);
    }
  return true;
}

}  // namespace mj
