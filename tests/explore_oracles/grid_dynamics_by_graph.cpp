// --all-grids' counts from a stored one-step graph by Tarjan's strongly connected components, as they
// were made before grid_dynamics: the tests' oracle.
#include <algorithm>

#include "explore/grid_dynamics.hpp"
#include "explore_oracles/oracles.hpp"

namespace mj {

namespace {

// Strongly connected components (Tarjan's, without recursion). A component is numbered after every
// component it leads to, so numbering order is an order in which successors come first.
std::vector<int> components(const StepGraph& graph, int& count) {
  const int n = int(graph.halts.size());
  std::vector<int> component(size_t(n), -1), index(size_t(n), -1), low(size_t(n), 0), open;
  std::vector<std::pair<int, long long>> calls;  // grid, next edge to follow
  int next_index = 0;
  count = 0;
  for (int root = 0; root < n; root++) {
    if (index[size_t(root)] >= 0) continue;
    calls.push_back({root, graph.first[size_t(root)]});
    index[size_t(root)] = low[size_t(root)] = next_index++;
    open.push_back(root);
    while (!calls.empty()) {
      auto& [v, edge] = calls.back();
      if (edge < graph.first[size_t(v) + 1]) {
        const int w = graph.to[size_t(edge++)];
        if (index[size_t(w)] < 0) {
          index[size_t(w)] = low[size_t(w)] = next_index++;
          open.push_back(w);
          calls.push_back({w, graph.first[size_t(w)]});
        } else if (component[size_t(w)] < 0) {
          low[size_t(v)] = std::min(low[size_t(v)], index[size_t(w)]);
        }
        continue;
      }
      const int done = v;
      calls.pop_back();
      if (!calls.empty())
        low[size_t(calls.back().first)] = std::min(low[size_t(calls.back().first)], low[size_t(done)]);
      if (low[size_t(done)] != index[size_t(done)]) continue;
      int w = -1;
      do {
        w = open.back();
        open.pop_back();
        component[size_t(w)] = count;
      } while (w != done);
      count++;
    }
  }
  return component;
}

}  // namespace

GridDynamics grid_dynamics_by_graph(const ExploreProgram& program, const StepGraph& graph) {
  GridDynamics d;
  d.grids = (long long)graph.halts.size();
  d.transitions = (long long)graph.to.size();
  std::vector<uint8_t> led_to(graph.halts.size(), 0);
  for (size_t g = 0; g < graph.halts.size(); g++) {
    d.halting += graph.halts[g];
    for (long long e = graph.first[g]; e < graph.first[g + 1]; e++)
      if (size_t(graph.to[size_t(e)]) != g) led_to[size_t(graph.to[size_t(e)])] = 1;
  }
  for (uint8_t led : led_to) d.gardens_of_eden += !led;

  int count = 0;
  const std::vector<int> component = components(graph, count);
  // Each component's end: the closed class all its runs end in, or -1 when they can end in several.
  // Components come after those they lead to, so each end is known before it is needed. The grids
  // of component c are members[start[c] .. start[c + 1]), ascending (a counting sort).
  std::vector<long long> start(size_t(count) + 1, 0);
  for (int c : component) start[size_t(c) + 1]++;
  for (size_t c = 0; c < size_t(count); c++) start[c + 1] += start[c];
  std::vector<int> members(component.size());
  {
    std::vector<long long> next(start.begin(), start.end() - 1);
    for (size_t g = 0; g < component.size(); g++) members[size_t(next[size_t(component[g])]++)] = int(g);
  }
  std::vector<int> end(size_t(count), 0);
  std::vector<long long> basin(size_t(count), 0);
  constexpr int kUnset = -2, kSeveral = -1;
  for (int c = 0; c < count; c++) {
    int ends = kUnset;
    const long long size = start[size_t(c) + 1] - start[size_t(c)];
    for (long long k = start[size_t(c)]; k < start[size_t(c) + 1]; k++) {
      const int g = members[size_t(k)];
      for (long long e = graph.first[size_t(g)]; e < graph.first[size_t(g) + 1]; e++) {
        const int to = component[size_t(graph.to[size_t(e)])];
        if (to == c) continue;
        ends = ends == kUnset || ends == end[size_t(to)] ? end[size_t(to)] : kSeveral;
      }
    }
    end[size_t(c)] = ends == kUnset ? c : ends;  // no way out: the component is a closed class
    if (end[size_t(c)] == kSeveral) d.undecided += size;
    else basin[size_t(end[size_t(c)])] += size;
  }
  std::vector<FoundClass> found;
  for (int c = 0; c < count; c++)
    if (end[size_t(c)] == c)
      found.push_back({members[size_t(start[size_t(c)])], start[size_t(c) + 1] - start[size_t(c)], basin[size_t(c)]});
  list_classes(program, std::move(found), d);
  return d;
}

}  // namespace mj
