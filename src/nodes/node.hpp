// The node tree: every MarkovJunior node kind derives from Node; Branch holds children.
#pragma once

#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "core/grid_bits.hpp"
#include "core/point.hpp"
#include "core/random.hpp"
#include "core/symmetry.hpp"
#include "core/xml.hpp"
#include "mj/notice.hpp"
#include "mj/run_control.hpp"
#include "nodes/change_log.hpp"
#include "nodes/dialect.hpp"
#include "nodes/rules/cells_by_value.hpp"
#include "nodes/rules/value_counts.hpp"

namespace mj {

class Branch;
struct NodeView;
struct Inspection;

// Buffers lent to the node at work. One node works at a time, so one set per run serves them all:
// owned by each node, a model with dozens of nodes on a large grid would hold dozens (buffers per
// node, its three field queues first, cost SoftPath on its 80^3 grid 3.7 MB and 12% of its time).
struct Workspace {
  GridBits bits;               // full scans: the grid as bit rows
  ValueCounts counts;          // full scans: each value's count on the grid
  CellsByValue cells;          // full scans: the cells holding some values, by value
  std::vector<int> queue;      // field computations: the breadth-first queue
  std::vector<uint8_t> marks;  // per cell of the largest grid, all zeros between uses (all: cells written)
};

// The state of one run, handed to every node that runs. Nothing here outlives the run.
// The contract for grid changes: a node that writes cells logs each write in `changes` (hidden
// when the reference does not list it), and one that rewrites a whole grid marks it there
// (nodes/change_log.hpp). Readers take what changed from there, never from a copy of the grid.
struct Run {
  explicit Run(int seed, Grid* start) : random(seed), grid(start) {}

  Random random;
  Grid* grid;                 // the current grid; map and wfc nodes replace it
  ChangeLog changes;          // every write so far, in order
  int step_start = 0;         // size of `changes` when the step under way began
  int counter = 0;            // steps taken
  Branch* current = nullptr;  // the branch the interpreter runs next
  bool animated = false;      // frames are wanted after every step (wfc shows its partial state)
  bool inspecting = false;    // a debugger inspects the run: nodes keep what Node::inspect shows (mj/inspect.hpp)
  Workspace workspace;
  // mj explore: where `one` would draw one of several matches at random, the index among them that this
  // asks for (every choice is a branch of the state space); null in runs, which draw from `random`.
  const std::function<int(int options)>* chooser = nullptr;
  // A rule node's search (search="True") runs inside one step: while it runs, `search` says how far it
  // got, and `keep_searching` (set by a run loop with a progress callback) is asked whether to go on;
  // false stops the step, and the next step goes on with the search where it stopped.
  const std::function<bool()>* keep_searching = nullptr;
  SearchProgress search;
  bool searching = false;
  // A node stopped inside its step (a search, a wfc's collapse; it threw StepPaused): the run's next
  // step goes on with it where it stopped.
  bool paused = false;
  bool backtrack = false;  // every wfc backtracks (Interpreter::set_backtrack)
  // Per cell of the current grid, the value it is pinned to or kFreeCell (nodes/pins.hpp); null without pins,
  // which every writer asks once per step at most, so that a run without pins pays nothing.
  const uint8_t* pins = nullptr;
  // The pins of the grid a <wfc> makes (a model whose pins name that grid, nodes/pins.hpp), waiting for it:
  // the wfc holds them in its start wave and points `pins` at them when its grid becomes the current one.
  const uint8_t* wfc_pins = nullptr;
  // Per cell of the start grid, the value it must end with or kFreeCell, added to the inference's goal
  // (RuleGuidance::infer); null without a goal.
  const uint8_t* goal = nullptr;
  std::vector<Notice> notices;  // what went wrong without stopping the run (a wfc that gave up); no file yet
  // The inputs sent to the run (Interpreter::send) that no <event> has taken yet, oldest first (mj dialect).
  std::deque<std::string> inputs;
};

// Thrown out of a step whose work (a search, a wfc's collapse) Run::keep_searching stopped, after setting
// Run::paused: the step is not taken, and the node goes on where it stopped at the next step.
struct StepPaused {};

// Whether the run's next step waits for an input: an <event> runs next and nothing is queued.
bool is_waiting(const Run& run);

// What node loading needs besides the element: where resources live and who owns new grids.
struct LoadContext {
  std::filesystem::path resources;
  const Grid* top_grid = nullptr;                       // the interpreter's first grid
  std::vector<std::unique_ptr<Grid>>* grids = nullptr;  // owner of grids made by map and wfc
  int depth = 0;                                        // nesting depth, bounded
  long long max_cells = kMaxCells;                      // limit for the grids map and wfc make
  Dialect dialect = Dialect::reference;                 // the root's dialect="mj" opts into extensions
  std::string root;                                     // the root element's name, for the opt-in's messages
  std::string misspelt_opt_in{};                        // and what they add (dialect.hpp)
};

class Node {
 public:
  virtual ~Node() = default;
  virtual void reset() = 0;
  // Called after reset() when a new run begins on the same program: drops what reset() keeps within a
  // run as the reference does (an `all` node's flags of the matches it skipped), so that a run never
  // depends on the runs before it. What every run computes alike (rules, tables) stays.
  virtual void restart() {}
  // Does one step of work; false when the node has nothing (more) to do.
  virtual bool go(Run& run) = 0;
  // Fills in what the reference's GUI shows of this node (nodes/node_view.hpp); children are added by the tree walk.
  virtual void describe(NodeView& /*view*/) const {}
  // Fills in what this node computed to make its choices (fields, goal, candidates, wave; mj/inspect.hpp).
  virtual void inspect(Inspection& /*view*/) const {}
  // Called by its branch when go() returned false (the node is done, or cannot run this step), for a node
  // that sets `watches_end`: a guided node says whether it ended with its goal unmet.
  virtual void ended(Run& /*run*/) {}
  // This node as a branch, or null. Asked for every child on every step: a field, where a
  // dynamic_cast would walk the class hierarchy and a virtual function would cost a call.
  Branch* as_branch() const { return branch_; }

  Grid* grid = nullptr;        // the grid this node reads and writes
  int line = 0;                // where the node is written, for messages
  std::string_view kind = "";  // its element name: "one", "markov", ...
  bool watches_end = false;    // its branch calls ended(): a field, asked only when a child's go() fails

 protected:
  Branch* branch_ = nullptr;  // set by Branch
};

using NodePtr = std::unique_ptr<Node>;

// Builds the node an element describes, through the table of node kinds (registry.cpp).
NodePtr load_node(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);
bool is_node_name(std::string_view name);
// The node kinds' element names, in the registry's order.
std::vector<std::string_view> node_names();

class Branch : public Node {
 public:
  Branch() { branch_ = this; }
  bool go(Run& run) override;
  void reset() override;
  void restart() override;

  Branch* parent = nullptr;  // null for the root and for map/wfc, whose end ends the run
  Branch* holder = nullptr;  // the branch it is a child of (null for the root), map/wfc's too
  std::vector<NodePtr> children;
  int running = 0;  // the child running now (map and wfc: -1 before their own step)

 protected:
  // Loads the element's node children onto `child_grid` under the element's own symmetry.
  void load_children(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& child_grid,
                     LoadContext& context);
  // A branch that owns a new grid (map, wfc) does not hand control back to its parent.
  virtual bool returns_to_parent() const { return true; }
  // Child elements that are the branch's own settings, not nodes (map and wfc read <rule> children).
  virtual bool reads_child(std::string_view /*name*/) const { return false; }
};

class SequenceNode : public Branch {
 public:
  static NodePtr load(const XmlElement& element, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context);
};

// Runs its first child that can run, every step from the first child again.
class MarkovNode : public Branch {
 public:
  static NodePtr load(const XmlElement& element, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context);
  static std::unique_ptr<MarkovNode> wrap(NodePtr child, Grid& grid);
  bool go(Run& run) override;
};

// The node that worked in the step just taken (a rule node, path, convolution, ..., or a map or wfc
// doing its own step), or null when none did (the step ended a branch). `before` and `running_before`:
// the current branch and its running child before the step, `after` the current branch now. Read
// only by debuggers (history, breakpoints): the step itself does not note it.
const Node* worker_of_step(const Branch* before, int running_before, const Branch* after);

// The first node written at `line` in the tree below `root` (itself included), or null.
const Node* node_at_line(const Node& root, int line);

// The node that runs next in `current`: its running child, or the branch itself (map and wfc before
// their own step).
const Node* active_in(const Branch& current);

// The symmetry an element asks for, or its parent's; fails at the element on an unknown name.
SymmetryGroup element_symmetry(const XmlElement& element, bool d2, const SymmetryGroup& parent);

}  // namespace mj
