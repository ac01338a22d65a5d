// Pins: cells of the grid the program ends on that keep a value all run long (Model::set_pins). A rule's
// match that would write another value into a pinned cell does not match, a path skips it, a convolution
// keeps it. That grid is the start grid, or for a model with one <wfc> and no <map> the wfc's grid: the
// nodes before the wfc run unpinned, the wfc's start wave holds the pins (wfc_pins.cpp) and its children
// keep them. A <map> (its grid is made from the grid before it, which no pin names) and a second <wfc>
// are refused; so is a goal on a model with a <map> or any <wfc> (it names the start grid, which does not
// last there).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mj/defaults.hpp"

namespace mj {

// Whether writing `value` into `cell` would change a pinned cell. `pins`: Run::pins, not null.
inline bool breaks_pin(const uint8_t* pins, int cell, uint8_t value) {
  const uint8_t pinned = pins[cell];
  return pinned != kFreeCell && pinned != value;
}

class Node;
class Grid;

// The grid that pins and goals name for the program under `root` whose start grid is `start`: the grid of
// its one <wfc> when it has one and no <map>, else `start` (also where they are refused).
const Grid& pinned_grid(const Node& root, const Grid& start);
// Checks a pins or goal grid (`what`: "pins" or "goal") for the program under `root` on `grid`, its
// pinned_grid: one value per cell, each of the legend or kFreeCell; pins with no <map> and one <wfc> at
// most, a goal with neither. Throws mj::Error of kind argument in `file`: for a wrong size or value, at the
// node's line for a refused map or wfc.
void check_constraint_cells(const std::vector<uint8_t>& cells, const Grid& grid, const Node& root, const char* what,
                            const std::string& file);
// Throws mj::Error (kind argument) in `file` naming the first cell that `pins` and `goal` (each checked by
// check_constraint_cells, or empty) give different values: a goal the pins keep the grid from.
void check_pins_meet_goal(const std::vector<uint8_t>& pins, const std::vector<uint8_t>& goal, const Grid& grid,
                          const std::string& file);
// What a finished run's grid misses of the goal (per cell a value or kFreeCell): its run notice, or nullopt
// when every goal cell holds its value.
std::optional<std::string> missed_goal(const std::vector<uint8_t>& goal, const Grid& grid);
// A goal needs an inference node (a rule node with <observe>) to reach it: throws mj::Error naming the
// model `file` when the program under `root` has none.
void check_goal_reachable(const Node& root, const std::string& file);

}  // namespace mj
