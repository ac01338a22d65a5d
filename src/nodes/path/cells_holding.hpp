// The cells that hold a value of a wave, kept up to date from the cells that changed rather than
// by scanning the grid (a path's starts and goals).
#pragma once

#include <cstdint>
#include <vector>

#include "core/grid.hpp"

namespace mj {

// The cells holding a value of `wave`, in index order. Cells whose membership changed are noted
// and merged in when the list is next asked for: a path node needs its goals only on calls that
// find a start.
class CellsHolding {
 public:
  ValueSet wave = 0;

  void clear() { cells_.clear(), noted_.clear(); }
  void add(int cell) { cells_.push_back(cell); }  // during a scan in index order
  // Notes a changed cell, given its old and new values; false when too many are pending and the
  // list has to be made anew.
  bool note(int cell, uint8_t before, uint8_t now, size_t limit) {
    if ((wave >> before & 1u) != (wave >> now & 1u)) noted_.push_back(cell);
    return noted_.size() <= limit;
  }
  const std::vector<int>& cells(const uint8_t* state) {
    if (!noted_.empty()) merge_noted(state);
    return cells_;
  }

 private:
  std::vector<int> cells_, noted_, merged_;

  // Noted cells are taken out of the list and put back where they hold a value of the wave now.
  void merge_noted(const uint8_t* state);
};

}  // namespace mj
