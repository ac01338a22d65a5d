// The wave of wave function collapse: which patterns each cell still allows, how much support
// each of them keeps from every direction, and the entropy bookkeeping that picks the next cell.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mj::wfc {

class Propagator;

// Pattern weights with the sums the Shannon entropy of a fresh cell is made of.
struct Weights {
  Weights() = default;
  Weights(std::vector<double> weights, bool shannon);

  std::vector<double> weight;
  std::vector<double> weight_log_weight;  // weight * log(weight); only with shannon
  double sum = 0, sum_log = 0, starting_entropy = 0;
  bool shannon = false;
};

class Wave {
 public:
  Wave() = default;
  Wave(int cells, int patterns, int directions, bool shannon);

  // Every pattern allowed everywhere, each supported by all its neighbours.
  void init(const Propagator& propagator, const Weights& weights);
  // Takes over another wave of the same shape (no allocation).
  void copy_from(const Wave& other) { *this = other; }

  // Removes pattern t from cell i. Its supports drop to zero so that later losses never ban it again.
  void ban(int i, int t, const Weights& weights);
  // supports(i, d)[t]: how many patterns of the neighbour in direction -d still allow pattern t at cell i.
  int* supports(int i, int d) {
    return &compatible_[(size_t(i) * size_t(directions_) + size_t(d)) * size_t(patterns_)];
  }

  bool allows(int i, int t) const { return data_[slot(i, t)] != 0; }
  int remaining(int i) const { return sums_of_ones_[size_t(i)]; }
  double entropy(int i) const { return entropies_[size_t(i)]; }
  int cells() const { return cells_; }
  int patterns() const { return patterns_; }

 private:
  size_t slot(int i, int t) const { return size_t(i) * size_t(patterns_) + size_t(t); }

  int cells_ = 0, patterns_ = 0, directions_ = 0;
  std::vector<uint8_t> data_;    // [cell][pattern]
  std::vector<int> compatible_;  // [cell][direction][pattern]
  std::vector<int> sums_of_ones_;
  std::vector<double> sums_of_weights_, sums_of_log_weights_, entropies_;  // only with shannon
  std::vector<double> logs_of_sums_;  // log(sums_of_weights_), only with shannon
};

}  // namespace mj::wfc
