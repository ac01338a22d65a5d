// The lowest-entropy scan of wave function collapse without visiting every open cell. The reference
// goes through the cells in order and draws noise at each one whose entropy is at most the least
// entropy-plus-noise so far; when most cells stay open and few of them are that low, a tree of
// minima leads straight from one such cell to the next.
#pragma once

#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

namespace mj::wfc {

// Values of cells 0..size-1 with the minimum of every power-of-two block of them, for finding the
// next cell at or below a bound. Cells that may not be chosen hold infinity.
class MinTree {
 public:
  static constexpr double kNever = std::numeric_limits<double>::infinity();

  // Every cell at kNever.
  void assign(int size) {
    leaves_ = int(std::bit_ceil(unsigned(std::max(size, 1))));
    nodes_.assign(2 * size_t(leaves_), kNever);
  }
  // Sets cell i without updating the blocks above it: for filling the whole tree before rebuild().
  // NaN becomes kNever: the scan never takes a cell whose entropy compares false.
  void put(int i, double value) { nodes_[size_t(leaves_ + i)] = value <= kNever ? value : kNever; }
  void rebuild() {
    for (int v = leaves_ - 1; v > 0; v--)
      nodes_[size_t(v)] = std::min(nodes_[size_t(2 * v)], nodes_[size_t(2 * v + 1)]);
  }
  // put, then the blocks above cell i, up to the first whose minimum stays as it was.
  void set(int i, double value) {
    put(i, value);
    for (int v = (leaves_ + i) / 2; v > 0; v /= 2) {
      const double least = std::min(nodes_[size_t(2 * v)], nodes_[size_t(2 * v + 1)]);
      if (least == nodes_[size_t(v)]) return;
      nodes_[size_t(v)] = least;
    }
  }
  double value(int i) const { return nodes_[size_t(leaves_ + i)]; }
  // The first cell from i on whose value is <= bound, or -1.
  int first_at_most(int i, double bound) const {
    if (i >= leaves_) return -1;
    int v = leaves_ + i;
    // Up and to the right, block by block, to the first block holding such a cell...
    while (!(nodes_[size_t(v)] <= bound)) {
      v >>= std::countr_one(unsigned(v));  // up while a right child
      if (v == 0) return -1;               // came up past the root from its right edge
      v++;
    }
    // ...then down to its first such cell. Without branches: which side is as good as random.
    while (v < leaves_) v = 2 * v + int(!(nodes_[size_t(2 * v)] <= bound));
    return v - leaves_;
  }

 private:
  int leaves_ = 1;             // a power of two, at least the number of cells
  std::vector<double> nodes_;  // [1, leaves_): block minima, node v over 2v and 2v + 1; then the cells
};

// The reference's choice of the next cell to observe: in cell order, every cell whose value is at
// most the least value-plus-noise so far draws noise(), and is taken when value + noise is below
// it. The least starts at 1E+4. -1 when no cell is taken.
template <class Noise>
int least_entropy_cell(const MinTree& tree, Noise&& noise) {
  double min = 1E+4;
  int argmin = -1;
  for (int i = tree.first_at_most(0, min); i >= 0; i = tree.first_at_most(i + 1, min)) {
    const double entropy = tree.value(i), drawn = noise();
    if (entropy + drawn < min) {
      min = entropy + drawn;
      argmin = i;
    }
  }
  return argmin;
}

}  // namespace mj::wfc
