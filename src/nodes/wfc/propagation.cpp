// A propagation's setup (the cells next to each cell), its bans, and its drain by lists: the hot loop.
#include "nodes/wfc/propagation.hpp"

#include <algorithm>
#include <stdexcept>

namespace mj::wfc {

namespace {

// One step past an edge comes back at the other side.
int wrap_once(int v, int m) { return v < 0 ? v + m : v >= m ? v - m : v; }

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

}  // namespace

int Space::neighbour(int i, int d) const {
  const int x = this->x(i) + kDX[d], y = this->y(i) + kDY[d], z = this->z(i) + kDZ[d];
  if (!periodic && !holds_patterns(x, y, z)) return -1;
  return wrap_once(x, mx) + wrap_once(y, my) * mx + wrap_once(z, mz) * mx * my;
}

int Space::distance(int a, int b, bool along_z) const {
  return std::max({along(x(a), x(b), mx), along(y(a), y(b), my), along_z ? along(z(a), z(b), mz) : 0});
}

void Space::cells_within(int centre, int radius, bool along_z, std::vector<int>& out) const {
  const int cx = x(centre), cy = y(centre), cz = z(centre);
  for (int k = 0; k < mz; k++) {
    if (along_z && along(cz, k, mz) > radius) continue;
    for (int j = 0; j < my; j++) {
      if (along(cy, j, my) > radius) continue;
      for (int i = 0; i < mx; i++)
        if (along(cx, i, mx) <= radius) out.push_back(i + mx * (j + my * k));
    }
  }
}

std::string Space::where(int i) const {
  std::string name = "(";
  name += std::to_string(x(i)) + ", " + std::to_string(y(i)) + ", " + std::to_string(z(i));
  return name + ")";
}

Propagation::Propagation(const Propagator* propagator, const Weights* weights, Space space, const Wave& wave,
                         Decrements decrements)
    : propagator_(propagator), weights_(weights), directions_(propagator->directions()) {
  neighbours_.resize(size_t(space.size()) * size_t(directions_));
  rows_.resize(neighbours_.size());
  // A local: the stores below are ints, which GCC could not tell from directions_.
  const int directions = directions_;
  for (int i = 0; i < space.size(); i++)
    for (int d = 0; d < directions; d++) {
      const int i2 = space.neighbour(i, d);
      neighbours_[size_t(i * directions + d)] = i2;
      // Fits: check_memory keeps the supports of a wave under 2^31 bytes.
      rows_[size_t(i * directions + d)] = i2 < 0 ? -1 : int(wave.row(i2, d));
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

bool Propagation::propagate(Wave& wave) {
  if (!wave.counted()) drain_sets(wave);
  else if (by_lanes()) drain_by_lanes(wave);
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
