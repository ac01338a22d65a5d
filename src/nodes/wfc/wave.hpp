// The wave of wave function collapse: which patterns each cell still allows, how much support
// each of them keeps from every direction, and the entropy bookkeeping that picks the next cell.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace mj::wfc {

class Propagator;

// Pattern weights with the sums the Shannon entropy of a fresh cell is made of.
struct Weights {
  Weights() = default;
  Weights(std::vector<double> weights, bool shannon);

  // log_of_sum and the weights' terms as plain pointers and values, for a loop that bans many
  // patterns: copied to locals, they stay in registers across its stores.
  struct Terms {
    const double* weight;
    const double* weight_log_weight;
    double* logs;
    double log_scale, logs_end;
    bool shannon;

    double log_of_sum(double sum) const {
      const double index = sum * log_scale;
      if (!(index >= 0 && index < logs_end)) return std::log(sum);
      double& log = logs[size_t(int64_t(index))];
      if (std::isnan(log)) log = std::log(sum);
      return log;
    }
  };
  Terms terms() const {
    return {weight.data(), weight_log_weight.data(), logs_.data(), log_scale_, logs_end_, shannon};
  }
  // log(sum) for a cell's sum of remaining weights, from a cache when the sums take few values.
  double log_of_sum(double sum) const { return terms().log_of_sum(sum); }

  std::vector<double> weight;
  std::vector<double> weight_log_weight;  // weight * log(weight); only with shannon
  double sum = 0, sum_log = 0, starting_entropy = 0;
  bool shannon = false;

 private:
  void cache_logs();

  // When every weight is a multiple of 1 / log_scale_ (a power of two), a cell's sum is exactly
  // such a multiple, whatever was banned in whatever order, so sum * log_scale_ indexes its log:
  // the same double as computing it, for a fraction of the instructions. Filled as the sums turn
  // up (NaN until then: no log is NaN); empty when the sums would take too many values.
  mutable std::vector<double> logs_;
  double log_scale_ = 0, logs_end_ = 0;  // logs_end_: logs_.size()
};

class Wave {
 public:
  // What a ban changes of a cell's entropy, side by side: one cache line rather than four.
  struct Entropy {
    double sum_of_weights, sum_of_log_weights;
    // sum_of_log_weights / sum_of_weights - log(sum_of_weights), as of the last ban: the next ban
    // adds back exactly this (the reference computes it again, from the same doubles).
    double term;
    double entropy;
  };

  Wave() = default;
  // `longest`: the most patterns any pattern allows on one side (Propagator::longest()).
  // `sentinel`: keep a count past the patterns' in each row for a propagation that goes by lists
  // (one that goes by lanes has no use for it, and a row of sixteen patterns would grow by a block).
  // `sets`: keep each cell's patterns as a bitset too, for a propagation that goes by sets
  // (Propagation::goes_by_sets); its support counts are then made only when needed (counted()).
  Wave(int cells, int patterns, int directions, bool shannon, int longest, bool sentinel = true, bool sets = false);
  // The layout such a wave will have, before making one.
  static int support_width_for(int longest);
  static int pattern_blocks_for(int patterns, int longest);

  // Every pattern allowed everywhere, each supported by all its neighbours.
  void init(const Propagator& propagator, const Weights& weights);
  // Takes over another wave of the same shape (no allocation once its counts exist), its counts
  // only when they are valid.
  void copy_from(const Wave& other);

  // Removes pattern t from cell i. Its supports drop to zero so that later losses never ban it again.
  void ban(int i, int t, const Weights& weights);
  // Cell i allows exactly the patterns t with row[t] != 0, its entropy made anew from them (not in
  // the order of the bans: a going back, which the reference never makes). Its support counts are
  // left as they were (Propagation::recount).
  void set_patterns(int i, const uint8_t* row, const Weights& weights);
  // The same, for Count the type of support_width() bytes: inline in the propagation's loop.
  template <class Count>
  void ban(int i, int t, const Weights& weights) {
    banning<Count>().ban(i, t, weights.terms());
  }
  // What a ban writes, as plain pointers and sizes: a loop that bans many patterns keeps them in
  // registers (its byte stores may alias the wave's members, which the compiler would otherwise
  // read again after each). Valid until the wave is resized or copied into.
  template <class Count>
  struct Banning {
    Count* supports;
    uint8_t* allowed;
    int* remaining;
    Entropy* entropies;
    size_t patterns, stride, cell_stride;  // stride: row_length(); cell_stride: a cell's counts
    int directions;

    // Removes pattern t from cell i, as Wave::ban does.
    void ban(int i, int t, const Weights::Terms& terms) const {
      allowed[size_t(i) * patterns + size_t(t)] = 0;
      Count* support = supports + size_t(i) * cell_stride + size_t(t);
      if (directions == 4) {  // every 2D model: unrolled, the loop's steps cost as much as the stores
        support[0] = support[stride] = support[2 * stride] = support[3 * stride] = 0;
      } else {
        for (int d = 0; d < directions; d++, support += stride) *support = 0;
      }
      remaining[size_t(i)] -= 1;
      if (terms.shannon) lose_weight(entropies[size_t(i)], t, terms);
    }
  };
  template <class Count>
  Banning<Count> banning() {
    return {supports<Count>(),
            data_.data(),
            sums_of_ones_.data(),
            entropies_.data(),
            size_t(patterns_),
            size_t(row_length_),
            size_t(row_length_) * size_t(directions_),
            directions_};
  }
  // supports<Count>(i, d)[t]: how many patterns of the neighbour in direction -d still allow
  // pattern t at cell i. Count is the type of support_width() bytes.
  template <class Count>
  Count* supports(int i, int d) {
    return supports<Count>() + row(i, d);
  }
  // All the counts: supports<Count>(i, d) is supports<Count>() + row(i, d).
  template <class Count>
  Count* supports() {
    return reinterpret_cast<Count*>(compatible_.data());
  }
  size_t row(int i, int d) const { return (size_t(i) * size_t(directions_) + size_t(d)) * size_t(row_length_); }
  int support_width() const { return width_; }
  // Do the support counts hold (for every pattern still allowed) how many patterns of the neighbour
  // allow it? A wave without sets always counts; one with sets from make_counts() until copy_from().
  bool counted() const { return counted_; }
  // Sets every count to its value in a fresh wave, allocating them if needed, and counted().
  void make_counts(const Propagator& propagator);
  // With sets: the patterns of cell i, bit t % 64 of word t / 64, set_words() words.
  uint64_t* set(int i) { return sets_.data() + size_t(i) * size_t(words_); }
  int set_words() const { return words_; }
  // Removes allowed pattern t from cell i, in a wave that has sets and does not count.
  void ban_in_set(int i, int t) {
    set(i)[t / 64] &= ~(uint64_t(1) << (t % 64));
    data_[slot(i, t)] = 0;
    sums_of_ones_[size_t(i)] -= 1;
  }
  // ban_in_set for each pattern 64 * word + k of bit k of `gone`, all allowed.
  void lose_patterns(int i, int word, uint64_t gone) {
    set(i)[word] &= ~gone;
    uint8_t* const data = data_.data() + slot(i, word * 64);
    int& remaining = sums_of_ones_[size_t(i)];
    for (; gone != 0; gone &= gone - 1) {
      data[std::countr_zero(gone)] = 0;
      remaining--;
    }
  }
  // Counts per row of supports: the patterns', then (with a sentinel) at least one more, up to a
  // whole number of kRowBlock bytes.
  int row_length() const { return row_length_; }
  // The kRowBlock-byte blocks of a row that hold patterns' counts: the propagation may go through
  // them a block at a time. Their padding stays zero.
  int pattern_blocks() const { return pattern_blocks_; }
  // A count past the patterns' (in the row of direction 0) for the propagation to mark the end of
  // its lists with: supports<Count>(i, 0)[sentinel()] belongs to cell i, and no pattern.
  int sentinel() const { return row_length_ - 1; }
  bool has_sentinel() const { return has_sentinel_; }
  static constexpr int kRowBlock = 16;

  bool allows(int i, int t) const { return data_[slot(i, t)] != 0; }
  // allows() of every cell and pattern, [cell][pattern], 1 or 0.
  const uint8_t* allowances() const { return data_.data(); }
  int remaining(int i) const { return sums_of_ones_[size_t(i)]; }
  double entropy(int i) const { return entropies_[size_t(i)].entropy; }
  int cells() const { return cells_; }
  int patterns() const { return patterns_; }

 private:
  size_t slot(int i, int t) const { return size_t(i) * size_t(patterns_) + size_t(t); }

  template <class Count>
  void fill_supports(const Propagator& propagator);
  size_t count_words() const;  // compatible_'s size
  // The entropy bookkeeping of a ban. Inlined into the propagation's loop: the call cost a third as
  // much as the bookkeeping.
  [[gnu::always_inline]] static void lose_weight(Entropy& cell, int t, const Weights::Terms& terms) {
    // Kept in the reference's order of operations: entropies must round the same way.
    cell.entropy += cell.term;
    cell.sum_of_weights -= terms.weight[size_t(t)];
    cell.sum_of_log_weights -= terms.weight_log_weight[size_t(t)];
    cell.term = cell.sum_of_log_weights / cell.sum_of_weights - terms.log_of_sum(cell.sum_of_weights);
    cell.entropy -= cell.term;
  }

  int cells_ = 0, patterns_ = 0, directions_ = 0;
  // Support counts start at most at `longest` and go down to -longest at the least (bans zero
  // them, later losses still count), so they are kept in the narrowest signed type that holds
  // that range: they are most of the wave, and propagation waits on fetching them.
  int width_ = 4;
  int row_length_ = 0, pattern_blocks_ = 0;
  bool has_sentinel_ = false;
  int words_ = 0;  // per cell in sets_; 0 without sets
  bool counted_ = true;
  std::vector<uint64_t> sets_;       // [cell][word], with sets
  std::vector<uint8_t> data_;        // [cell][pattern]
  std::vector<int64_t> compatible_;  // [cell][direction][pattern] counts of width_ bytes, 8-aligned
  std::vector<int> sums_of_ones_;
  std::vector<Entropy> entropies_;  // only with shannon
};

}  // namespace mj::wfc
