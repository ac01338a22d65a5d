// <convolution>'s rules (in, out, p, values, sum) and neighbourhood kernel as written, and the
// table of them that a step reads: for each value, the rules that can rewrite it, in order.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/random.hpp"
#include "core/xml.hpp"

namespace mj {

// The largest neighbour count a `sum` may ask for: a full 3x3x3 kernel without its centre.
constexpr int kMaxSum = 27;

// A neighbour counted by the kernel (every named kernel weighs its neighbours 0 or 1).
struct KernelEntry {
  int dx, dy, dz;
};

// The kernel's non-zero weights with their offsets, in the reference's summation order.
std::vector<KernelEntry> load_kernel(const XmlElement& e, bool d2);

struct ConvolutionRule {
  uint8_t input = 0, output = 0;
  double p = 1.0;
  // multiplicity[v]: how often value v is listed in `values` (the reference sums a repeated value
  // twice); empty when the rule has no sum condition.
  std::vector<int> multiplicity;
  uint32_t sums = 0;  // bit s: does a neighbour sum of s allow the rule (kMaxSum < 32)
};

ConvolutionRule load_convolution_rule(const XmlElement& e, const Grid& grid);

// A rule with probability p fires when next() is below this bound.
long long draw_bound(double p);

// A rule as the loop over cells reads it, inline: its draw_bound (-1 when p is 1: no draw), its
// output and its sum condition (multiplicity null when it has none).
struct ConvolutionChoice {
  long long bound;
  const int* multiplicity;
  int counted;  // its entry among the sums the step counts at once, -1 without a sum condition
  uint32_t sums;
  uint8_t output;
  bool allows(int sum) const { return sum < 32 && (sums >> sum & 1u); }
};

// choices[first[v] .. first[v+1]): the rules that can rewrite value v, in order (a rule whose
// output equals its input never fires and draws nothing).
struct ChoiceTable {
  std::vector<ConvolutionChoice> choices;
  std::array<uint32_t, 257> first{};
};

// The output of the first of a value's rules that fires (its draw passes, its sum condition,
// sum_of(rule), holds), or -1: one draw per drawn rule tried, in order, as the reference draws.
// Always inlined: it is the body of the per-cell loops.
template <class SumOf>
[[gnu::always_inline]] inline int fired_output(Random& random, const ConvolutionChoice* choices, const uint32_t* first,
                                               uint8_t value, SumOf&& sum_of) {
  for (uint32_t k = first[value], end = first[value + 1u]; k < end; k++) {
    const ConvolutionChoice& c = choices[k];
    if (c.bound >= 0 && random.next() >= c.bound) continue;
    if (!c.multiplicity || c.allows(sum_of(c))) return c.output;
  }
  return -1;
}

}  // namespace mj
