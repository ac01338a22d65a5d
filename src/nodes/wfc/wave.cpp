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
  cache_logs();
}

void Weights::cache_logs() {
  // Past this many sums, the cache would leave the processor's caches and gain little.
  constexpr double kMaxLogs = 1 << 18;
  for (double scale = 1; scale <= 1 << 16; scale *= 2) {
    const bool multiples = std::all_of(weight.begin(), weight.end(), [scale](double w) {
      return w >= 0 && w * scale <= kMaxLogs && std::trunc(w * scale) == w * scale;
    });
    if (!multiples) continue;
    // Sums of such multiples below 2^53 / scale are exact, in any order.
    if (sum * scale >= kMaxLogs) return;
    log_scale_ = scale;
    logs_.assign(size_t(sum * scale) + 1, std::nan(""));
    logs_end_ = double(logs_.size());
    return;
  }
}

namespace {

int width_for(int longest) { return longest <= INT8_MAX ? 1 : longest <= INT16_MAX ? 2 : 4; }

int blocks_for(int counts, int width) {
  const int per_block = Wave::kRowBlock / width;
  return (counts + per_block - 1) / per_block;
}

}  // namespace

int Wave::support_width_for(int longest) { return width_for(longest); }
int Wave::pattern_blocks_for(int patterns, int longest) { return blocks_for(patterns, width_for(longest)); }

Wave::Wave(int cells, int patterns, int directions, bool shannon, int longest, bool sentinel, bool sets)
    : cells_(cells), patterns_(patterns), directions_(directions), width_(width_for(longest)),
      row_length_(blocks_for(patterns + (sentinel ? 1 : 0), width_) * (kRowBlock / width_)),
      pattern_blocks_(blocks_for(patterns, width_)), has_sentinel_(sentinel), words_(sets ? (patterns + 63) / 64 : 0),
      counted_(!sets), sets_(size_t(cells) * size_t(words_), 0), data_(size_t(cells) * size_t(patterns), 1),
      sums_of_ones_(size_t(cells), 0) {
  if (!sets) compatible_.assign(count_words(), 0);
  if (shannon) entropies_.assign(size_t(cells), Entropy{});
}

size_t Wave::count_words() const {
  return (size_t(cells_) * size_t(row_length_) * size_t(directions_) * size_t(width_) + 7) / 8;
}

void Wave::copy_from(const Wave& other) {
  data_ = other.data_;
  sums_of_ones_ = other.sums_of_ones_;
  entropies_ = other.entropies_;
  sets_ = other.sets_;
  counted_ = other.counted_;
  if (counted_) compatible_ = other.compatible_;
}

void Wave::make_counts(const Propagator& propagator) {
  if (compatible_.empty()) compatible_.assign(count_words(), 0);
  if (width_ == 1) fill_supports<int8_t>(propagator);
  else if (width_ == 2) fill_supports<int16_t>(propagator);
  else fill_supports<int32_t>(propagator);
  counted_ = true;
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
  if (words_ == 0) make_counts(propagator);
  else counted_ = false;
  for (int i = 0; i < cells_; i++) {
    if (words_ > 0) {
      uint64_t* bits = set(i);
      std::fill_n(bits, words_, ~uint64_t(0));
      if (patterns_ % 64 != 0) bits[words_ - 1] = (uint64_t(1) << (patterns_ % 64)) - 1;
    }
    std::fill_n(data_.begin() + ptrdiff_t(slot(i, 0)), patterns_, uint8_t(1));
    sums_of_ones_[size_t(i)] = patterns_;
    if (!weights.shannon) continue;
    entropies_[size_t(i)] = {weights.sum, weights.sum_log, weights.sum_log / weights.sum - std::log(weights.sum),
                             weights.starting_entropy};
  }
}

void Wave::set_patterns(int i, const uint8_t* row, const Weights& weights) {
  std::copy_n(row, patterns_, data_.begin() + ptrdiff_t(slot(i, 0)));
  if (words_ > 0) std::fill_n(set(i), words_, uint64_t(0));
  int remaining = 0;
  double sum = 0, sum_log = 0;
  for (int t = 0; t < patterns_; t++) {
    if (!row[t]) continue;
    remaining++;
    if (words_ > 0) set(i)[t / 64] |= uint64_t(1) << (t % 64);
    if (weights.shannon) sum += weights.weight[size_t(t)], sum_log += weights.weight_log_weight[size_t(t)];
  }
  sums_of_ones_[size_t(i)] = remaining;
  if (weights.shannon)
    entropies_[size_t(i)] = {sum, sum_log, sum_log / sum - std::log(sum), std::log(sum) - sum_log / sum};
}

void Wave::ban(int i, int t, const Weights& weights) {
  if (width_ == 1) ban<int8_t>(i, t, weights);
  else if (width_ == 2) ban<int16_t>(i, t, weights);
  else ban<int32_t>(i, t, weights);
}

}  // namespace mj::wfc
