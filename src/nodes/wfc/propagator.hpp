// Which patterns may be neighbours, and the cells of a wave they may sit on.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
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
  // The length of the longest list.
  int longest() const { return longest_; }
  // Does a cell that loses all its patterns take every pattern of its neighbours with it? It does
  // when every pattern allows some pattern on each side, and t2 is allowed at d from t1 exactly
  // when t1 is allowed at -d from t2 (lists without repeats): then a neighbour's support count for
  // each of its patterns is the number of patterns of the emptied cell that allowed it, and each of
  // their bans takes one away, down to zero.
  bool emptiness_spreads() const;
  // Is t2 allowed at d from t1 exactly when t1 is allowed at -d from t2, in lists without repeats? Then
  // a support count is the number of the neighbour's remaining patterns that allow the pattern.
  bool symmetric() const;
  std::span<const int> allowed(int d, int t) const {
    const int* b = bounds(t);
    return {targets_.data() + b[d], size_t(b[d + 1] - b[d])};
  }
  // The lists of pattern t lie one after the other: allowed(d, t) is [targets() + b[d], targets() + b[d + 1]).
  const int* bounds(int t) const { return offsets_.data() + size_t(t) * size_t(directions_); }
  const int* targets() const { return targets_.data(); }

 private:
  int directions_ = 0, patterns_ = 0, longest_ = 0;
  // patterns * directions + 1 bounds into targets_, pattern by pattern: a ban reads its pattern's
  // lists in every direction, from one place.
  std::vector<int> offsets_;
  std::vector<int> targets_;
};

// An overlap model's propagator: the n x n patterns (x fastest) that agree where they overlap.
Propagator overlap_propagator(const std::vector<std::vector<uint8_t>>& patterns, int n);

// The cells of a wave and where patterns may sit: a non-periodic wave keeps an N-wide pattern inside the grid.
struct Space {
  int mx = 0, my = 0, mz = 0;
  int n = 1;
  bool periodic = false;

  int size() const { return mx * my * mz; }
  int x(int i) const { return i % mx; }
  int y(int i) const { return (i % (mx * my)) / mx; }
  int z(int i) const { return i / (mx * my); }
  // Whether a non-periodic wave's cell can hold a whole pattern (and so take part in propagation).
  bool holds_patterns(int x, int y, int z) const {
    return x >= 0 && y >= 0 && z >= 0 && x + n <= mx && y + n <= my && z + 1 <= mz;
  }
  // The cell at offset d from cell i, or -1 when it is outside a non-periodic wave.
  int neighbour(int i, int d) const;
  // How far apart two cells are along the axis where they are farthest apart (around the edges
  // too when the wave wraps); `along_z` false: along x and y only.
  int distance(int a, int b, bool along_z = true) const;
  // Appends to `out`, in cell order, the cells at most `radius` from `centre` as distance measures it.
  // Only the rows that cross the box are visited: an erased box costs its rows, not the whole wave.
  void cells_within(int centre, int radius, bool along_z, std::vector<int>& out) const;
  // Cell i in words: "(x, y, z)".
  std::string where(int i) const;

 private:
  // How far apart two coordinates are along an axis of m cells.
  int along(int u, int v, int m) const {
    const int d = u > v ? u - v : v - u;
    return periodic ? std::min(d, m - d) : d;
  }
};

}  // namespace mj::wfc
