// Propagation by sets: each cell's remaining patterns as a bitset, and the counts made from them when needed.
#include <algorithm>
#include <bit>

#include "nodes/wfc/propagation.hpp"

namespace mj::wfc {

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

void Propagation::drain_sets(Wave& wave) {
  const int words = wave.set_words();
  if (directions_ == 4 && words == 1) drain_set_words<4, 1>(wave);
  else if (directions_ == 6 && words == 1) drain_set_words<6, 1>(wave);
  else if (directions_ == 4 && words == 2) drain_set_words<4, 2>(wave);
  else if (directions_ == 6 && words == 2) drain_set_words<6, 2>(wave);
  else drain_set_words<0, 0>(wave);
}

namespace {

// masks[d * words + w] |= the patterns that some pattern of `set` allows at d: through `unions`
// (Propagation::byte_unions_) byte by byte when there are any, else bit by bit through `allowed`.
[[gnu::always_inline]] inline void allowed_by(const uint64_t* set, size_t words, size_t row, const uint64_t* unions,
                                              const uint64_t* allowed, uint64_t* masks) {
  if (unions != nullptr) {
    for (size_t w = 0; w < words; w++)
      for (uint64_t bits = set[w]; bits != 0;) {
        const int shift = std::countr_zero(bits) & ~7;  // the lowest byte with patterns
        const uint64_t* const from = unions + ((w * 8 + size_t(shift / 8)) * 256 + (bits >> shift & 0xff)) * row;
        for (size_t k = 0; k < row; k++) masks[k] |= from[k];
        bits &= ~(uint64_t(0xff) << shift);
      }
    return;
  }
  for (size_t w = 0; w < words; w++)
    for (uint64_t bits = set[w]; bits != 0; bits &= bits - 1) {
      const uint64_t* const from = allowed + (w * 64 + size_t(std::countr_zero(bits))) * row;
      for (size_t k = 0; k < row; k++) masks[k] |= from[k];
    }
}

}  // namespace

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
    allowed_by(wave.set(i1), words, row, unions, allowed, masks);
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

}  // namespace mj::wfc
