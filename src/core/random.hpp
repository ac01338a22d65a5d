// The seeded generator of .NET's System.Random (Knuth's subtractive method),
// reproduced bit for bit so that seeds give the reference's outputs.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace mj {

class Random {
 public:
  explicit Random(int seed);

  // Inline: prl and convolution draw once per cell and step.
  int next() { return internal_sample(); }                       // [0, 2^31 - 1)
  int next(int max_value) { return int(sample() * max_value); }  // [0, max_value); max_value >= 0
  double next_double() { return sample(); }                      // [0, 1)

  // The draw `ahead` draws from now (1: the next) as next() will return it, when it is in the
  // round at hand; for prefetching what later draws will read.
  bool peek(int ahead, int& draw) const {
    if (used_ + ahead > 55) return false;
    draw = seed_array_[size_t(used_ + ahead)];
    return true;
  }

  // Makes `count` draws and calls on_pass(k) for each k-th (from 0) below `bound`, in order: a
  // rule that draws for every cell of a row tests a round's draws in one tight loop, instead of
  // a call and a round check per cell. on_pass must not draw. An on_pass taking two ints also gets
  // the draw (next()'s value), for callers whose bound varies by draw and pass the largest.
  // Always inlined: on_pass is the caller's loop body, kept in registers only when inlined.
  template <class F>
  [[gnu::always_inline]] void draws_below(int count, int bound, F&& on_pass) {
    for (int k = 0; k < count;) {
      if (used_ == 55) refill();
      const int take = std::min(55 - used_, count - k);
      const int* draws = seed_array_.data() + used_ + 1;
      int j = 0;
#if defined(__SSE2__)
      const __m128i bounds = _mm_set1_epi32(bound);
      const auto below = [&](int at) {
        return _mm_cmplt_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(draws + at)), bounds);
      };
      // Sixteen draws a test, their comparisons packed to bytes: when most fail, one mask tells.
      for (; j + 16 <= take; j += 16) {
        const __m128i bytes =
            _mm_packs_epi16(_mm_packs_epi32(below(j), below(j + 4)), _mm_packs_epi32(below(j + 8), below(j + 12)));
        for (unsigned mask = unsigned(_mm_movemask_epi8(bytes)); mask != 0; mask &= mask - 1)
          pass(on_pass, k + j + std::countr_zero(mask), draws[j + std::countr_zero(mask)]);
      }
      for (; j + 4 <= take; j += 4) {
        for (unsigned mask = unsigned(_mm_movemask_ps(_mm_castsi128_ps(below(j)))); mask != 0; mask &= mask - 1)
          pass(on_pass, k + j + std::countr_zero(mask), draws[j + std::countr_zero(mask)]);
      }
#endif
      for (; j < take; j++)
        if (draws[j] < bound) pass(on_pass, k + j, draws[j]);
      used_ += take, k += take;
    }
  }

  // The number of draws s (next() == s, 0 <= s < 2^31 - 1) for which next_double() > p is false,
  // so that `next() < draws_not_above(p)` decides a `p` test exactly, without the conversion.
  static int draws_not_above(double p);

 private:
  static constexpr int kMBig = 2147483647;

  template <class F>
  static void pass(F& on_pass, int k, int draw) {
    if constexpr (std::is_invocable_v<F&, int, int>) on_pass(k, draw);
    else on_pass(k);
  }

  // Draw k of a round (k = 1..55) replaces slot k of the seed array and returns it: a round
  // computes all 55 at once (refill), and the draws read them in order.
  int internal_sample() {
    if (used_ == 55) refill();
    return seed_array_[size_t(++used_)];
  }
  double sample() { return internal_sample() * (1.0 / 2147483647.0); }
  void refill();

  std::array<int, 56> seed_array_{};
  int used_ = 55;  // draws taken from the current round
};

}  // namespace mj
