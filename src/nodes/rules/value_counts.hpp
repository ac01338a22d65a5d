// The count of each value on the run's grid, as full scans read it to choose pivots and order
// checks. One per run, shared by every rule node: a model's nodes often scan one after another
// with few writes between them (CarmaTower's hundred nodes each start on a 166,000-cell grid), and
// each counting the grid anew cost more than all their scans.
#pragma once

#include <array>
#include <vector>

#include "core/grid.hpp"
#include "nodes/change_log.hpp"

namespace mj {

class ValueCounts {
 public:
  // `grid`'s count of each value now (`now`: the log's end): the last count when nothing was
  // written since, updated from the cells written since when they are few, else counted anew.
  const std::array<int, 256>& at(const Grid& grid, const ChangeLog& log, const ChangeCursor& now);

 private:
  const Grid* grid_ = nullptr;  // whose count_ it is: map and wfc change the run's grid
  std::array<int, 256> count_{};
  ChangeCursor taken_;  // epoch 0: never counted
  std::vector<Change> changes_;
};

}  // namespace mj
