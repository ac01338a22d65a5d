// --all-grids' counts over every grid of a size, with each grid's successors made when needed by the
// successor engine (grid_stepper.hpp), never stored: one 32-bit word a grid (where its runs end) and a
// bit (whether another grid leads to it).
#pragma once

#include <functional>

#include "explore/program.hpp"
#include "mj/explore.hpp"

namespace mj {

// Where a grid's runs end, while counting: a class (its first grid), several classes, or not known yet.
constexpr uint32_t kSeveral = 0xFFFFFFFF, kUnset = 0xFFFFFFFE;

// The program of --all-grids (refused at its line when it is not one rule node, or has what explore
// cannot enumerate) and its number of grids (more than options.max_states, or 2^30, is an error).
struct AllGrids {
  ExploreProgram program;
  long long grids = 0;
};
AllGrids all_grids_of(const RunSettings& settings, const ExploreOptions& options);

// The program's one rule node (compile_program of a program require_one_rule_node let through) on all
// `grids` grids of its size (at most 2^30), on `threads` threads (<= 0: every core). Classes are listed
// by basin, then size (largest first), then their first grid. `poll` (ExploreOptions::poll) is asked
// about every kPollEvery grids (explore/poll.hpp).
GridDynamics grid_dynamics(const ExploreProgram& program, long long grids, int threads,
                           const std::function<void()>& poll = nullptr);

// A closed class as found: its first grid's number, its grids, its basin.
struct FoundClass {
  long long first = 0, size = 0, basin = 0;
};
// Into d.classes by basin, then size (largest first), then first grid, each with its example.
void list_classes(const ExploreProgram& program, std::vector<FoundClass> found, GridDynamics& d);

}  // namespace mj
