// The seeded generator of .NET's System.Random (Knuth's subtractive method),
// reproduced bit for bit so that seeds give the reference's outputs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace mj {

class Random {
 public:
  explicit Random(int seed);

  // Inline: prl and convolution draw once per cell and step.
  int next() { return internal_sample(); }                                       // [0, 2^31 - 1)
  int next(int max_value) { return int(sample() * max_value); }                  // [0, max_value); max_value >= 0
  double next_double() { return sample(); }                                      // [0, 1)

 private:
  static constexpr int kMBig = 2147483647;

  int internal_sample() {
    if (++inext_ >= 56) inext_ = 1;
    if (++inextp_ >= 56) inextp_ = 1;
    int result = seed_array_[size_t(inext_)] - seed_array_[size_t(inextp_)];
    if (result == kMBig) result--;
    if (result < 0) result += kMBig;
    seed_array_[size_t(inext_)] = result;
    return result;
  }
  double sample() { return internal_sample() * (1.0 / 2147483647.0); }

  std::array<int, 56> seed_array_{};
  int inext_ = 0;
  int inextp_ = 21;
};

}  // namespace mj
