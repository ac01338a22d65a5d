// The states a run can reach, breadth first from the start, on packed states (the successor engine:
// stepper.hpp, state_packing.hpp, state_table.hpp). explore() and its tests use it.
#pragma once

#include <string>
#include <vector>

#include "explore/program.hpp"
#include "mj/explore.hpp"
#include "run/interpreter.hpp"

namespace mj {

// The graph without its probabilities of ending (explore() adds them). `keys`, when given, gets each
// state as explore_by_replay's key text, so that tests can compare the two state by state.
StateSpace search_states(const ExploreProgram& program, const ExploreOptions& options,
                         std::vector<std::string>* keys = nullptr);

// The interpreter's own answer, a start of it per transition (today's explorer before the successor
// engine): the oracle of the tests. `keys` as above.
StateSpace explore_by_replay(const RunSettings& settings, const ExploreOptions& options,
                             std::vector<std::string>* keys = nullptr);

// The key of the state an interpreter stands at, as explore_by_replay and search_states' `keys` give it.
std::string interpreter_state_key(const Interpreter& ip);

// explore(): the search, and where runs end; without options.graph, edges and grids are left empty.
StateSpace explore_program(const ExploreProgram& program, const ExploreOptions& options);
// The outcomes most probable first, and `unending`, once their probabilities are known.
void sort_outcomes(StateSpace& space);

// Where runs end: the outcomes' probabilities, `cyclic`, `unending`, outcomes most probable first.
void add_end_probabilities(StateSpace& space);

}  // namespace mj
