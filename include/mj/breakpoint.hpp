// mj's public API: where a run pauses for a debugger (RunControl::breakpoints).
#pragma once

namespace mj {

// A node, by the line it is written on in the model file: the run pauses after the step in which
// the node starts to work (its first step after another node's, or the run's first; a branch works
// when a node below it does). With `rule` >= 0,
// a rule of that rule node (one, all, prl), by its index as written (its symmetric images count as
// it): the run pauses after every step in which it fired.
struct Breakpoint {
  int line = 0;
  int rule = -1;  // -1: the node itself
  bool operator==(const Breakpoint&) const = default;
};

}  // namespace mj
