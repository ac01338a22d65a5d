// What the explore tests check the successor engine against, built only for the tests: the interpreter
// itself replaying paths of choices (explore_by_replay, the explorer before the engine), every grid's
// one-step graph stored whole (by the engine and by starts of the interpreter), and --all-grids' counts
// from such a graph by strongly connected components.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "explore/program.hpp"
#include "mj/explore.hpp"
#include "mj/run_settings.hpp"
#include "run/interpreter.hpp"

namespace mj {

// The interpreter's own answer, a start of it per transition: search_states' states, in the same order.
// `keys`, when given, gets each state's key (interpreter_state_key), as search_states' `keys` does.
StateSpace explore_by_replay(const RunSettings& settings, const ExploreOptions& options,
                             std::vector<std::string>* keys = nullptr);

// The key of the state an interpreter stands at, as explore_by_replay and search_states' `keys` give it.
std::string interpreter_state_key(const Interpreter& ip);

// The one-step graph over grids numbered in base `values` (cell 0 the lowest digit), in compressed rows.
struct StepGraph {
  std::vector<long long> first;  // grid g's successors are to[first[g] .. first[g + 1]), ascending
  std::vector<int> to;
  std::vector<uint8_t> halts;
};

// The program's one rule node (compile_program of a program require_one_rule_node let through) on
// every grid of its size, by the successor engine (grid_stepper.hpp). `threads` <= 0: every core.
StepGraph step_graph(const ExploreProgram& program, long long grids, int threads);

// The same from starts of the interpreter, one per match.
StepGraph step_graph_by_interpreter(const RunSettings& settings, long long grids);

// --all-grids' counts (grid_dynamics) from a stored one-step graph, by strongly connected components.
GridDynamics grid_dynamics_by_graph(const ExploreProgram& program, const StepGraph& graph);

}  // namespace mj
