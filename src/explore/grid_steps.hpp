// --all-grids' one-step graph, by the successor engine: each grid a word, each rule image at each
// corner a mask test and a write of a few bits. Grids are split among threads.
#pragma once

#include <cstdint>
#include <vector>

#include "explore/program.hpp"
#include "mj/run_settings.hpp"

namespace mj {

// The one-step graph over grids numbered in base `values` (cell 0 the lowest digit), in compressed rows.
struct StepGraph {
  std::vector<long long> first;  // grid g's successors are to[first[g] .. first[g + 1]), ascending
  std::vector<int> to;
  std::vector<uint8_t> halts;
};

// The program's one rule node (compile_program of a program require_one_rule_node let through) on
// every grid of its size. `threads` <= 0: every core.
StepGraph step_graph(const ExploreProgram& program, long long grids, int threads);

// The same from starts of the interpreter, one per match: the tests' oracle.
StepGraph step_graph_by_interpreter(const RunSettings& settings, long long grids);

}  // namespace mj
