// The states a run can reach, breadth first from the start, on packed states (the successor engine:
// stepper.hpp, state_packing.hpp, state_table.hpp). explore() and its tests use it.
#pragma once

#include <string>
#include <vector>

#include "explore/program.hpp"
#include "mj/explore.hpp"

namespace mj {

// The graph without its probabilities of ending (explore() adds them). `keys`, when given, gets each
// state as a key text that the tests' oracle (the interpreter replaying choices) gives it too, so that
// they can compare the two state by state.
StateSpace search_states(const ExploreProgram& program, const ExploreOptions& options,
                         std::vector<std::string>* keys = nullptr);

// explore(): the search, and where runs end; without options.graph, edges and grids are left empty.
StateSpace explore_program(const ExploreProgram& program, const ExploreOptions& options);
// The outcomes most probable first, and `unending`, once their probabilities are known.
void sort_outcomes(StateSpace& space);

// Where runs end: the outcomes' probabilities, `cyclic`, `unending`, outcomes most probable first.
void add_end_probabilities(StateSpace& space);

}  // namespace mj
