// Finding the cells of a row that hold one of a few values: the inner loop of full scans.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "core/grid.hpp"

namespace mj {

// The number of values in a wave, counted up to 5. (std::popcount is a library call on baseline
// x86-64, and callers only need to know whether a wave is small.)
inline int count_values(Wave wave) {
  int count = 0;
  for (Wave bits = wave; bits != 0 && count < 5; bits &= bits - 1) count++;
  return count;
}

// Calls f(x) for every x in [from, to) whose cell value is in `wave`, left to right. Sixteen cells
// are compared at a time when the wave has at most four values.
template <class F>
inline void for_each_in_wave(const uint8_t* cells, int from, int to, Wave wave, F&& f) {
  int x = from;
#if defined(__SSE2__)
  const int count = count_values(wave);  // called once per row: the set-up has to be cheap
  if (count >= 1 && count <= 4) {
    __m128i wanted[4];
    Wave bits = wave;
    for (int k = 0; k < 4; k++) {
      wanted[k] = _mm_set1_epi8(char(std::countr_zero(bits)));
      if (k + 1 < count) bits &= bits - 1;
    }
    for (; x + 16 <= to; x += 16) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + x));
      __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, wanted[0]), _mm_cmpeq_epi8(v, wanted[1])),
                                 _mm_or_si128(_mm_cmpeq_epi8(v, wanted[2]), _mm_cmpeq_epi8(v, wanted[3])));
      for (unsigned bits = unsigned(_mm_movemask_epi8(hit)); bits != 0; bits &= bits - 1) f(x + std::countr_zero(bits));
    }
  }
#endif
  for (; x < to; x++)
    if (wave >> cells[x] & 1u) f(x);
}

// How many of `count` cells hold each value. Four partial counts: runs of one value would
// otherwise make each increment wait for the previous one.
inline std::array<int, 256> value_histogram(const uint8_t* cells, size_t count) {
  std::array<std::array<int, 256>, 4> partial{};
  size_t i = 0;
  for (; i + 4 <= count; i += 4)
    for (size_t k = 0; k < 4; k++) partial[k][cells[i + k]]++;
  for (; i < count; i++) partial[0][cells[i]]++;
  std::array<int, 256> total{};
  for (size_t v = 0; v < 256; v++) total[v] = partial[0][v] + partial[1][v] + partial[2][v] + partial[3][v];
  return total;
}

// The cells that hold a value of `wave`, by the histogram: what a pivot cell of a rule costs.
inline long long cells_holding(Wave wave, const std::array<int, 256>& histogram) {
  long long holding = 0;
  for (Wave bits = wave; bits != 0; bits &= bits - 1) holding += histogram[size_t(std::countr_zero(bits))];
  return holding;
}

}  // namespace mj
