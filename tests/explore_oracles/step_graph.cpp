// The one-step graph of every grid stored whole, by the successor engine: what the tests compare with
// the interpreter's graph and give grid_dynamics_by_graph.
#include <algorithm>

#include "explore/grid_coding.hpp"
#include "explore/grid_stepper.hpp"
#include "explore/split.hpp"
#include "explore_oracles/oracles.hpp"

namespace mj {

namespace {

// Calls f(grid, successors, n) for every grid, the successors' words ascending, split among threads.
template <class F>
void each_grid(const GridCoding& coding, const GridStepper& stepper, long long grids, int threads, F f) {
  split(grids, threads, [&](long long begin, long long end) {
    GridStepper own = stepper;
    std::vector<uint64_t> out(size_t(own.most()));
    uint64_t word = coding.word(uint64_t(begin));
    for (long long g = begin; g < end; g++, word = coding.next(word)) {
      const int n = own.successors(word, out.data());
      std::sort(out.begin(), out.begin() + n);
      f(g, out.data(), n);
    }
  });
}

}  // namespace

StepGraph step_graph(const ExploreProgram& program, long long grids, int threads) {
  const GridCoding coding(program.values, program.cells());
  const GridStepper stepper(program, coding);
  threads = threads_for(threads, grids);
  StepGraph graph;
  graph.first.assign(size_t(grids) + 1, 0);
  graph.halts.assign(size_t(grids), 0);
  // Counted first, then written where the counts put them: the rows need no joining after.
  each_grid(coding, stepper, grids, threads, [&](long long g, const uint64_t*, int n) {
    graph.halts[size_t(g)] = n == 0;
    graph.first[size_t(g) + 1] = n;
  });
  for (size_t g = 0; g < size_t(grids); g++) graph.first[g + 1] += graph.first[g];
  graph.to.resize(size_t(graph.first.back()));
  each_grid(coding, stepper, grids, threads, [&](long long g, const uint64_t* out, int n) {
    int* to = graph.to.data() + graph.first[size_t(g)];
    // Words and numbers both have the last cell most significant: ascending words, ascending numbers.
    for (int k = 0; k < n; k++) *to++ = int(coding.number(out[k]));
  });
  return graph;
}

}  // namespace mj
