// Pins: cells of the start grid that keep a value all run long (Model::set_pins). A rule's match that
// would write another value into a pinned cell does not match, a path skips it, a convolution keeps it.
// Pins and goals are refused where a node makes a new grid (map, wfc): the start grid does not last there.
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

// Checks a pins or goal grid (`what`: "pins" or "goal") for the program under `root` on `grid`, its start
// grid: one value per cell, each of the legend or kFreeCell, and no node that makes a new grid (map, wfc).
// Throws mj::Error of kind argument in `file`: for a wrong size or value, at the node's line for a map or wfc.
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
