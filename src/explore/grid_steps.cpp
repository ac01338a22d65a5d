#include "explore/grid_steps.hpp"

#include <algorithm>

#include "core/grid.hpp"
#include "explore/grid_coding.hpp"
#include "explore/grid_stepper.hpp"
#include "explore/split.hpp"

namespace mj {

StepGraph step_graph(const ExploreProgram& program, long long grids, int threads) {
  const GridCoding coding(program.values, program.cells());
  const GridStepper stepper(program, coding);
  threads = threads_for(threads, grids);
  StepGraph graph;
  graph.first.assign(size_t(grids) + 1, 0);
  graph.halts.assign(size_t(grids), 0);
  // Counted first, then written where the counts put them: the rows need no joining after.
  split(grids, threads, [&](long long begin, long long end) {
    GridStepper own = stepper;
    std::vector<uint64_t> out(size_t(own.most()));
    uint64_t word = coding.word(uint64_t(begin));
    for (long long g = begin; g < end; g++, word = coding.next(word)) {
      const int n = own.successors(word, out.data());
      graph.halts[size_t(g)] = n == 0;
      graph.first[size_t(g) + 1] = n;
    }
  });
  for (size_t g = 0; g < size_t(grids); g++) graph.first[g + 1] += graph.first[g];
  graph.to.resize(size_t(graph.first.back()));
  split(grids, threads, [&](long long begin, long long end) {
    GridStepper own = stepper;
    std::vector<uint64_t> out(size_t(own.most()));
    uint64_t word = coding.word(uint64_t(begin));
    for (long long g = begin; g < end; g++, word = coding.next(word)) {
      const int n = own.successors(word, out.data());
      std::sort(out.begin(), out.begin() + n);
      int* to = graph.to.data() + graph.first[size_t(g)];
      // Words and numbers both have the last cell most significant: ascending words, ascending numbers.
      for (int k = 0; k < n; k++) *to++ = int(coding.number(out[size_t(k)]));
    }
  });
  return graph;
}

}  // namespace mj
