#include "nodes/wfc/propagator.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace mj::wfc {

namespace {

// One step past an edge comes back at the other side.
int wrap(int v, int m) { return v < 0 ? v + m : v >= m ? v - m : v; }

// Takes one support from supports[*k] for each pattern k of [t2, end) up to the first that has
// none left, returned (or end). Kept apart from the bans so that the loop holds its few pointers in
// registers, and unrolled by four: the lists are short and the loop's own steps weighed as much as
// the decrements.
template <class Count>
[[gnu::always_inline]] inline const int* lose_support(Count* supports, const int* t2, const int* end) {
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

// lose_support up to the first count left with none, with no end: the list ends with an offset to a
// count set to 1, the sentinel.
template <class Count>
[[gnu::always_inline]] inline const int* lose_support_to_sentinel(Count* supports, const int* k) {
  for (;; k += 4) {
    if (--supports[k[0]] == 0) return k;
    if (--supports[k[1]] == 0) return k + 1;
    if (--supports[k[2]] == 0) return k + 2;
    if (--supports[k[3]] == 0) return k + 3;
  }
}

// kRowBlock byte counts, as GCC and Clang vectors: compiled to SIMD where there is any.
using Lanes = int8_t __attribute__((vector_size(Wave::kRowBlock)));

Lanes load(const int8_t* p) {
  Lanes lanes;
  std::memcpy(&lanes, p, sizeof lanes);
  return lanes;
}

// Lanes of -1 or 0, one bit per lane kept: bit 8k + 0 of word k / 8 for lane k.
uint64_t lane_bits(Lanes lanes, int word) {
  uint64_t words[sizeof(Lanes) / 8];
  std::memcpy(words, &lanes, sizeof lanes);
  return words[word] & 0x0101010101010101u;
}

// Takes one support from each pattern whose lane in `take` is -1; true when one of them is left
// with none. Blocks: the row's number of blocks when known at compile time (the loop unrolls), or 0.
template <size_t Blocks>
bool lose_supports(int8_t* row, const int8_t* take, size_t blocks) {
  if constexpr (Blocks != 0) blocks = Blocks;
  Lanes emptied = {};
  for (size_t offset = 0; offset < blocks * sizeof(Lanes); offset += sizeof(Lanes)) {
    const Lanes counts = load(row + offset), takes = load(take + offset);
    emptied |= (counts == 1) & takes;
    const Lanes lost = counts + takes;
    std::memcpy(row + offset, &lost, sizeof lost);
  }
  return (lane_bits(emptied, 0) | lane_bits(emptied, 1)) != 0;
}

// Worth going through whole rows: a row's blocks are few next to the list it stands for.
bool rows_are_short(const Propagator& propagator, int pattern_blocks) {
  const size_t blocks = size_t(pattern_blocks);
  const size_t lists = size_t(propagator.patterns()) * size_t(propagator.directions());
  return 3 * blocks * lists <= 2 * size_t(propagator.bounds(propagator.patterns())[0]);
}

bool lists_increase(const Propagator& propagator) {
  for (int t = 0; t < propagator.patterns(); t++)
    for (int d = 0; d < propagator.directions(); d++) {
      const std::span<const int> list = propagator.allowed(d, t);
      if (std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) != list.end()) return false;
    }
  return true;
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
    for (int t1 = 0; t1 < patterns_; t1++)
      if (allowed(opposite(d), t1).empty()) return false;
  return symmetric();
}

bool Propagator::symmetric() const {
  for (int d = 0; d < directions_; d++)
    for (int t1 = 0; t1 < patterns_; t1++) {
      const std::span<const int> list = allowed(d, t1);
      if (std::adjacent_find(list.begin(), list.end(), std::greater_equal<>()) != list.end()) return false;
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

Propagation::Propagation(const Propagator* propagator, const Weights* weights, Space space, const Wave& wave,
                         Decrements decrements)
    : propagator_(propagator), weights_(weights), directions_(propagator->directions()) {
  neighbours_.resize(size_t(space.size()) * size_t(directions_));
  rows_.resize(neighbours_.size());
  for (int i = 0; i < space.size(); i++)
    for (int d = 0; d < directions_; d++) {
      const int i2 = space.neighbour(i, d);
      neighbours_[size_t(i * directions_ + d)] = i2;
      // Fits: check_memory keeps the supports of a wave under 2^31 bytes.
      rows_[size_t(i * directions_ + d)] = i2 < 0 ? -1 : int(wave.row(i2, d));
    }
  fill_takes(wave, decrements);
  if (!by_lanes()) {
    if (!wave.has_sentinel()) throw std::logic_error("a wfc propagation by lists needs waves with a sentinel");
    fill_regular(space, wave);
  }
  if (wave.set_words() > 0) fill_sets(wave);
  // A propagation bans each pattern of each cell at most once, an observation at most every pattern.
  stack_.reset(new Pending[(size_t(space.size()) + 1) * size_t(propagator->patterns())]);
  changed_.assign(size_t(space.size()), 0);
  is_changed_.assign(size_t(space.size()), 0);
  // The cells that hold patterns form one connected box, which contains cell 0 unless it is empty.
  spreads_ = propagator->emptiness_spreads() && (space.periodic || space.holds_patterns(0, 0, 0));
  if (spreads_)
    for (int i = 0; i < space.size(); i++)
      holds_.push_back(space.periodic || space.holds_patterns(space.x(i), space.y(i), space.z(i)));
}

bool Propagation::goes_by_lanes(const Propagator& p, int support_width, int pattern_blocks, Decrements decrements) {
  return decrements != Decrements::by_list && support_width == 1 && lists_increase(p) &&
         std::endian::native == std::endian::little &&
         (decrements != Decrements::best || rows_are_short(p, pattern_blocks));
}

void Propagation::fill_takes(const Wave& wave, Decrements decrements) {
  const Propagator& p = *propagator_;
  if (!goes_by_lanes(p, wave.support_width(), wave.pattern_blocks(), decrements)) return;
  const size_t length = size_t(wave.row_length());
  takes_.assign(size_t(p.patterns()) * size_t(directions_) * length, 0);
  for (int t = 0; t < p.patterns(); t++)
    for (int d = 0; d < directions_; d++)
      for (int t2 : p.allowed(d, t)) takes_[(size_t(t) * size_t(directions_) + size_t(d)) * length + size_t(t2)] = -1;
}

bool Propagation::goes_by_sets(const Propagator& propagator, bool shannon) {
  // A changed cell costs its patterns times its words in each direction; a ban of the counts, the
  // lengths of its lists: the sets win when the lists are long next to the cells' words (tile
  // models: Escher 55 patterns, lists of 12.5 on average), and lose by far for overlap models'
  // short lists and many patterns (Sewers: 149 patterns, lists of 2.7, took 4.9 times as long).
  const size_t patterns = size_t(propagator.patterns()), words = (patterns + 63) / 64;
  const size_t lists = patterns * size_t(propagator.directions());
  return !shannon && patterns * words * lists <= 16 * size_t(propagator.bounds(propagator.patterns())[0]) &&
         propagator.symmetric();
}

void Propagation::fill_sets(const Wave& wave) {
  const Propagator& p = *propagator_;
  const size_t words = size_t(wave.set_words()), directions = size_t(directions_);
  set_allowed_.assign(size_t(p.patterns()) * directions * words, 0);
  set_unconstrained_.assign(directions * words, 0);
  for (int t = 0; t < p.patterns(); t++)
    for (int d = 0; d < directions_; d++) {
      uint64_t* const set = set_allowed_.data() + (size_t(t) * directions + size_t(d)) * words;
      for (int t2 : p.allowed(d, t)) set[t2 / 64] |= uint64_t(1) << (t2 % 64);
      // t's support count from d starts at zero and never runs out.
      if (p.allowed(opposite(d), t).empty())
        set_unconstrained_[size_t(d) * words + size_t(t / 64)] |= uint64_t(1) << (t % 64);
    }
  masks_.assign(directions * words, 0);
  fill_byte_unions(words * directions);
  queued_.assign(neighbours_.size() / directions, 0);
  queue_.reserve(queued_.size());
}

// A cell's union of allowed patterns byte by byte of its set rather than bit by bit: a byte stands for
// up to eight patterns, and a cell that lost a few of many patterns has most of its bytes full.
void Propagation::fill_byte_unions(size_t row) {
  const size_t words = size_t(propagator_->patterns() + 63) / 64;
  if (words > kMostByteUnionWords) return;
  const size_t bytes = size_t(propagator_->patterns() + 7) / 8;
  byte_unions_.assign(bytes * 256 * row, 0);
  for (size_t byte = 0; byte < bytes; byte++) {
    uint64_t* const unions = byte_unions_.data() + byte * 256 * row;
    for (unsigned v = 1; v < 256; v++) {
      // The union for v: that for v without its lowest bit, and the lowest bit's pattern.
      const size_t t = byte * 8 + size_t(std::countr_zero(v));
      const uint64_t* const rest = unions + size_t(v & (v - 1)) * row;
      const uint64_t* const own = t < size_t(propagator_->patterns()) ? set_allowed_.data() + t * row : nullptr;
      for (size_t k = 0; k < row; k++) unions[v * row + k] = rest[k] | (own ? own[k] : 0);
    }
  }
}

void Propagation::fill_regular(const Space& space, const Wave& wave) {
  const int cells = space.size();
  for (int d = 0; d < directions_; d++) steps_[d] = kDX[d] + kDY[d] * space.mx + kDZ[d] * space.mx * space.my;
  regular_.assign(size_t(cells), 1);
  for (int i = 0; i < cells; i++)
    for (int d = 0; d < directions_; d++)
      if (neighbours_[size_t(i * directions_ + d)] != i + steps_[d]) regular_[size_t(i)] = 0;
  const Propagator& p = *propagator_;
  regular_starts_.clear();
  regular_offsets_.clear();
  regular_bans_.clear();
  for (int t = 0; t < p.patterns(); t++) {
    regular_starts_.push_back(int(regular_offsets_.size()));
    for (int d = 0; d < directions_; d++) {
      // Wave::row(i + steps_[d], d) - Wave::row(i, 0), in counts: fits as rows_ does.
      const int row = (steps_[d] * directions_ + d) * wave.row_length();
      for (int t2 : p.allowed(d, t)) {
        regular_offsets_.push_back(row + t2);
        regular_bans_.push_back({t2, steps_[d]});
      }
    }
    regular_offsets_.push_back(wave.sentinel());
    regular_bans_.push_back({-1, -1});
  }
}

// Inlined into ban: the bans of observations and start waves, one call each.
[[gnu::always_inline]] inline void Propagation::ban_counting(Wave& wave, int i, int t) {
  note_change(i);
  if (wave.support_width() == 1) ban_as<int8_t>(wave, i, t, -1);
  else if (wave.support_width() == 2) ban_as<int16_t>(wave, i, t, -1);
  else ban_as<int32_t>(wave, i, t, -1);
}

void Propagation::ban(Wave& wave, int i, int t) {
  if (wave.counted()) return ban_counting(wave, i, t);
  if (wave.allows(i, t)) {
    note_change(i);
    wave.ban_in_set(i, t);
    queue(i);
    if (wave.remaining(i) == 0) run_out(i, -1);
    return;
  }
  // A ban of a pattern already banned takes its supports from the neighbours once more, which
  // sets cannot tell: the wave counts from here on (until the caller starts over from a copy).
  // Counts are made at rest: what is pending goes first, which reaches the same wave, as any
  // order of the bans does.
  drain_sets(wave);
  if (doomed_) return;  // the propagation fails whatever follows
  count_supports(wave);
  ban_counting(wave, i, t);
}

// Inlined: a ban comes about once per ban taken off the stack, and the call cost half as much again.
template <class Count>
[[gnu::always_inline]] inline void Propagation::ban_as(Wave& wave, int i, int t, int from) {
  wave.ban<Count>(i, t, *weights_);
  stack_[stack_size_++] = {i, t};
  if (wave.remaining(i) == 0) [[unlikely]]
    run_out(i, from);
}

// Goes down the stack as the reference does, with every member it writes through copied to
// locals: the counts and flags are bytes, whose stores may alias anything, and the compiler would
// otherwise read the members again after each of them.
template <class Count>
void Propagation::drain(Wave& wave) {
  if (stack_size_ == 0 || doomed_) return;
  const Wave::Banning<Count> banning = wave.banning<Count>();
  const Weights::Terms terms = weights_->terms();
  Pending* const stack = stack_.get();
  Pending* top = stack + stack_size_;
  uint8_t* const is_changed = is_changed_.data();
  int* const changed = changed_.data();
  size_t changed_size = changed_size_;
  const uint8_t* const holds = spreads_ ? holds_.data() : nullptr;
  bool doomed = false;
  // The ban of t2 at i2, after its count reached zero: Propagation::ban_as and note_change (run_out
  // as it is, but for `doomed`, kept local).
  const auto ban = [&](int i1, int i2, int t2) {
    if (!is_changed[size_t(i2)]) {
      is_changed[size_t(i2)] = 1;
      changed[changed_size++] = i2;
    }
    banning.ban(i2, t2, terms);
    *top++ = {i2, t2};
    if (banning.remaining[size_t(i2)] == 0) [[unlikely]] {
      if (emptied_.cell < 0) emptied_ = {i2, i1};
      if (holds && holds[size_t(i2)]) doomed = true;
    }
  };
  const uint8_t* const regular = regular_.data();
  const int* const regular_starts = regular_starts_.data();
  const int* const regular_offsets = regular_offsets_.data();
  const RegularBan* const regular_bans = regular_bans_.data();
  const int sentinel = wave.sentinel();
  const size_t directions = size_t(directions_);
  const int* const neighbours = neighbours_.data();
  const int* const rows = rows_.data();
  const int* const targets = propagator_->targets();
  const Propagator& propagator = *propagator_;
  while (top != stack && !doomed) {
    const auto [i1, t1] = *--top;
    if (regular[size_t(i1)]) {
      // The ban of t1 at a regular cell i1 takes supports from all its neighbours in one pass down
      // its lists, direction after direction as the reference goes: the lists are short (overlap
      // models average three to four patterns), so a loop per direction cost more than its decrements.
      Count* const supports = banning.supports + size_t(i1) * banning.cell_stride;
      const int* const offsets = regular_offsets + regular_starts[size_t(t1)];
      const RegularBan* const bans = regular_bans + regular_starts[size_t(t1)];
      supports[sentinel] = 1;
      for (const int* k = offsets;; k++) {
        k = lose_support_to_sentinel(supports, k);
        const RegularBan next = bans[k - offsets];
        if (next.pattern < 0) break;
        ban(i1, i1 + next.step, next.pattern);
      }
      continue;
    }
    // Cells by the edges (or wrapping around them), direction by direction.
    const int* const row_of = rows + size_t(i1) * directions;
    const int* const bounds = propagator.bounds(t1);
    for (size_t d = 0; d < directions; d++) {
      if (row_of[d] < 0) continue;
      Count* const row = banning.supports + row_of[d];
      const int* const end = targets + bounds[d + 1];
      for (const int* t2 = targets + bounds[d]; (t2 = lose_support(row, t2, end)) != end; t2++)
        ban(i1, neighbours[size_t(i1) * directions + d], *t2);
    }
  }
  stack_size_ = size_t(top - stack);
  changed_size_ = changed_size;
  doomed_ = doomed;
}

// drain for by_lanes, Blocks as lose_supports. A row's bans come after all its losses, in increasing
// order as the lists have them: a ban touches only its own pattern's counts, which the row has
// already taken to zero.
template <size_t Blocks>
void Propagation::drain_by_lanes(Wave& wave) {
  int8_t* const supports = wave.supports<int8_t>();
  const size_t directions = size_t(directions_), length = size_t(wave.row_length());
  const size_t blocks = size_t(wave.pattern_blocks());
  while (stack_size_ != 0 && !doomed_) {
    const auto [i1, t1] = stack_[--stack_size_];
    const int* const rows = rows_.data() + size_t(i1) * directions;
    const int8_t* take = takes_.data() + size_t(t1) * directions * length;
    for (size_t d = 0; d < directions; d++, take += length) {
      if (rows[d] < 0) continue;
      int8_t* const row = supports + rows[d];
      if (lose_supports<Blocks>(row, take, blocks))
        ban_emptied(wave, i1, neighbours_[size_t(i1) * directions + d], row, take, blocks);
    }
  }
}

// Bans the patterns that lose_supports took to zero on this row, lowest first.
void Propagation::ban_emptied(Wave& wave, int from, int i, const int8_t* row, const int8_t* take, size_t blocks) {
  note_change(i);
  for (size_t b = 0; b < blocks; b++) {
    const size_t offset = b * sizeof(Lanes);
    const Lanes emptied = (load(row + offset) == 0) & load(take + offset);
    for (int word = 0; word < int(sizeof(Lanes) / 8); word++)
      for (uint64_t bits = lane_bits(emptied, word); bits != 0; bits &= bits - 1)
        ban_as<int8_t>(wave, i, int(offset) + 8 * word + std::countr_zero(bits) / 8, from);
  }
}

void Propagation::drain_sets(Wave& wave) {
  const int words = wave.set_words();
  if (directions_ == 4 && words == 1) drain_set_words<4, 1>(wave);
  else if (directions_ == 6 && words == 1) drain_set_words<6, 1>(wave);
  else if (directions_ == 4 && words == 2) drain_set_words<4, 2>(wave);
  else if (directions_ == 6 && words == 2) drain_set_words<6, 2>(wave);
  else drain_set_words<0, 0>(wave);
}

// Cell by cell: a cell that lost patterns leaves each neighbour only the patterns that one of its
// remaining patterns allows there (or that nothing allows: their counts never run out). Directions
// and Words: the number of each when known at compile time (the loops unroll), or 0.
template <int Directions, int Words>
void Propagation::drain_set_words(Wave& wave) {
  const size_t directions = Directions ? size_t(Directions) : size_t(directions_);
  const size_t words = Words ? size_t(Words) : size_t(wave.set_words()), row = directions * words;
  // With known sizes the masks stay in registers (through a member, each OR was stored back).
  uint64_t known[Directions * Words > 0 ? Directions * Words : 1];
  uint64_t* const masks = Directions * Words > 0 ? known : masks_.data();
  const uint64_t* const allowed = set_allowed_.data();
  const uint64_t* const unions = byte_unions_.empty() ? nullptr : byte_unions_.data();
  while (!queue_.empty() && !doomed_) {
    const int i1 = queue_.back();
    queue_.pop_back();
    queued_[size_t(i1)] = 0;
    std::copy_n(set_unconstrained_.data(), row, masks);
    const uint64_t* const set1 = wave.set(i1);
    if (unions != nullptr) {
      for (size_t w = 0; w < words; w++)
        for (uint64_t bits = set1[w]; bits != 0;) {
          const int shift = std::countr_zero(bits) & ~7;  // the lowest byte with patterns
          const uint64_t* const from = unions + ((w * 8 + size_t(shift / 8)) * 256 + (bits >> shift & 0xff)) * row;
          for (size_t k = 0; k < row; k++) masks[k] |= from[k];
          bits &= ~(uint64_t(0xff) << shift);
        }
    } else {
      for (size_t w = 0; w < words; w++)
        for (uint64_t bits = set1[w]; bits != 0; bits &= bits - 1) {
          const uint64_t* const from = allowed + (w * 64 + size_t(std::countr_zero(bits))) * row;
          for (size_t k = 0; k < row; k++) masks[k] |= from[k];
        }
    }
    for (size_t d = 0; d < directions; d++) {
      const int i2 = neighbours_[size_t(i1) * directions + d];
      if (i2 < 0) continue;
      uint64_t* const set2 = wave.set(i2);
      bool lost = false;
      for (size_t w = 0; w < words; w++) {
        const uint64_t gone = set2[w] & ~masks[d * words + w];
        if (gone == 0) continue;
        lost = true;
        wave.lose_patterns(i2, int(w), gone);
      }
      if (!lost) continue;
      note_change(i2);
      queue(i2);
      if (wave.remaining(i2) == 0) {
        run_out(i2, i1);
        if (doomed_) return;
      }
    }
  }
}

void Propagation::count_supports(Wave& wave) {
  wave.make_counts(*propagator_);
  if (wave.support_width() == 1) count_supports_as<int8_t>(wave);
  else if (wave.support_width() == 2) count_supports_as<int16_t>(wave);
  else count_supports_as<int32_t>(wave);
}

// A pattern's count from d is the number of the neighbour's remaining patterns that allow it
// (Propagator::symmetric), and a banned pattern's is zero, as Wave::ban leaves it.
template <class Count>
void Propagation::count_supports_as(Wave& wave) {
  const Propagator& p = *propagator_;
  const size_t directions = size_t(directions_), patterns = size_t(p.patterns());
  Count* const supports = wave.supports<Count>();
  for (int i1 = 0; i1 < wave.cells(); i1++)
    for (size_t d = 0; d < directions; d++) {
      if (rows_[size_t(i1) * directions + d] < 0) continue;
      Count* const row = supports + rows_[size_t(i1) * directions + d];
      std::fill_n(row, patterns, Count(0));
      for (int t1 = 0; t1 < p.patterns(); t1++)
        if (wave.allows(i1, t1))
          for (int t2 : p.allowed(int(d), t1)) row[t2]++;
    }
  for (int i = 0; i < wave.cells(); i++)
    for (int t = 0; t < p.patterns(); t++)
      if (!wave.allows(i, t))
        for (size_t d = 0; d < directions; d++) wave.supports<Count>(i, int(d))[t] = 0;
}

bool Propagation::propagate(Wave& wave) {
  // Rows of up to four blocks, the tile models', get loops unrolled for them.
  const int blocks = wave.pattern_blocks();
  if (!wave.counted()) drain_sets(wave);
  else if (by_lanes() && blocks == 1) drain_by_lanes<1>(wave);
  else if (by_lanes() && blocks == 2) drain_by_lanes<2>(wave);
  else if (by_lanes() && blocks == 3) drain_by_lanes<3>(wave);
  else if (by_lanes() && blocks == 4) drain_by_lanes<4>(wave);
  else if (by_lanes()) drain_by_lanes<0>(wave);
  else if (wave.support_width() == 1) drain<int8_t>(wave);
  else if (wave.support_width() == 2) drain<int16_t>(wave);
  else drain<int32_t>(wave);
  if (doomed_) {
    clear();
    return false;
  }
  return wave.remaining(0) > 0;
}

}  // namespace mj::wfc
