// Constraints on the future: <observe value from to>, and the potentials that measure
// how far a state is from a goal under a set of rules.
#pragma once

#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rule.hpp"
#include "nodes/field.hpp"

namespace mj {

struct Observation {
  uint8_t from = 0;  // the value the observed cells take now
  Wave to = 0;       // the values they must have at the goal
};

// Builds the goal (`future`) from the present and replaces observed values by their `from`.
// False when an observed value does not occur on the grid.
bool compute_future_set_present(std::vector<Wave>& future, std::vector<uint8_t>& state,
                                const std::vector<std::optional<Observation>>& observations);

// Forward: steps needed to write each value at each cell, starting from `state`. A caller that
// computes them again and again for the same rules on the same grid shape (search) passes its own
// key from new_potentials_key(), so that the rules are indexed once; 0 indexes them every time.
void compute_forward_potentials(Potentials& potentials, const uint8_t* state, int mx, int my, int mz,
                                const std::vector<Rule>& rules, uint64_t key = 0);
uint64_t new_potentials_key();
// Backward: steps needed from having each value at each cell to reaching `future`.
void compute_backward_potentials(Potentials& potentials, const Wave* future, int mx, int my, int mz,
                                 const std::vector<Rule>& rules);

// `hint`: where the last call found an unmet cell. Such a cell tends to stay unmet, or to have
// passed the work on to a neighbour, so the `near` cells on either side are looked at first.
bool is_goal_reached(const uint8_t* present, const Wave* future, int cells, int& hint, int near = 0);
// Sums of per-cell estimates; -1 when some cell cannot reach (or be reached from) the goal.
int forward_pointwise(const Potentials& potentials, const Wave* future);
int backward_pointwise(const Potentials& potentials, const uint8_t* present);

}  // namespace mj
