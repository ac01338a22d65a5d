// Potentials: how many steps a set of rules needs to get each value to each cell (forward, from a
// state), or from each value at each cell to a goal (backward); and the estimates summed from them.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rule.hpp"
#include "nodes/inference/field.hpp"

namespace mj {

// Forward: steps needed to write each value at each cell, starting from `state`. A caller that
// computes them again and again for the same rules on the same grid shape (search) passes its own
// key from new_potentials_key(), so that the rules are indexed once; 0 indexes them every time.
void compute_forward_potentials(Potentials& potentials, const uint8_t* state, int mx, int my, int mz,
                                const std::vector<Rule>& rules, uint64_t key = 0);
uint64_t new_potentials_key();
// forward_pointwise(potentials, future) of the forward potentials from `state`, computed without
// them (search's estimate of each state it meets): the propagation stops once every cell has met
// the goal. C: the grid's values; `key` as above.
int forward_estimate(const uint8_t* state, const ValueSet* future, int C, int mx, int my, int mz,
                     const std::vector<Rule>& rules, uint64_t key = 0);
// Backward: steps needed from having each value at each cell to reaching `future`. Only the `rows`
// of the values asked for and of those the propagation reaches are written (an observe node reads
// a few of a large grid's rows: rows_read_by_deltas); the others are left as potentials.unset_rows.
void compute_backward_potentials(Potentials& potentials, const ValueSet* future, int mx, int my, int mz,
                                 const std::vector<Rule>& rules, ValueSet rows = ~ValueSet(0));
// Row c of backward potentials computed for `future`, whether written or left unset.
std::vector<int> backward_row(const Potentials& potentials, const ValueSet* future, int c);

// Sums of per-cell estimates; -1 when some cell cannot reach (or be reached from) the goal.
int forward_pointwise(const Potentials& potentials, const ValueSet* future);
int backward_pointwise(const Potentials& potentials, const uint8_t* present);

}  // namespace mj
