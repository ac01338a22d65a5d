#include "nodes/neighbour_count.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mj {

namespace {

struct Weighted {
  uint8_t value;
  int weight;
};

int scalar_sum(const uint8_t* at, const std::vector<int>& offsets, const std::vector<int>& weights) {
  int sum = 0;
  for (int offset : offsets) sum += weights[at[offset]];
  return sum;
}

// One interior row from x = 1 to mx - 2. A byte lane counts a cell: each neighbour holding a
// weighted value subtracts its comparison mask (-1) `weight` times.
void count_row(const uint8_t* row, uint8_t* sums, int mx, const std::vector<int>& offsets,
               const std::vector<Weighted>& weighted, const std::vector<int>& weights) {
  int x = 1;
#if defined(__SSE2__)
  const bool single = weighted.size() == 1 && weighted[0].weight == 1;
  const __m128i only = _mm_set1_epi8(char(weighted.empty() ? 0 : weighted[0].value));
  for (; x + 16 <= mx - 1; x += 16) {
    __m128i count = _mm_setzero_si128();
    for (int offset : offsets) {
      const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + x + offset));
      if (single) {  // the common case: one value, counted once
        count = _mm_sub_epi8(count, _mm_cmpeq_epi8(cells, only));
        continue;
      }
      for (const Weighted& w : weighted) {
        const __m128i hit = _mm_cmpeq_epi8(cells, _mm_set1_epi8(char(w.value)));
        for (int k = 0; k < w.weight; k++) count = _mm_sub_epi8(count, hit);
      }
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(sums + x), count);
  }
#endif
  for (; x < mx - 1; x++) sums[x] = uint8_t(scalar_sum(row + x, offsets, weights));
}

}  // namespace

bool count_interior(const uint8_t* state, int mx, int my, int mz, const std::vector<int>& offsets,
                    const std::vector<int>& weights, uint8_t* sums) {
  std::vector<Weighted> weighted;
  for (size_t v = 0; v < weights.size(); v++) {
    if (weights[v] == 0) continue;
    if (weights[v] < 0 || weights[v] > 4 || v > 255) return false;
    weighted.push_back({uint8_t(v), weights[v]});
  }
  if (weighted.size() > 8) return false;
  const int z_first = mz == 1 ? 0 : 1, z_last = mz == 1 ? 0 : mz - 2;
  for (int z = z_first; z <= z_last; z++)
    for (int y = 1; y < my - 1; y++) {
      const int row = (z * my + y) * mx;
      count_row(state + row, sums + row, mx, offsets, weighted, weights);
    }
  return true;
}

}  // namespace mj
