// --all-grids' one-step graph from the interpreter itself, as it was made before the successor engine:
// the tests' oracle.
#include <algorithm>

#include "explore/grid_numbers.hpp"
#include "explore_oracles/oracles.hpp"

namespace mj {

namespace {

// Every grid's successors, from the interpreter itself: a fresh run from the grid takes one step, once
// for each match a `one` node could draw (the chooser picks each in turn).
StepGraph step_graph_with(Interpreter& ip, const GridNumbers& numbers, long long grids, size_t cells) {
  StepGraph graph;
  graph.first.reserve(size_t(grids) + 1);
  graph.halts.assign(size_t(grids), 0);
  int chosen = 0, options = 1;
  ip.set_chooser([&](int n) {
    options = n;
    return chosen;
  });
  std::vector<uint8_t> start(cells);
  std::vector<int> successors;
  for (long long g = 0; g < grids; g++) {
    graph.first.push_back((long long)graph.to.size());
    numbers.cells_of(g, start);
    successors.clear();
    options = 1;
    for (chosen = 0; chosen < options; chosen++) {
      ip.set_initial_cells(start);
      ip.start(0);
      ip.step();
      if (ip.finished()) break;
      successors.push_back(numbers.number_of(ip.grid().cells));
    }
    graph.halts[size_t(g)] = successors.empty();
    std::sort(successors.begin(), successors.end());
    successors.erase(std::unique(successors.begin(), successors.end()), successors.end());
    graph.to.insert(graph.to.end(), successors.begin(), successors.end());
  }
  graph.first.push_back((long long)graph.to.size());
  return graph;
}

}  // namespace

StepGraph step_graph_by_interpreter(const RunSettings& settings, long long grids) {
  Interpreter ip = load_model(settings);
  const GridView view = ip.grid();
  const GridNumbers numbers(int(view.legend.size()), view.size());
  return step_graph_with(ip, numbers, grids, view.size());
}

}  // namespace mj
