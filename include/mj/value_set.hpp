// mj's public API: sets of values.
#pragma once

#include <cstdint>

namespace mj {

// A set of values as a bit mask: bit v set means value v (the legend's v-th symbol) is in the set.
// The reference calls it a wave (a rule's input cell accepts a wave of values).
using ValueSet = uint32_t;

}  // namespace mj
