// Constraints on the future: <observe value from to>, the goal they make of the present.
#pragma once

#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "nodes/change_log.hpp"

namespace mj {

struct Observation {
  uint8_t from = 0;  // the value the observed cells take now
  ValueSet to = 0;   // the values they must have at the goal
};

// Builds the goal (`future`) from the present and replaces observed values by their `from`,
// logging those writes as hidden. False when an observed value does not occur on the grid.
// `pins` (Run::pins, or null): a pinned cell keeps its value.
bool compute_future_set_present(std::vector<ValueSet>& future, std::vector<uint8_t>& state,
                                const std::vector<std::optional<Observation>>& observations, ChangeLog& log,
                                const uint8_t* pins = nullptr);
// Adds a goal (Run::goal: per cell a value or kFreeCell) to `future`: a goal cell's future is its value,
// within what the observations allow. Throws mj::Error at `line` naming the first cell where they disagree.
void add_goal(std::vector<ValueSet>& future, const uint8_t* goal, const Grid& grid, int line);

// Throws mj::Error at `line` naming the first pinned cell whose value `future` does not allow there: a goal the
// pins keep the grid from (the observations' own, or a given goal's).
void check_pins_in_goal(const std::vector<ValueSet>& future, const uint8_t* pins, const Grid& grid, int line);

// `hint`: where the last call found an unmet cell. Such a cell tends to stay unmet, or to have
// passed the work on to a neighbour, so the `near` cells on either side are looked at first, and
// before them the hint's neighbours along x and at near / 2 (callers pass twice a grid's stride).
bool is_goal_reached(const uint8_t* present, const ValueSet* future, int cells, int& hint, int near = 0);

}  // namespace mj
