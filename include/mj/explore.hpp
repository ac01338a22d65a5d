// mj's public API: the state space of a small model, exactly: every state its runs can reach, and the
// probability of each way it can end.
#pragma once

#include <string>
#include <vector>

#include "mj/run_settings.hpp"

namespace mj {

struct ExploreOptions {
  long long max_states = 1000000;  // more is an mj::Error: the model is not small enough
};

// A state is the grid and where the program stands before a step (which branch runs, the children's
// positions, the step counts of nodes with a step limit); a run's end is a state of its own.
struct StateSpace {
  struct Edge {
    int to = 0;
    double probability = 0;
  };
  struct Outcome {
    int state = 0;           // the end state
    double probability = 0;  // of a run from the start ending there
    std::string text;        // its grid as mj run --state writes it (seed 0, the fewest steps that reach it)
  };
  long long transitions = 0;
  bool cyclic = false;                   // some state can come back to itself
  std::vector<std::vector<Edge>> edges;  // state 0 is the start; every state's successors
  std::vector<std::string> grids;        // every state's grid, rows of symbols separated by '/' (layers by ' ')
  std::vector<Outcome> outcomes;         // most probable first
  double unending = 0;                   // the probability that a run never ends (cycles it cannot leave)

  long long states() const { return (long long)edges.size(); }
};

// Every state reachable from the model's start, branching wherever a `one` node draws among several
// matches (each equally likely, as the reference draws them), equal states merged. Programs whose
// randomness is not such a draw are refused with an mj::Error at the node's line, never approximated:
// temperature, fields, observe, search, path, map, convolution, convchain, wfc, prl rules with p below
// 1, and all nodes whose matches write a cell in common (their order is random). Probabilities are sums
// of products of 1/n; in a graph with cycles they are the limit of the run's distribution, to about 1e-15.
StateSpace explore(const RunSettings& settings, const ExploreOptions& options = {});

// {"states": S, "transitions": T, "cyclic": bool, "outcomes": [{"probability": p, "state": "..."}]}
std::string state_space_json(const StateSpace& space);
// The graph for Graphviz: each state labelled with its grid, outcomes doubled and labelled with their
// probability, edges with theirs.
std::string state_space_dot(const StateSpace& space);

}  // namespace mj
