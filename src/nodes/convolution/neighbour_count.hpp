// The neighbour sums of a convolution, for a whole grid at once.
#pragma once

#include <cstdint>
#include <vector>

namespace mj {

// For every interior cell i (each coordinate from 1 to its size less 2; z = 0 on a 2D grid):
// sums[i] = the sum over the kernel `offsets` of weights[state[i + offset]], where `weights` has
// one entry per value. Cells outside the interior are left alone. Sixteen cells are counted at a
// time; false (and nothing written) when the weights do not fit bytes that way: a weight above 4,
// or more than 8 values with a weight.
bool count_interior(const uint8_t* state, int mx, int my, int mz, const std::vector<int>& offsets,
                    const std::vector<int>& weights, uint8_t* sums);

}  // namespace mj
