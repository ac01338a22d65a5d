#include "mj/explore.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/json_text.hpp"
#include "core/xml.hpp"
#include "explore/refusals.hpp"
#include "explore/state_search.hpp"
#include "io/formats/state_text.hpp"

namespace mj {

// Elements and attributes whose randomness is not a uniform draw among matches (a `one`'s, a `prl`'s
// chances, an `all`'s order, or a tie among the best potential changes of fields at temperature 0).
void refuse_unexplorable(const XmlElement& e) {
  static const char* const kNodes[] = {"path", "map", "convolution", "convchain", "wfc"};
  for (const char* name : kNodes)
    if (e.name() == name)
      e.fail("mj explore cannot enumerate <" + std::string(name) +
             ">: its choices are not a uniform draw among matches");
  if (e.name() == "event")
    e.fail("mj explore cannot enumerate <event>: what it runs depends on inputs sent while the model runs");
  if (e.name() == "observe")
    e.fail(
        "mj explore cannot enumerate <observe>: its goal's potentials, computed when the node starts, guide "
        "the draws, and are not a uniform draw among matches");
  if (e.has("temperature") && e.real("temperature", 0.0) > 0)
    e.fail("mj explore cannot enumerate temperature above 0: its draws are weighted by the potential changes");
  if (e.boolean("search", false))
    e.fail("mj explore cannot enumerate search: the node follows a trajectory searched ahead, with draws of its own");
  for (const XmlElement& child : e.children()) refuse_unexplorable(child);
}

void refuse_weights(const XmlElement& e, const std::string& who) {
  if (e.has("weight") && e.name() != "tile")
    throw Error(e.file(), e.line_of("weight"),
                who + " cannot take weight=\"" + e.str("weight") + "\": it takes every match of a step alike");
  for (const XmlElement& child : e.children()) refuse_weights(child, who);
}

std::unique_ptr<XmlDocument> load_explorable(const RunSettings& settings) {
  auto doc =
      settings.xml ? XmlDocument::load_string(*settings.xml, settings.source) : XmlDocument::load_file(settings.file);
  refuse_unexplorable(doc->root());
  return doc;
}

namespace {

// The order of a graph without cycles, or an empty list when it has one (Kahn's algorithm).
std::vector<int> topological_order(const StateSpace& s) {
  std::vector<int> indegree(s.edges.size(), 0), order;
  for (const auto& edges : s.edges)
    for (const auto& e : edges) indegree[size_t(e.to)]++;
  for (size_t v = 0; v < s.edges.size(); v++)
    if (indegree[v] == 0) order.push_back(int(v));
  for (size_t k = 0; k < order.size(); k++)
    for (const auto& e : s.edges[size_t(order[k])])
      if (--indegree[size_t(e.to)] == 0) order.push_back(e.to);
  if (order.size() != s.edges.size()) order.clear();
  return order;
}

// Small graphs with cycles are solved exactly rather than by rounds of flow, which a cycle that is
// rarely left makes long: the expected visits y of the states that can still end solve
// y (I - Q) = start (Q the steps among them), by Gaussian elimination; a state's end probability is
// its visits when it is an end.
constexpr size_t kSolvedStates = 400;

// The states from which some end can be reached, found backwards from the ends.
std::vector<uint8_t> ends_reachable(const StateSpace& s) {
  const size_t n = s.edges.size();
  std::vector<std::vector<int>> from(n);
  for (size_t v = 0; v < n; v++)
    for (const auto& e : s.edges[v]) from[size_t(e.to)].push_back(int(v));
  std::vector<uint8_t> reachable(n, 0);
  std::vector<int> todo;
  for (size_t v = 0; v < n; v++)
    if (s.edges[v].empty()) reachable[v] = 1, todo.push_back(int(v));
  while (!todo.empty()) {
    const int v = todo.back();
    todo.pop_back();
    for (int u : from[size_t(v)])
      if (!reachable[size_t(u)]) reachable[size_t(u)] = 1, todo.push_back(u);
  }
  return reachable;
}

// Gaussian elimination with partial pivoting of an m x (m + 1) augmented matrix, row by row: each row's
// solution is then its last entry over its diagonal entry.
void eliminate(std::vector<double>& a, int m) {
  auto at = [&](int row, int col) -> double& { return a[size_t(row) * size_t(m + 1) + size_t(col)]; };
  for (int c = 0; c < m; c++) {
    int pivot = c;
    for (int r = c + 1; r < m; r++)
      if (std::abs(at(r, c)) > std::abs(at(pivot, c))) pivot = r;
    if (pivot != c)
      for (int k = c; k <= m; k++) std::swap(at(c, k), at(pivot, k));
    for (int r = 0; r < m; r++) {
      if (r == c || at(r, c) == 0.0) continue;
      const double f = at(r, c) / at(c, c);
      for (int k = c; k <= m; k++) at(r, k) -= f * at(c, k);
    }
  }
}

std::vector<double> solved_end_probabilities(const StateSpace& s) {
  const size_t n = s.edges.size();
  const std::vector<uint8_t> can_end = ends_reachable(s);
  std::vector<double> ended(n, 0.0);
  if (!can_end[0]) return ended;
  // Columns of the transposed system: (I - Q)^T y = e_start, over the states that can end.
  std::vector<int> index(n, -1);
  int m = 0;
  for (size_t v = 0; v < n; v++)
    if (can_end[v]) index[v] = m++;
  std::vector<double> a(size_t(m) * size_t(m + 1), 0.0);
  auto at = [&](int row, int col) -> double& { return a[size_t(row) * size_t(m + 1) + size_t(col)]; };
  for (size_t v = 0; v < n; v++) {
    if (index[v] < 0) continue;
    at(index[v], index[v]) += 1.0;
    for (const auto& e : s.edges[v])
      if (index[size_t(e.to)] >= 0) at(index[size_t(e.to)], index[v]) -= e.probability;
  }
  at(index[0], m) = 1.0;
  eliminate(a, m);
  for (size_t v = 0; v < n; v++)
    if (index[v] >= 0 && s.edges[v].empty()) ended[v] = at(index[v], m) / at(index[v], index[v]);
  return ended;
}

// Rounds of flow: each moves every state's mass one step on; what reaches an end stays there. It stops
// when what still moves is below 1e-17, or has stopped shrinking (it circulates in cycles it cannot
// leave), or after about 2e8 edge visits.
std::vector<double> flowed_end_probabilities(const StateSpace& s) {
  std::vector<double> mass(s.edges.size(), 0.0), ended(s.edges.size(), 0.0);
  mass[0] = 1.0;
  long long edges = 1;
  for (const auto& out : s.edges) edges += (long long)out.size();
  const long long rounds = std::max(100000LL, 200000000LL / edges);
  double earlier = 2.0;
  for (long long round = 0; round < rounds; round++) {
    std::vector<double> next(s.edges.size(), 0.0);
    double moving = 0;
    for (size_t v = 0; v < s.edges.size(); v++) {
      if (s.edges[v].empty()) ended[v] += mass[v];
      for (const auto& e : s.edges[v]) next[size_t(e.to)] += mass[v] * e.probability, moving += mass[v] * e.probability;
    }
    mass.swap(next);
    if (moving < 1e-17) break;
    if (round % 1024 == 1023) {
      if (earlier - moving < 1e-16) break;
      earlier = moving;
    }
  }
  return ended;
}

// Where the runs end: the start's probability flowing along the edges (once in a graph without cycles,
// else until what still flows stops changing).
std::vector<double> end_probabilities(StateSpace& s) {
  std::vector<double> mass(s.edges.size(), 0.0);
  mass[0] = 1.0;
  // Found breadth first, the states are in an order the mass can flow in when every edge leads to a
  // later state: that order, as explore() without the graph flows it while searching (the same sums).
  bool forward = true;
  for (size_t v = 0; v < s.edges.size() && forward; v++)
    for (const auto& e : s.edges[v]) forward &= size_t(e.to) > v;
  if (forward) {
    for (size_t v = 0; v < s.edges.size(); v++)
      for (const auto& e : s.edges[v]) mass[size_t(e.to)] += mass[v] * e.probability;
    return mass;
  }
  const std::vector<int> order = topological_order(s);
  s.cyclic = order.empty();
  if (!s.cyclic) {
    for (int v : order)
      for (const auto& e : s.edges[size_t(v)]) mass[size_t(e.to)] += mass[size_t(v)] * e.probability;
    return mass;
  }
  return s.edges.size() <= kSolvedStates ? solved_end_probabilities(s) : flowed_end_probabilities(s);
}

}  // namespace

void add_end_probabilities(StateSpace& space) {
  const std::vector<double> ended = end_probabilities(space);
  for (StateSpace::Outcome& o : space.outcomes) o.probability = ended[size_t(o.state)];
  sort_outcomes(space);
}

void sort_outcomes(StateSpace& space) {
  double total = 0;
  for (const StateSpace::Outcome& o : space.outcomes) total += o.probability;
  space.unending = std::max(0.0, 1.0 - total);
  std::stable_sort(space.outcomes.begin(), space.outcomes.end(),
                   [](const auto& a, const auto& b) { return a.probability > b.probability; });
}

// The successor engine on the compiled program (explore/state_search.cpp).
StateSpace explore(const RunSettings& settings, const ExploreOptions& options) {
  return explore_program(compile_program(settings), options);
}

namespace {

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

}  // namespace

std::string state_space_json(const StateSpace& s) {
  std::string outcomes;
  for (const StateSpace::Outcome& o : s.outcomes)
    outcomes += (outcomes.empty() ? "" : ", ") + std::string("{\"probability\": ") + number(o.probability) +
                ", \"state\": " + json_text(o.text) + "}";
  return "{\"states\": " + std::to_string(s.states()) + ", \"transitions\": " + std::to_string(s.transitions) +
         ", \"cyclic\": " + (s.cyclic ? "true" : "false") + ", \"outcomes\": [" + outcomes + "]}\n";
}

std::string state_space_dot(const StateSpace& s) {
  std::vector<double> ending(s.edges.size(), -1);
  for (const StateSpace::Outcome& o : s.outcomes) ending[size_t(o.state)] = o.probability;
  std::string dot = "digraph states {\n  node [shape=box, fontname=monospace];\n";
  for (size_t v = 0; v < s.edges.size(); v++) {
    std::string label = s.grids[v];
    std::replace(label.begin(), label.end(), '/', '\n');
    dot += "  s" + std::to_string(v) + " [label=" + json_text(label) +
           (ending[v] >= 0 ? ", peripheries=2, xlabel=" + json_text(number(ending[v])) : "") +
           (v == 0 ? ", style=bold" : "") + "];\n";
    for (const StateSpace::Edge& e : s.edges[v])
      dot += "  s" + std::to_string(v) + " -> s" + std::to_string(e.to) +
             " [label=" + json_text(number(e.probability)) + "];\n";
  }
  return dot + "}\n";
}

}  // namespace mj
