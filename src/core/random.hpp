// The seeded generator of .NET's System.Random (Knuth's subtractive method),
// reproduced bit for bit so that seeds give the reference's outputs.
#pragma once

#include <array>
#include <cstdint>

namespace mj {

class Random {
 public:
  explicit Random(int seed);

  int next();                // [0, 2^31 - 1)
  int next(int max_value);   // [0, max_value); max_value >= 0
  double next_double();      // [0, 1)

 private:
  int internal_sample();
  double sample() { return internal_sample() * (1.0 / 2147483647.0); }

  std::array<int, 56> seed_array_{};
  int inext_ = 0;
  int inextp_ = 21;
};

}  // namespace mj
