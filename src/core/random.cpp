#include "core/random.hpp"

#include <climits>
#include <cstdlib>

namespace mj {

namespace {

constexpr int kMSeed = 161803398;

int reduce(int result, int big) {
  if (result == big) result--;
  if (result < 0) result += big;
  return result;
}

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

// The generator takes slot k minus slot k+21 (past 55, k-34): still the old value for k <= 34,
// this round's new one after that. Both loops vectorise: within each, a slot is read before it
// is written or not written at all. On x86-64 an AVX2 copy is chosen at load time where the CPU
// has it (other targets, WebAssembly among them, have no clones; nor has ThreadSanitizer, whose
// instrumented resolver would run before its runtime is up).
#if defined(__x86_64__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
#define MJ_AVX2_CLONE [[gnu::target_clones("avx2", "default")]]
#else
#define MJ_AVX2_CLONE
#endif
MJ_AVX2_CLONE void Random::refill() {
  for (size_t k = 1; k <= 34; k++) seed_array_[k] = reduce(seed_array_[k] - seed_array_[k + 21], kMBig);
  for (size_t k = 35; k <= 55; k++) seed_array_[k] = reduce(seed_array_[k] - seed_array_[k - 34], kMBig);
  used_ = 0;
}

// next_double() grows with the draw, so the draws that pass form a prefix: its length by bisection,
// each candidate computed as next_double() computes it.
int Random::draws_not_above(double p) {
  int passing = 0, failing = kMBig;  // draws below `passing` pass; `failing` and above do not
  while (passing < failing) {
    const int mid = passing + (failing - passing) / 2;
    if (!(mid * (1.0 / 2147483647.0) > p)) passing = mid + 1;
    else failing = mid;
  }
  return passing;
}

}  // namespace mj
