// The propagation of bans through a wave: by lists, by lanes of byte counts, or by sets.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "nodes/wfc/propagator.hpp"
#include "nodes/wfc/wave.hpp"

namespace mj::wfc {

// Bans waiting to reach their neighbours: a stack, consumed last ban first, as the reference does.
class Propagation {
 public:
  // How a ban takes supports from a neighbour: pattern by pattern down the allowed list, or a
  // whole row of byte counts at once, kRowBlock lanes at a time, when the lists are long next to
  // the rows (tile models). `best` picks between them; by_lanes needs byte counts and lists in
  // increasing order, and falls back to by_list without them.
  enum class Decrements { by_list, by_lanes, best };

  Propagation() = default;
  // `wave`: the layout of the waves it will propagate through.
  Propagation(const Propagator* propagator, const Weights* weights, Space space, const Wave& wave,
              Decrements decrements = Decrements::best);

  void ban(Wave& wave, int i, int t);
  // Applies every pending ban. False when cell 0 ran out of patterns: the reference looks only there.
  // When emptiness spreads (Propagator::emptiness_spreads), the first cell that runs out already
  // decides that cell 0 will: the propagation stops there, leaving the wave half-propagated (the
  // caller starts over from a copy after a failure).
  bool propagate(Wave& wave);
  void clear() {
    stack_size_ = 0;
    for (int i : queue_) queued_[size_t(i)] = 0;
    queue_.clear();
    doomed_ = false;
  }
  // The cells that lost patterns since forget_changes(), each once, for the scan to update its MinTree.
  std::span<const int> changed() const { return {changed_.data(), changed_size_}; }
  void forget_changes() {
    for (int i : changed()) is_changed_[size_t(i)] = 0;
    changed_size_ = 0;
    emptied_ = {};
  }
  // The first cell left without any pattern since forget_changes() (-1: none), and the neighbour
  // whose ban took its last pattern (-1: a ban of the cell itself, an observation or the input's).
  // Noted only when a cell runs out: the propagation's loops pay one test per ban for it.
  struct Emptied {
    int cell = -1, neighbour = -1;
  };
  const Emptied& emptied() const { return emptied_; }
  bool by_lanes() const { return !takes_.empty(); }
  // Whether a propagation of waves of that layout will go by lanes (so its waves need no sentinel).
  static bool goes_by_lanes(const Propagator& propagator, int support_width, int pattern_blocks, Decrements decrements);
  // Whether waves of such a model can go by sets (Wave's `sets`): each cell's remaining patterns
  // as a bitset, a changed cell taking from each neighbour the patterns that none of its own
  // allows. That reaches the same wave as the counts whatever the order of the bans, and only the
  // entropies of `shannon` depend on that order. A wave that goes by sets still counts from a ban
  // of a pattern already banned on (the reference takes supports once more for it).
  static bool goes_by_sets(const Propagator& propagator, bool shannon);

  // propagation_restore.cpp: going back, for a collapse that backtracks. Makes once what the two
  // below read: which cell each count row follows, and the rows' starting values.
  void prepare_restore();
  // The support counts of `cells` and of the cells next to them, made anew from the patterns their
  // neighbours allow, as the bans would have left them (a wave that counts; sets need none).
  void recount(Wave& wave, std::span<const int> cells);
  // Bans (for the next propagate) the patterns of `cells` that lack support from a neighbour:
  // those a propagation would have banned. Their counts must be made (recount) in a wave that counts.
  void ban_unsupported(Wave& wave, std::span<const int> cells);

 private:
  void fill_takes(const Wave& wave, Decrements decrements);
  void fill_regular(const Space& space, const Wave& wave);
  template <class Count>
  void drain(Wave& wave);
  void drain_by_lanes(Wave& wave);
  template <size_t Blocks>
  void drain_lanes(Wave& wave);
  void ban_emptied(Wave& wave, int from, int i, const int8_t* row, const int8_t* take, size_t blocks);
  void fill_sets(const Wave& wave);
  void fill_byte_unions(size_t row);
  void ban_counting(Wave& wave, int i, int t);
  void drain_sets(Wave& wave);
  template <int Directions, int Words>
  void drain_set_words(Wave& wave);
  // Turns a wave that goes by sets into one that counts, at rest (nothing pending).
  void count_supports(Wave& wave);
  template <class Count>
  void count_supports_as(Wave& wave);
  void queue(int i) {
    if (queued_[size_t(i)]) return;
    queued_[size_t(i)] = 1;
    queue_.push_back(i);
  }
  // ban with the wave's ban for its support width, leaving note_change to the caller: a caller
  // that bans many patterns of one cell notes it once.
  // `from`: the neighbour whose ban this one follows, or -1.
  template <class Count>
  void ban_as(Wave& wave, int i, int t, int from);
  // Cell i ran out of patterns through a ban from `from`: noted when it is the first since
  // forget_changes(), and when emptiness spreads, the propagation is doomed.
  [[gnu::cold, gnu::noinline]] void run_out(int i, int from) {
    if (emptied_.cell < 0) emptied_ = {i, from};
    if (spreads_ && holds_[size_t(i)]) doomed_ = true;
  }
  void note_change(int i) {
    if (is_changed_[size_t(i)]) return;
    is_changed_[size_t(i)] = 1;
    changed_[changed_size_++] = i;
  }

  const Propagator* propagator_ = nullptr;
  const Weights* weights_ = nullptr;
  int directions_ = 0;
  std::vector<int> neighbours_;  // [cell][direction]: Space::neighbour, computed once
  std::vector<int> rows_;        // [cell][direction]: Wave::row of the neighbour's supports, or -1
  // A regular cell has every neighbour, each at its usual index offset steps_[d] (no wrap, no
  // edge): the counts a ban of pattern t takes from then lie at fixed offsets from the cell's own
  // supports, whatever the cell. regular_offsets_ holds them, for t from regular_starts_[t] on,
  // direction after direction as the propagator lists them, then Wave::sentinel(); regular_bans_
  // says what a count that runs out bans: which pattern, at which neighbour.
  struct RegularBan {
    int pattern;  // -1 at the sentinel
    int step;     // the neighbour's index from the cell's
  };
  std::vector<uint8_t> regular_;     // per cell
  std::vector<int> regular_starts_;  // per pattern
  std::vector<int> regular_offsets_;
  std::vector<RegularBan> regular_bans_;  // parallel to regular_offsets_
  int steps_[6] = {};
  // by_lanes: [pattern t][direction d][Wave::row_length()]: -1 at the patterns allowed(d, t), else 0.
  std::vector<int8_t> takes_;
  // by sets, Wave::set_words() words each: [pattern t][direction d] the patterns allowed(d, t);
  // [direction d] the patterns that no pattern allows at d (their counts never run out).
  std::vector<uint64_t> set_allowed_, set_unconstrained_;
  std::vector<uint64_t> masks_;  // by sets: [direction][word] scratch of drain_set_words
  // by sets, up to kMostByteUnionWords words: [byte b of the set][value v] the union of set_allowed_
  // over the patterns 8b + k of the bits k of v, a row of directions * words words each (6 x 1: 96 KiB).
  static constexpr size_t kMostByteUnionWords = 2;
  std::vector<uint64_t> byte_unions_;
  std::vector<int> queue_;       // by sets: the cells whose loss their neighbours have yet to see
  std::vector<uint8_t> queued_;  // per cell: in queue_
  // A ban waiting to reach the neighbours. Trivial: the stack is allocated without being written,
  // and only the part a propagation uses is ever touched.
  struct Pending {
    int cell, pattern;
  };
  std::unique_ptr<Pending[]> stack_;
  std::vector<Pending> pending_bans_;  // ban_unsupported's, collected before they are made  // room for a ban of every
                                       // pattern of every cell, and more
  size_t stack_size_ = 0;
  bool spreads_ = false;             // emptiness spreads over the cells that hold patterns
  std::vector<uint8_t> holds_;       // per cell, when spreads_: Space::holds_patterns
  bool doomed_ = false;              // a cell that holds patterns ran out of them
  std::vector<int> changed_;         // room for every cell: no allocation in a ban
  size_t changed_size_ = 0;          // in changed_
  std::vector<uint8_t> is_changed_;  // per cell: in changed_
  Emptied emptied_;
  // prepare_restore: [cell][direction] the cell whose bans take from the cell's row of that direction
  // (neighbours_ the other way round), or -1; [direction][pattern] the row's count in a fresh wave,
  // and how many patterns list the pattern in that direction; scratch.
  std::vector<int> sources_, fresh_, listed_, counts_;
  static int count(Wave& wave, int i, int d, int t);
  std::vector<uint8_t> marked_;
  std::vector<int> marked_cells_;
};

// Inlined: a ban comes about once per ban taken off the stack, and the call cost half as much again.
template <class Count>
[[gnu::always_inline]] inline void Propagation::ban_as(Wave& wave, int i, int t, int from) {
  wave.ban<Count>(i, t, *weights_);
  stack_[stack_size_++] = {i, t};
  if (wave.remaining(i) == 0) [[unlikely]]
    run_out(i, from);
}

}  // namespace mj::wfc
