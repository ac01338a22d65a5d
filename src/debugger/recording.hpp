// The interpreter's side of time travel: feeds a run's steps into a History (mj/history.hpp) from
// the run's change log, the record every node already writes.
#pragma once

#include <vector>

#include "mj/history.hpp"
#include "nodes/node.hpp"

namespace mj {

class Recording {
 public:
  explicit Recording(size_t max_bytes) : history(max_bytes) {}
  History history;

  // A new record from where the run stands now.
  void begin(const Run& run);
  // After each step: what it wrote, and the node that worked in it (null: none).
  void after_step(const Run& run, const Node* worker);

 private:
  const Grid* grid_ = nullptr;   // the grid of the last recorded step
  ChangeCursor seen_;            // the change log then
  std::vector<uint8_t> shadow_;  // the grid then: steps that rewrite it unlisted are recorded as the difference
  std::vector<int> diff_;
};

}  // namespace mj
