#include "nodes/wfc/propagator.hpp"

namespace mj::wfc {

namespace {

// One step past an edge comes back at the other side.
int wrap(int v, int m) { return v < 0 ? v + m : v >= m ? v - m : v; }

}  // namespace

Propagator::Propagator(int directions, int patterns, const std::vector<std::vector<int>>& lists)
    : directions_(directions), patterns_(patterns) {
  offsets_.reserve(lists.size() + 1);
  offsets_.push_back(0);
  for (const std::vector<int>& list : lists) {
    targets_.insert(targets_.end(), list.begin(), list.end());
    offsets_.push_back(int(targets_.size()));
  }
}

int Space::neighbour(int i, int d) const {
  int x = i % mx + kDX[d], y = (i % (mx * my)) / mx + kDY[d], z = i / (mx * my) + kDZ[d];
  if (!periodic && (x < 0 || y < 0 || z < 0 || x + n > mx || y + n > my || z + 1 > mz)) return -1;
  return wrap(x, mx) + wrap(y, my) * mx + wrap(z, mz) * mx * my;
}

Propagation::Propagation(const Propagator* propagator, const Weights* weights, Space space)
    : propagator_(propagator), weights_(weights), directions_(propagator->directions()) {
  neighbours_.resize(size_t(space.size()) * size_t(directions_));
  for (int i = 0; i < space.size(); i++)
    for (int d = 0; d < directions_; d++) neighbours_[size_t(i * directions_ + d)] = space.neighbour(i, d);
  stack_.reserve(size_t(space.size()) * size_t(propagator->patterns()));
}

void Propagation::ban(Wave& wave, int i, int t) {
  wave.ban(i, t, *weights_);
  stack_.emplace_back(i, t);
}

bool Propagation::propagate(Wave& wave) {
  while (!stack_.empty()) {
    auto [i1, t1] = stack_.back();
    stack_.pop_back();
    for (int d = 0; d < directions_; d++) {
      int i2 = neighbours_[size_t(i1 * directions_ + d)];
      if (i2 < 0) continue;
      int* supports = wave.supports(i2, d);
      for (int t2 : propagator_->allowed(d, t1))
        if (--supports[t2] == 0) ban(wave, i2, t2);
    }
  }
  return wave.remaining(0) > 0;
}

}  // namespace mj::wfc
