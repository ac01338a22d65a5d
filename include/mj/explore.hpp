// mj's public API: the state space of a small model, exactly: every state its runs can reach, and the
// probability of each way it can end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/run_settings.hpp"

namespace mj {

struct ExploreOptions {
  long long max_states = kMaxStates;  // more is an mj::Error: the model is not small enough
  int threads = 0;                    // explore_all_grids(): threads to step grids on, <= 0 for every core
  // explore(): keep the graph (edges, every state's grid). Without it a state takes little more than its
  // packed words (the counts, `cyclic` and the outcomes are the same).
  bool graph = true;
  // Called about every 1024 new states while the states are searched, every 1024 grids while every grid
  // is stepped (explore_all_grids) and every 1024 candidates or search nodes of the backward questions,
  // always on the calling thread: a face stops the work by throwing from it (Python's Ctrl-C), its
  // memory freed as the exception passes (and other threads stopped).
  std::function<void()> poll = nullptr;
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
    std::string grid;        // its grid as `grids` holds it
  };
  long long state_count = 0;  // the states found (as many as `edges` when the graph is kept)
  long long transitions = 0;
  bool cyclic = false;                   // some state can come back to itself
  std::vector<std::vector<Edge>> edges;  // state 0 is the start; every state's successors (options.graph)
  std::vector<std::string> grids;        // every state's grid, rows of symbols separated by '/' (layers by ' ')
  std::vector<Outcome> outcomes;         // most probable first
  double unending = 0;                   // the probability that a run never ends (cycles it cannot leave)

  long long states() const { return state_count; }
};

// Every state reachable from the model's start, branching wherever a `one` node draws among several
// matches (each equally likely, as the reference draws them) and wherever a `prl` rule's p below 1
// lets each match pass its draw or not (with the chance the reference's draw gives p; every subset of
// passing matches a branch, at most 16 such matches a step), equal states merged. Programs whose
// randomness is not such a draw are refused with an mj::Error at the node's line, never approximated:
// temperature above 0, observe, search, path, map, convolution, convchain, wfc. An `all` whose matches
// write a cell in common applies them in a drawn order, each unless a cell it writes was written: the
// next applied is equally likely any match still free (at most 8 such matches a step). Fields (at
// temperature 0): `one` draws among the matches of the least potential change, `all` applies its
// matches by increasing change, those of equal change in a drawn order. Probabilities
// are sums of products of the draws'; in a graph with cycles they are the limit of the run's
// distribution, to about 1e-15.
StateSpace explore(const RunSettings& settings, const ExploreOptions& options = {});

// {"states": S, "transitions": T, "cyclic": bool, "outcomes": [{"probability": p, "state": "..."}]}
std::string state_space_json(const StateSpace& space);
// The graph for Graphviz: each state labelled with its grid, outcomes doubled and labelled with their
// probability, edges with theirs.
std::string state_space_dot(const StateSpace& space);

// The global dynamics of a program of one rule node (`mj explore --all-grids`): every grid of the size
// as a start, and where one step takes it. A grid's successors are the grids one interpreter step makes
// of it: for `one`, one per match that holds (the draw among them is uniform, so each is an edge); for
// `all`, the one grid that applying every match makes (refused when two matches write the same cell, as
// their random order could change it); for `prl`, the one grid every match written at once makes.
struct GridDynamics {
  // A closed class: a set of grids that the dynamics, once in it, never leaves and in which every grid
  // reaches every other (a terminal strongly connected component of the one-step graph). A halting grid
  // is a class of one.
  struct ClosedClass {
    long long size = 0;   // grids in the class
    long long basin = 0;  // grids whose every run ends in this class: those from which this class, and
                          // no other, can be reached in zero or more steps (the class's own among them)
    std::string example;  // its first grid in enumeration order, rows as StateSpace::grids
  };
  long long grids = 0;               // values^cells
  long long gardens_of_eden = 0;     // grids that no other grid leads to in one step
  long long halting = 0;             // grids on which no rule matches: the run ends
  long long undecided = 0;           // grids from which runs can end in more than one class (in no basin)
  long long transitions = 0;         // one-step edges between grids, equal successors merged
  std::vector<ClosedClass> classes;  // largest basin first, then largest class
};

// Every grid of the settings' size as a start (grids must not exceed options.max_states). Throws an
// mj::Error at the node's line for programs of more than one node, a node with a step limit, and what
// explore() refuses.
GridDynamics explore_all_grids(const RunSettings& settings, const ExploreOptions& options = {});

// {"grids": G, "gardens_of_eden": E, "halting": H, "classes": [{"size": s, "basin": b}, ...]}
std::string grid_dynamics_json(const GridDynamics& dynamics);

// --all-grids in parts, for machines that share no memory (Python's markovjunior.distributed), when every
// write of the program raises its cell's value (or every write lowers it; else an mj::Error): grids are
// put in blocks by the values of their last `top` cells (their numbers' top digits). A successor lies in
// its grid's block or in one whose top values are each at least (at most) as high, and higher in sum,
// so blocks are done a level (a sum) at a time, each block from the blocks its successors lie in.
// Put together, the blocks give the dynamics explore_all_grids gives, its JSON byte for byte.
struct GridBlockPlan {
  long long grids = 0, blocks = 0, size = 0;   // `blocks` blocks of `size` grids; block b: b * size ..
  std::vector<std::vector<long long>> levels;  // each level's blocks, levels in the order they are done
  std::vector<std::vector<long long>> needs;   // per block: the other blocks its successors can lie in
};
GridBlockPlan grid_block_plan(const RunSettings& settings, int top, const ExploreOptions& options = {});

struct GridBlock {
  long long block = 0;
  std::vector<uint32_t> ends;  // per grid of the block: the first grid of the class its runs end in, or
                               // 0xFFFFFFFF when they can end in several
  long long halting = 0, undecided = 0, transitions = 0;
  std::vector<std::pair<long long, long long>> basins;  // (a class's first grid, this block's grids ending there)
  std::vector<std::pair<long long, std::vector<uint64_t>>> led_to;  // per block: a bit per grid this block leads to
};
// Block `block`, given every block plan.needs[block] lists (done before it, in any order).
GridBlock grid_block(const RunSettings& settings, const GridBlockPlan& plan, long long block,
                     const std::vector<const GridBlock*>& needed);
// The dynamics of the whole, from every block once.
GridDynamics grid_dynamics_of_blocks(const RunSettings& settings, const GridBlockPlan& plan,
                                     const std::vector<const GridBlock*>& blocks);

// The backward questions about a program of one rule node (mj explore --predecessors, --garden-of-eden,
// --backward): which grids lead to a given grid in one step, as --all-grids counts steps (other than the
// grid itself). For `one` by the reverse algorithm, at any size: where a rule image's output agrees with
// the grid, its input put back; for `all` and `prl` by constraint search over the cells' values (each
// cell's value after the step is a constraint on the few cells the matches writing it test).

struct GridSize {
  int mx = 0, my = 0, mz = 0;
};
// The size of the grid in a file: the state text `mj run --state` writes, a PNG (2D) or a VOX (3D).
// mj::Error(file, line, ...) on a file that is none of them.
GridSize grid_file_size(const std::filesystem::path& file);
// Its cells as the settings' model's values (a PNG's colours by the settings' palette, state text by
// symbol); the settings' size must be the file's.
std::vector<uint8_t> read_grid_file(const RunSettings& settings, const std::filesystem::path& file);

struct Predecessors {
  std::vector<std::string> grids;           // depth 1: every predecessor as state text (mj run --state), ascending
  std::vector<std::vector<uint8_t>> cells;  // the same predecessors as values (x fastest), in that order
  // The pre-image tree to `depth`: per depth d (0 = the grid), its nodes (a grid counted once per path
  // down to it) and the distinct grids among them.
  std::vector<long long> tree_nodes, distinct;
};
Predecessors predecessors(const RunSettings& settings, const std::vector<uint8_t>& grid, int depth = 1,
                          const ExploreOptions& options = {});
// A predecessor of the grid as state text, or nullopt: the grid is a Garden of Eden.
std::optional<std::string> a_predecessor(const RunSettings& settings, const std::vector<uint8_t>& grid,
                                         const ExploreOptions& options = {});

// {"predecessors": ["state text", ...]} (with "depths": [{"depth": d, "tree_nodes": n, "grids": g}, ...]
// when the tree goes deeper than 1)
std::string predecessors_json(const Predecessors& p);
// {"garden_of_eden": bool, "predecessor": "state text" or null}
std::string garden_of_eden_json(const std::optional<std::string>& predecessor);

}  // namespace mj
