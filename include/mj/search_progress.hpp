// mj's public API: how far a rule node's search (search="True") has got, for progress reports while it
// runs inside one step.
#pragma once

namespace mj {

struct SearchProgress {
  int states = 0;    // states searched (stored) so far
  int frontier = 0;  // states waiting to be expanded
  int best = -1;     // the smallest estimate of the steps still needed to reach the goal, -1 before any
};

}  // namespace mj
