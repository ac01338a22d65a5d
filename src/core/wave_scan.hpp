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
inline int count_values(ValueSet wave) {
  int count = 0;
  for (ValueSet bits = wave; bits != 0 && count < 5; bits &= bits - 1) count++;
  return count;
}

#if defined(__SSE2__)
// A wave of one to four values, each value in all sixteen bytes of a lane (the last repeated):
// which of sixteen cells hold one of them, in one comparison per lane.
class WaveLanes {
 public:
  explicit WaveLanes(ValueSet wave, int count) {
    for (int k = 0; k < 4; k++) {
      lanes_[k] = _mm_set1_epi8(char(std::countr_zero(wave)));
      if (k + 1 < count) wave &= wave - 1;
    }
  }
  unsigned hits(const uint8_t* cells) const {  // bit j: cells[j] is in the wave
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells));
    __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lanes_[0]), _mm_cmpeq_epi8(v, lanes_[1])),
                               _mm_or_si128(_mm_cmpeq_epi8(v, lanes_[2]), _mm_cmpeq_epi8(v, lanes_[3])));
    return unsigned(_mm_movemask_epi8(hit));
  }

 private:
  __m128i lanes_[4];
};
#endif

// Calls f(x) for every x in [from, to) whose cell value is in `wave`, left to right. Sixteen cells
// are compared at a time when the wave has at most four values.
template <class F>
inline void for_each_in_wave(const uint8_t* cells, int from, int to, ValueSet wave, F&& f) {
  int x = from;
#if defined(__SSE2__)
  const int count = count_values(wave);  // called once per row: the set-up has to be cheap
  if (count >= 1 && count <= 4) {
    const WaveLanes lanes(wave, count);
    for (; x + 16 <= to; x += 16)
      for (unsigned bits = lanes.hits(cells + x); bits != 0; bits &= bits - 1) f(x + std::countr_zero(bits));
  }
#endif
  for (; x < to; x++)
    if (wave >> cells[x] & 1u) f(x);
}

#if defined(__SSE2__)
// Per byte: the places of its set bits, in order, and their number (collect_in_wave's lists).
struct SetBitPlaces {
  uint8_t at[256][8];
  uint8_t count[256];
  constexpr SetBitPlaces() : at{}, count{} {
    for (int byte = 0; byte < 256; byte++)
      for (int bit = 0; bit < 8; bit++)
        if (byte >> bit & 1) at[byte][count[byte]++] = uint8_t(bit);
  }
};
inline constexpr SetBitPlaces kSetBitPlaces{};

// Writes x + the places of the set bits of `byte` to out (eight ints written, the first
// count[byte] of them meant), and returns their number: a list without a branch per cell.
inline int write_set_bits(unsigned byte, int x, int* out) {
  const __m128i zero = _mm_setzero_si128(), base = _mm_set1_epi32(x);
  const __m128i places =
      _mm_unpacklo_epi8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(kSetBitPlaces.at[byte])), zero);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_add_epi32(_mm_unpacklo_epi16(places, zero), base));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4), _mm_add_epi32(_mm_unpackhi_epi16(places, zero), base));
  return kSetBitPlaces.count[byte];
}
#endif

// Writes to `out` every x in [from, to) whose cell value is in `wave`, left to right, and returns
// their number. For rows where such cells are common: a block of sixteen cells with any of them
// is listed without a branch per cell (which would mispredict on mixed rows), its hits by byte
// from a table of their places; a block with none is skipped. `out` has room for to - from ints.
inline int collect_in_wave(const uint8_t* cells, int from, int to, ValueSet wave, int* out) {
  int count = 0, x = from;
#if defined(__SSE2__)
  const int values = count_values(wave);
  if (values >= 1 && values <= 4) {
    const WaveLanes lanes(wave, values);
    for (; x + 16 <= to; x += 16) {
      const unsigned hits = lanes.hits(cells + x);
      if (hits == 0) continue;
      // count <= x - from: the eight ints written end before out[to - from].
      count += write_set_bits(hits & 0xffu, x, out + count);
      count += write_set_bits(hits >> 8, x + 8, out + count);
    }
  }
#endif
  for (; x < to; x++) out[count] = x, count += int(wave >> cells[x] & 1u);
  return count;
}

#if defined(__SSE2__)
// Small alphabets, V values: a byte counter per value and lane that each comparison adds to,
// summed before it can overflow (every 255 blocks of sixteen cells).
template <int V>
void count_small_alphabet(const uint8_t* cells, size_t count, std::array<int, 256>& total) {
  size_t i = 0;
  while (count - i >= 16) {
    __m128i counters[V];
    for (int v = 0; v < V; v++) counters[v] = _mm_setzero_si128();
    for (size_t block = 0; block < 255 && count - i >= 16; block++, i += 16) {
      const __m128i cells16 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + i));
      for (int v = 0; v < V; v++)
        counters[v] = _mm_sub_epi8(counters[v], _mm_cmpeq_epi8(cells16, _mm_set1_epi8(char(v))));
    }
    for (int v = 0; v < V; v++) {
      const __m128i sums = _mm_sad_epu8(counters[v], _mm_setzero_si128());
      total[size_t(v)] += _mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
  }
  for (; i < count; i++) total[cells[i]]++;
}
#endif

// How many of `count` cells hold each value; every cell holds a value below `values`. Four
// partial counts for large alphabets: runs of one value would otherwise make each increment
// wait for the previous one.
inline std::array<int, 256> value_histogram(const uint8_t* cells, size_t count, int values) {
  std::array<int, 256> total{};
#if defined(__SSE2__)
  switch (values) {
    case 1:
    case 2: return count_small_alphabet<2>(cells, count, total), total;
    case 3: return count_small_alphabet<3>(cells, count, total), total;
    case 4: return count_small_alphabet<4>(cells, count, total), total;
    case 5:
    case 6: return count_small_alphabet<6>(cells, count, total), total;
    case 7:
    case 8: return count_small_alphabet<8>(cells, count, total), total;
    default: break;
  }
#endif
  std::array<std::array<int, 256>, 4> partial{};
  size_t i = 0;
  for (; i + 4 <= count; i += 4)
    for (size_t k = 0; k < 4; k++) partial[k][cells[i + k]]++;
  for (; i < count; i++) partial[0][cells[i]]++;
  for (size_t v = 0; v < 256; v++) total[v] = partial[0][v] + partial[1][v] + partial[2][v] + partial[3][v];
  return total;
}

// The cells that hold a value of `wave`, by the histogram: what a pivot cell of a rule costs.
inline long long cells_holding(ValueSet wave, const std::array<int, 256>& histogram) {
  long long holding = 0;
  for (ValueSet bits = wave; bits != 0; bits &= bits - 1) holding += histogram[size_t(std::countr_zero(bits))];
  return holding;
}

}  // namespace mj
