// Which patterns may be neighbours, and the propagation of bans through the wave.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "nodes/wfc/wave.hpp"

namespace mj::wfc {

// Directions in the reference's order: +x, +y, -x, -y, +z, -z. Overlap models use the first four.
constexpr int kDX[6] = {1, 0, -1, 0, 0, 0};
constexpr int kDY[6] = {0, 1, 0, -1, 0, 0};
constexpr int kDZ[6] = {0, 0, 0, 0, 1, -1};
constexpr int opposite(int d) { return d < 4 ? (d + 2) % 4 : 9 - d; }

// For every direction d and pattern t, the patterns allowed at offset d from t, in increasing order.
class Propagator {
 public:
  Propagator() = default;
  // lists[d * patterns + t] holds the patterns allowed at offset d from t.
  Propagator(int directions, int patterns, const std::vector<std::vector<int>>& lists);

  int directions() const { return directions_; }
  int patterns() const { return patterns_; }
  std::span<const int> allowed(int d, int t) const {
    size_t k = size_t(d * patterns_ + t);
    return {targets_.data() + offsets_[k], size_t(offsets_[k + 1] - offsets_[k])};
  }

 private:
  int directions_ = 0, patterns_ = 0;
  std::vector<int> offsets_;  // directions * patterns + 1 bounds into targets_
  std::vector<int> targets_;
};

// The cells of a wave and where patterns may sit: a non-periodic wave keeps an N-wide pattern inside the grid.
struct Space {
  int mx = 0, my = 0, mz = 0;
  int n = 1;
  bool periodic = false;

  int size() const { return mx * my * mz; }
  // The cell at offset d from cell i, or -1 when it is outside a non-periodic wave.
  int neighbour(int i, int d) const;
};

// Bans waiting to reach their neighbours: a stack, consumed last ban first, as the reference does.
class Propagation {
 public:
  Propagation() = default;
  Propagation(const Propagator* propagator, const Weights* weights, Space space);

  void ban(Wave& wave, int i, int t);
  // Applies every pending ban. False when cell 0 ran out of patterns: the reference looks only there.
  bool propagate(Wave& wave);
  void clear() { stack_.clear(); }

 private:
  const Propagator* propagator_ = nullptr;
  const Weights* weights_ = nullptr;
  int directions_ = 0;
  std::vector<int> neighbours_;             // [cell][direction]: Space::neighbour, computed once
  std::vector<std::pair<int, int>> stack_;  // (cell, pattern)
};

}  // namespace mj::wfc
