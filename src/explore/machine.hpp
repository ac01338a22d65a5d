// A state of a run, unpacked: the grid, where each branch stands, the step counts of nodes with a step
// limit, and the branch the next step runs (-1 once the run ended). A state packs into a few bits
// (state_packing.hpp); the stepper works on this.
#pragma once

#include <cstdint>
#include <vector>

#include "explore/program.hpp"

namespace mj {

struct Machine {
  std::vector<uint8_t> cells;
  std::vector<int> running;  // per branch slot
  std::vector<int> counter;  // per counter slot
  std::vector<int> frozen;   // per frozen-potentials slot: 0 before the node's first step, else 1 + their number
  std::vector<int> memory;   // per match-memory slot: 0 for none (as after the start), else 1 + its number
  int current = 0;           // branch slot, -1 when the run ended

  bool finished() const { return current < 0; }
  // The run's first state.
  static Machine start_of(const ExploreProgram& program) {
    return {program.start,
            std::vector<int>(program.branches.size(), 0),
            std::vector<int>(program.limited.size(), 0),
            std::vector<int>(program.freezing.size(), 0),
            std::vector<int>(program.remembering.size(), 0),
            0};
  }
};

// A match a `one` node draws: a rule image and its corner.
struct Draw {
  int rule, corner;
};

}  // namespace mj
