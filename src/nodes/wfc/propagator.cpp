#include "nodes/wfc/propagator.hpp"

#include <algorithm>

namespace mj::wfc {

namespace {

// One step past an edge comes back at the other side.
int wrap(int v, int m) { return v < 0 ? v + m : v >= m ? v - m : v; }

// Takes one support from each pattern of [t2, end) up to the first that has none left, returned
// (or end). Kept apart from the bans so that the loop holds its few pointers in registers, and
// unrolled by four: the lists are short and the loop's own steps weighed as much as the decrements.
template <class Count>
const int* lose_support(Count* supports, const int* t2, const int* end) {
  for (; end - t2 >= 4; t2 += 4) {
    if (--supports[t2[0]] == 0) return t2;
    if (--supports[t2[1]] == 0) return t2 + 1;
    if (--supports[t2[2]] == 0) return t2 + 2;
    if (--supports[t2[3]] == 0) return t2 + 3;
  }
  for (; t2 != end; t2++)
    if (--supports[*t2] == 0) return t2;
  return end;
}

}  // namespace

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
    for (int t1 = 0; t1 < patterns_; t1++) {
      const std::span<const int> list = allowed(d, t1);
      if (allowed(opposite(d), t1).empty() || std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) != list.end())
        return false;
      for (int t2 : list) {
        const std::span<const int> back = allowed(opposite(d), t2);
        if (!std::binary_search(back.begin(), back.end(), t1)) return false;
      }
    }
  return true;
}

int Space::neighbour(int i, int d) const {
  const int x = this->x(i) + kDX[d], y = this->y(i) + kDY[d], z = this->z(i) + kDZ[d];
  if (!periodic && !holds_patterns(x, y, z)) return -1;
  return wrap(x, mx) + wrap(y, my) * mx + wrap(z, mz) * mx * my;
}

Propagation::Propagation(const Propagator* propagator, const Weights* weights, Space space)
    : propagator_(propagator), weights_(weights), directions_(propagator->directions()) {
  neighbours_.resize(size_t(space.size()) * size_t(directions_));
  rows_.resize(neighbours_.size());
  for (int i = 0; i < space.size(); i++)
    for (int d = 0; d < directions_; d++) {
      const int i2 = space.neighbour(i, d);
      neighbours_[size_t(i * directions_ + d)] = i2;
      // Fits: check_memory keeps cells * patterns * directions under 2^29.
      rows_[size_t(i * directions_ + d)] = i2 < 0 ? -1 : int(Wave::row(i2, d, directions_, propagator->patterns()));
    }
  stack_.reserve(size_t(space.size()) * size_t(propagator->patterns()));
  // The cells that hold patterns form one connected box, which contains cell 0 unless it is empty.
  spreads_ = propagator->emptiness_spreads() && (space.periodic || space.holds_patterns(0, 0, 0));
  if (spreads_)
    for (int i = 0; i < space.size(); i++) holds_.push_back(space.periodic || space.holds_patterns(space.x(i), space.y(i), space.z(i)));
}

void Propagation::ban(Wave& wave, int i, int t) {
  if (wave.support_width() == 1) ban_as<int8_t>(wave, i, t);
  else if (wave.support_width() == 2) ban_as<int16_t>(wave, i, t);
  else ban_as<int32_t>(wave, i, t);
}

template <class Count>
void Propagation::ban_as(Wave& wave, int i, int t) {
  wave.ban<Count>(i, t, *weights_);
  stack_.emplace_back(i, t);
  if (spreads_ && wave.remaining(i) == 0 && holds_[size_t(i)]) doomed_ = true;
}

template <class Count>
void Propagation::drain(Wave& wave) {
  // Locals throughout: the counts may be char-sized, and the compiler would read members again
  // after each store through them.
  Count* const supports = wave.supports<Count>();
  const int* const targets = propagator_->targets();
  const size_t directions = size_t(directions_);
  while (!stack_.empty() && !doomed_) {
    auto [i1, t1] = stack_.back();
    stack_.pop_back();
    const int* const rows = rows_.data() + size_t(i1) * directions;
    const int* const bounds = propagator_->bounds(t1);
    for (size_t d = 0; d < directions; d++) {
      if (rows[d] < 0) continue;
      Count* const row = supports + rows[d];
      const int* const end = targets + bounds[d + 1];
      for (const int* t2 = targets + bounds[d]; (t2 = lose_support(row, t2, end)) != end; t2++)
        ban_as<Count>(wave, neighbours_[size_t(i1) * directions + d], *t2);
    }
  }
}

bool Propagation::propagate(Wave& wave) {
  if (wave.support_width() == 1) drain<int8_t>(wave);
  else if (wave.support_width() == 2) drain<int16_t>(wave);
  else drain<int32_t>(wave);
  if (doomed_) {
    clear();
    return false;
  }
  return wave.remaining(0) > 0;
}

}  // namespace mj::wfc
