// mj's public API: what steers a run of a Model (RunControl) and what a run tells of itself while it
// goes (how it ended, the node that runs next, a search's progress, the breakpoint it paused at).
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "mj/defaults.hpp"

namespace mj {

// The node that runs next: what a debugger or an editor highlights.
struct ActiveNode {
  std::string kind;  // element name: "one", "all", "markov", ...
  int line = 0;      // where it is written in the model file
  int depth = 0;     // nesting depth of its branch below the root
  bool operator==(const ActiveNode&) const = default;
};

// How far a rule node's search (search="True") has got, for progress reports while it runs inside one step.
struct SearchProgress {
  int states = 0;    // states searched (stored) so far
  int frontier = 0;  // states waiting to be expanded
  int best = -1;     // the smallest estimate of the steps still needed to reach the goal, -1 before any
};

// Where a run pauses for a debugger (RunControl::breakpoints): a node, by the line it is written on in the
// model file: the run pauses after the step in which the node starts to work (its first step after another
// node's, or the run's first; a branch works when a node below it does). With `rule` >= 0, a rule of that
// rule node (one, all, prl), by its index as written (its symmetric images count as it): the run pauses after
// every step in which it fired.
struct Breakpoint {
  int line = 0;
  int rule = -1;  // -1: the node itself
  bool operator==(const Breakpoint&) const = default;
};

// How a run ends: the program finished, the step limit was reached, a callback stopped it, it
// paused at a breakpoint (Debugger::breakpoint_hit() says which), or another node runs next
// (Debugger::to_next_node).
enum class RunEnd { finished, step_limit, stopped, breakpoint, next_node };

// Everything that steers a run, for every face alike: the CLI's progress line, an animation's
// frames, Python's Ctrl-C, the playground's frame budget and Pause. The callbacks read where the run
// stands from the Model they run (Model::status).
struct RunControl {
  int max_steps = 0;  // the run's step limit, counted from its start; <= 0: none
  // Called about every `interval` of wall time while the run goes on, also inside a step whose
  // search (search="True") runs long; false stops it where it is (a later advance() goes on from
  // there: a stopped search goes on where it stopped, to the result it would have had).
  std::function<bool()> progress{};
  std::chrono::milliseconds interval{kDefaultProgressMilliseconds};
  // Called before every `every`-th step (counted from the start) and once when the run ends or stops.
  std::function<void()> frame{};
  int every = 1;
  // Pause after a step that hits one of these; throws mj::Error for a line with no node.
  std::vector<Breakpoint> breakpoints{};
  // Stop (RunEnd::stopped) before a step that waits for an input (the mj dialect's <event>): a page takes
  // those steps at the pace of real time, so that a player has time to press a key.
  bool until_waiting = false;
  // Nodes keep their visible state up to date after every step of this advance, as an animation draws them:
  // a collapsing wfc shows the cells it has decided at every step (else its grid stays empty until the
  // collapse ends). A run that ends ends on the same grid either way; cheaper off.
  bool animated = false;
};

}  // namespace mj
