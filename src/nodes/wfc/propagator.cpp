// The lists of the patterns allowed next to each pattern, and the shortcuts they permit.
#include "nodes/wfc/propagator.hpp"

#include <algorithm>

namespace mj::wfc {

Propagator::Propagator(int directions, int patterns, const std::vector<std::vector<int>>& lists)
    : directions_(directions), patterns_(patterns) {
  offsets_.reserve(lists.size() + 1);
  offsets_.push_back(0);
  for (int t = 0; t < patterns; t++)
    for (int d = 0; d < directions; d++) {
      const std::vector<int>& list = lists[size_t(d * patterns + t)];
      targets_.insert(targets_.end(), list.begin(), list.end());
      offsets_.push_back(int(targets_.size()));
      longest_ = std::max(longest_, int(list.size()));
    }
}

bool Propagator::emptiness_spreads() const {
  for (int d = 0; d < directions_; d++)
    for (int t1 = 0; t1 < patterns_; t1++)
      if (allowed(opposite(d), t1).empty()) return false;
  return symmetric();
}

bool Propagator::symmetric() const {
  for (int d = 0; d < directions_; d++)
    for (int t1 = 0; t1 < patterns_; t1++) {
      const std::span<const int> list = allowed(d, t1);
      if (std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) != list.end()) return false;
      for (int t2 : list) {
        const std::span<const int> back = allowed(opposite(d), t2);
        if (!std::binary_search(back.begin(), back.end(), t1)) return false;
      }
    }
  return true;
}

}  // namespace mj::wfc
