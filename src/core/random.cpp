#include "core/random.hpp"

#include <climits>
#include <cstdlib>

namespace mj {

namespace {
constexpr int kMSeed = 161803398;
}  // namespace

Random::Random(int seed) {
  int subtraction = (seed == INT_MIN) ? INT_MAX : std::abs(seed);
  int mj = kMSeed - subtraction;
  seed_array_[55] = mj;
  int mk = 1;
  for (int i = 1; i < 55; i++) {
    int ii = (21 * i) % 55;
    seed_array_[ii] = mk;
    mk = mj - mk;
    if (mk < 0) mk += kMBig;
    mj = seed_array_[ii];
  }
  for (int k = 1; k < 5; k++) {
    for (int i = 1; i < 56; i++) {
      // .NET computes this in wrapping 32-bit arithmetic.
      seed_array_[i] = int(uint32_t(seed_array_[i]) - uint32_t(seed_array_[1 + (i + 30) % 55]));
      if (seed_array_[i] < 0) seed_array_[i] += kMBig;
    }
  }
}

}  // namespace mj
