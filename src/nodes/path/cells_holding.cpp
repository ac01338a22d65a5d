#include "nodes/path/cells_holding.hpp"

#include <algorithm>

namespace mj {

void CellsHolding::merge_noted(const uint8_t* state) {
  std::sort(noted_.begin(), noted_.end());
  noted_.erase(std::unique(noted_.begin(), noted_.end()), noted_.end());
  merged_.clear();
  size_t m = 0;
  for (int c : noted_) {
    while (m < cells_.size() && cells_[m] < c) merged_.push_back(cells_[m++]);
    if (m < cells_.size() && cells_[m] == c) m++;
    if (wave >> state[c] & 1u) merged_.push_back(c);
  }
  merged_.insert(merged_.end(), cells_.begin() + std::ptrdiff_t(m), cells_.end());
  cells_.swap(merged_);
  noted_.clear();
}

}  // namespace mj
