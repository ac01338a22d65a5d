// Propagation by lanes: a ban takes a whole row of byte counts at once (tile models' long lists).
#include <algorithm>
#include <bit>
#include <cstring>

#include "nodes/wfc/propagation.hpp"

namespace mj::wfc {

namespace {

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

void Propagation::drain_by_lanes(Wave& wave) {
  // Rows of up to four blocks, the tile models', get loops unrolled for them.
  const int blocks = wave.pattern_blocks();
  if (blocks == 1) drain_lanes<1>(wave);
  else if (blocks == 2) drain_lanes<2>(wave);
  else if (blocks == 3) drain_lanes<3>(wave);
  else if (blocks == 4) drain_lanes<4>(wave);
  else drain_lanes<0>(wave);
}

// drain for by_lanes, Blocks as lose_supports. A row's bans come after all its losses, in increasing
// order as the lists have them: a ban touches only its own pattern's counts, which the row has
// already taken to zero.
template <size_t Blocks>
void Propagation::drain_lanes(Wave& wave) {
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

}  // namespace mj::wfc
