#include "nodes/wfc/wave.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "nodes/wfc/propagator.hpp"

namespace mj::wfc {

Weights::Weights(std::vector<double> weights, bool shannon_entropy)
    : weight(std::move(weights)), shannon(shannon_entropy) {
  if (!shannon) return;
  weight_log_weight.resize(weight.size());
  for (size_t t = 0; t < weight.size(); t++) {
    weight_log_weight[t] = weight[t] * std::log(weight[t]);
    sum += weight[t];
    sum_log += weight_log_weight[t];
  }
  starting_entropy = std::log(sum) - sum_log / sum;
}

namespace {

int width_for(int longest) { return longest <= INT8_MAX ? 1 : longest <= INT16_MAX ? 2 : 4; }

int row_length_for(int patterns, int width) {
  const int per_block = Wave::kRowBlock / width;
  return (patterns + per_block - 1) / per_block * per_block;
}

}  // namespace

Wave::Wave(int cells, int patterns, int directions, bool shannon, int longest)
    : cells_(cells),
      patterns_(patterns),
      directions_(directions),
      width_(width_for(longest)),
      row_length_(row_length_for(patterns, width_)),
      data_(size_t(cells) * size_t(patterns), 1),
      compatible_((size_t(cells) * size_t(row_length_) * size_t(directions) * size_t(width_) + 7) / 8, 0),
      sums_of_ones_(size_t(cells), 0) {
  if (!shannon) return;
  sums_of_weights_.assign(size_t(cells), 0.0);
  sums_of_log_weights_.assign(size_t(cells), 0.0);
  logs_of_sums_.assign(size_t(cells), 0.0);
  entropies_.assign(size_t(cells), 0.0);
}

// A pattern's support from direction d is the number of patterns that allow it from the opposite side.
template <class Count>
void Wave::fill_supports(const Propagator& propagator) {
  std::vector<Count> support(size_t(directions_) * size_t(row_length_), 0);
  for (int d = 0; d < directions_; d++)
    for (int t = 0; t < patterns_; t++)
      support[size_t(d * row_length_ + t)] = Count(propagator.allowed(opposite(d), t).size());
  for (int i = 0; i < cells_; i++) std::copy(support.begin(), support.end(), supports<Count>(i, 0));
}

void Wave::init(const Propagator& propagator, const Weights& weights) {
  if (width_ == 1) fill_supports<int8_t>(propagator);
  else if (width_ == 2) fill_supports<int16_t>(propagator);
  else fill_supports<int32_t>(propagator);
  for (int i = 0; i < cells_; i++) {
    std::fill_n(data_.begin() + ptrdiff_t(slot(i, 0)), patterns_, uint8_t(1));
    sums_of_ones_[size_t(i)] = patterns_;
    if (!weights.shannon) continue;
    sums_of_weights_[size_t(i)] = weights.sum;
    sums_of_log_weights_[size_t(i)] = weights.sum_log;
    logs_of_sums_[size_t(i)] = std::log(weights.sum);
    entropies_[size_t(i)] = weights.starting_entropy;
  }
}

void Wave::ban(int i, int t, const Weights& weights) {
  if (width_ == 1) ban<int8_t>(i, t, weights);
  else if (width_ == 2) ban<int16_t>(i, t, weights);
  else ban<int32_t>(i, t, weights);
}

void Wave::lose_weight(int i, int t, const Weights& weights) {
  // Kept in the reference's order of operations: entropies must round the same way. The log of
  // the old sum is the one computed at the previous ban (or at init), kept rather than recomputed.
  size_t c = size_t(i);
  entropies_[c] += sums_of_log_weights_[c] / sums_of_weights_[c] - logs_of_sums_[c];
  sums_of_weights_[c] -= weights.weight[size_t(t)];
  sums_of_log_weights_[c] -= weights.weight_log_weight[size_t(t)];
  const double sum = sums_of_weights_[c];
  logs_of_sums_[c] = std::log(sum);
  entropies_[c] -= sums_of_log_weights_[c] / sum - logs_of_sums_[c];
}

}  // namespace mj::wfc
