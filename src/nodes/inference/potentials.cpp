// Potentials: how many steps of a set of rules it takes to get each value to each cell (forward, from a
// state) or from each value at each cell to a goal (backward), by a propagation in order of time.
// Its state and the index of the rules' patterns it reads are in spread.hpp.
#include "nodes/inference/potentials.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>

#include "nodes/inference/spread.hpp"

namespace mj {

namespace spread {

namespace {

// Where the propagation puts what it finds. Potentials: each value's time at each cell.
struct ToPotentials {
  static constexpr bool kEstimate = false;
  Potentials& potentials;
  bool done() const { return false; }
  void reach(int cell, uint8_t value, int t) { potentials[value][cell] = t; }
};

// A forward estimate (forward_pointwise of the forward potentials) without the potentials: the
// queue is in order of time, so the first of a cell's goal values to reach it is its least
// potential there. Once every cell has one, later times change nothing and the propagation stops.
struct ToEstimate {
  static constexpr bool kEstimate = true;
  static constexpr int kBeyond = 1000;  // forward_pointwise counts potentials from here as unreachable
  int missing = 0;                      // cells no goal value has reached yet
  int sum = 0;
  bool failed = false;  // some cell's least potential is kBeyond or more
  bool done() const { return missing == 0 || failed; }
  void reach(int, uint8_t, int t) {
    sum += t, missing--;
    failed |= t >= kBeyond;
  }
};

// Scratch kept between calls: search computes forward potentials for every state it explores.
template <class Bits>
Spread<Bits>& scratch() {
  thread_local Spread<Bits> p;
  return p;
}

// Marks what applying rule r (its other side) with its corner at cell `corner`, (x,y,z), at time t
// makes reachable at t+1. Whether a value is reached is read from the per-cell bits, not from the
// potentials: one small array instead of one large array per value.
template <class Bits, class Out>
void give(Spread<Bits>& p, uint32_t r, int corner, int x, int y, int z, Out& out, int t) {
  for (const PatternCell& c : p.news[r]) {  // the others are reached: the pattern implies them
    CellValues<Bits>& cell = p.base[corner + c.offset];
    if (cell.reached & c.bit) continue;
    cell.reached |= Bits(c.bit);
    if constexpr (Out::kEstimate) {
      Bits& unmet = p.goal_unmet[size_t(corner + c.offset)];
      if (unmet & c.bit) unmet = 0, out.reach(corner + c.offset, c.value, t + 1);
    } else {
      out.reach(corner + c.offset, c.value, t + 1);
    }
    p.queue.push_back({corner + c.offset, x + c.at.x, y + c.at.y, z + c.at.z, t + 1, c.value});
  }
}

// A pattern of wildcards only waits for nothing: it applies at the first value that arrives in
// its window, as the direct check would. Every cell of such a pattern takes every value, so the
// positions are tried in the order of the reference's shifts: all cells, x fastest. (An input '*'
// of a 32-value alphabet is the empty wave there, and takes none.)
template <class Bits, class Out>
void arrive_anywhere(Spread<Bits>& p, uint32_t r, const Rule& rule, const QueueItem& a, const Shape& s, Out& out,
                     bool backwards) {
  if (!backwards && (rule.input[0] >> a.value & 1u) == 0) return;
  for (int dz = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++) {
        const int sx = a.x - dx, sy = a.y - dy, sz = a.z - dz;
        if (!s.fits(rule, sx, sy, sz)) continue;
        uint8_t& done = p.applied[size_t(s.index(sx, sy, sz)) * p.wants.size() + r];
        if (!done) done = 1, give(p, r, s.index(sx, sy, sz), sx, sy, sz, out, a.t);
      }
}

// Whether every probe around `here` has its value settled.
template <class Bits>
bool all_settled(const Probe* probe, const Probe* end, const CellValues<Bits>* here) {
  for (; probe != end; probe++)
    if (!(here[probe->delta].settled & probe->bit)) return false;
  return true;
}

// Whether some probe around `here` does not have its value reached yet.
template <class Bits>
bool any_news(const Probe* probe, const Probe* end, const CellValues<Bits>* here) {
  for (; probe != end; probe++)
    if (!(here[probe->delta].reached & probe->bit)) return true;
  return false;
}

// Whether every cell of a pattern, with its corner at `corner`, has its value settled.
template <class Bits>
bool settled_at(const std::vector<PatternCell>& wants, int corner, const CellValues<Bits>* cells) {
  for (const PatternCell& c : wants)
    if (!(cells[corner + c.offset].settled & c.bit)) return false;
  return true;
}

// A value arrived at a cell: applies the rule positions whose pattern it completes (and that give
// something: applying gives only values not reached yet). `news_first`: test that before
// completeness; right for backward potentials, where most completed positions give only values
// already reached, wrong for a search's forward ones, where most positions are incomplete.
// Firing adds to the queue only: the index is read through locals.
template <bool news_first, class Bits, class Out>
void arrive(Spread<Bits>& p, const QueueItem& a, Out& out) {
  CellValues<Bits>* here = p.base + a.cell;
  here->settled |= Bits(1u << a.value);
  const bool inside = p.interior.contains(a.x, a.y, a.z);
  // Where a want's news probes end: a member chosen once per arrival (one load a check, as before).
  const bool near = !news_first || (!p.near.empty() && p.near[size_t(a.cell)]);
  const uint32_t Want::*news_end = near ? &Want::pattern : &Want::far_end;
  const Probe* probes = p.probes.data();
  const Want* wanted = p.wanted.data();
  for (size_t k = p.wanted_start[a.value], end = p.wanted_start[a.value + 1u]; k < end; k++) {
    const Want& w = wanted[k];
    const auto lead = [&] { return (here[w.lead.delta].settled & w.lead.bit) != 0; };
    // Forward, most checks end at the lead: read first, in the margin where the rule cannot fit.
    if (!news_first && !lead()) {
      k += w.same_lead - 1;
      continue;
    }
    if (!inside && !w.fits(a.x, a.y, a.z)) continue;
    const auto news = [&] {
      return (w.gives_here & ~uint32_t(here->reached)) != 0 || !(here[w.news_lead.delta].reached & w.news_lead.bit) ||
             any_news(probes + w.news_rest, probes + w.*news_end, here);
    };
    const auto rest = [&] { return all_settled(probes + w.rest, probes + w.end, here); };
    if (news_first ? news() && lead() && rest() : rest() && news())
      give(p, w.rule, a.cell - w.offset, a.x - w.at.x, a.y - w.at.y, a.z - w.at.z, out, a.t);
  }
}

// Lists the cells that have each of the `pivots` values at time 0, by value. `one_each`: every
// cell has one value at time 0 (forward potentials: the state's).
template <bool one_each, class Bits>
void list_holders(Spread<Bits>& p, int C, ValueSet pivots) {
  p.holders_start.assign(size_t(C) + 1, 0);
  for (int v = 0; v < C; v++)
    p.holders_start[size_t(v) + 1] = p.holders_start[size_t(v)] + (pivots >> v & 1u ? p.holding[size_t(v)] : 0);
  p.holders.resize(size_t(p.holders_start.back()));
  std::array<int, 32> next{};
  std::copy(p.holders_start.begin(), p.holders_start.end() - 1, next.begin());
  for (int i = 0; i < p.count; i++) {
    uint32_t bits = p.base[i].settled & pivots;
    if constexpr (one_each) {
      if (bits != 0) p.holders[size_t(next[size_t(std::countr_zero(bits))]++)] = i;
    } else {
      for (; bits != 0; bits &= bits - 1) p.holders[size_t(next[size_t(std::countr_zero(bits))]++)] = i;
    }
  }
}

// Fires the positions whose whole pattern holds at time 0, found from the cells holding the
// pattern's rarest value.
template <bool one_each, class Bits, class Out>
void apply_at_start(Spread<Bits>& p, const std::vector<Rule>& rules, const Shape& s, int C, Out& out) {
  const auto holding = [&](uint8_t v) { return v >= C ? 0 : p.holding[v]; };
  std::vector<PatternCell>& pivot_of = p.pivots;
  pivot_of.clear();
  ValueSet pivots = 0;
  for (const std::vector<PatternCell>& wants : p.wants) {
    if (wants.empty()) {
      pivot_of.push_back({});
      continue;
    }
    pivot_of.push_back(*std::min_element(
        wants.begin(), wants.end(), [&](const auto& a, const auto& b) { return holding(a.value) < holding(b.value); }));
    if (holding(pivot_of.back().value) > 0) pivots |= ValueSet(1) << pivot_of.back().value;
  }
  list_holders<one_each>(p, C, pivots);
  const int plane = s.mx * s.my;
  const InteriorCells::View inside = p.inside.view();
  for (size_t r = 0; r < rules.size(); r++) {
    const std::vector<PatternCell>& wants = p.wants[r];
    const PatternCell pivot = pivot_of[r];
    if (wants.empty() || holding(pivot.value) == 0) continue;
    for (int k = p.holders_start[pivot.value]; k < p.holders_start[pivot.value + 1u]; k++) {
      const int cell = p.holders[size_t(k)];
      // The corner's place, by divisions: only off the interior (where the rule may not fit) and
      // for the few positions that apply.
      const auto corner_at = [&] {
        return Point{cell % s.mx - pivot.at.x, (cell % plane) / s.mx - pivot.at.y, cell / plane - pivot.at.z};
      };
      if (!inside.contains(cell) && !s.fits(rules[r].in_size, corner_at())) continue;
      if (!settled_at(wants, cell - pivot.offset, p.base)) continue;
      const Point at = corner_at();
      give(p, uint32_t(r), cell - pivot.offset, at.x, at.y, at.z, out, 0);
    }
  }
}

// How far from a cell, in cells of the grid, another cell of a rule's pattern can be.
inline int rule_reach(const std::vector<Rule>& rules, const Shape& s) {
  int reach = 0;
  for (const Rule& rule : rules)
    reach = std::max(reach, s.index(rule.in_size.x - 1, rule.in_size.y - 1, rule.in_size.z - 1));
  return reach;
}

// Adds a run of `length` cells holding `values` to the counts of each value.
inline void count_run(std::array<int, 32>& holding, uint32_t values, int length) {
  for (; values != 0; values &= values - 1) holding[size_t(std::countr_zero(values))] += length;
}

// The same, and what the run tells of the values missing where each value is (Spread::absent).
template <class Bits>
void note_run(Spread<Bits>& p, std::array<int, 32>& holding, uint32_t values, int end, int length) {
  if (length == 0) return;
  p.runs.push_back({end - length, length, values});
  count_run(holding, values, length);
  p.everywhere &= values;
  for (uint32_t v = values; v != 0; v &= v - 1) p.absent[size_t(std::countr_zero(v))] |= ~values;
}

// The cells at time 0, one value each (forward: the state's): each counted in `holding`; for an estimate,
// the goal's values each cell has not met. False when some cell's goal has no value (no potential meets it).
template <class Bits, class StartFn, class Out>
bool set_start_values(Spread<Bits>& p, int C, int n, StartFn start_of, Out& out, const ValueSet* goal,
                      std::array<int, 32>& holding) {
  CellValues<Bits>* cells = p.base;
  const ValueSet values = C >= 32 ? ~ValueSet(0) : ValueSet((1u << C) - 1u);
  if constexpr (Out::kEstimate) p.goal_unmet.resize(size_t(n));
  for (int i = 0; i < n; i++) {
    const Bits present = Bits(start_of(i));
    if constexpr (Out::kEstimate) {
      const ValueSet goal_values = goal[i] & values;
      if (goal_values == 0) return out.failed = true, false;
      const bool met = (goal_values & present) != 0;
      p.goal_unmet[size_t(i)] = met ? 0 : Bits(goal_values);
      out.missing += !met;
    }
    cells[i] = {present, present};
    holding[size_t(std::countr_zero(uint32_t(present)))]++;
  }
  return true;
}

// The cells at time 0, several values each (backward: the cell's future). A goal's sets come in long
// runs (seas, land): found by a tight loop, set and counted by run.
template <class Bits, class StartFn>
void set_start_runs(Spread<Bits>& p, int n, StartFn start_of, std::array<int, 32>& holding) {
  CellValues<Bits>* cells = p.base;
  p.absent = {}, p.everywhere = ~0u, p.runs.clear();
  for (int i = 0, j = 0; i < n; i = j) {
    const Bits present = Bits(start_of(i));
    for (j = i + 1; j < n && Bits(start_of(j)) == present; j++) {
    }
    std::fill(cells + i, cells + j, CellValues<Bits>{present, present});
    note_run(p, holding, present, j, j - i);
  }
}

// Values present at time 0 are queued only for all-wildcard patterns, which apply on any value.
template <class Bits>
void queue_for_anywhere(Spread<Bits>& p, const Shape& space, size_t positions) {
  if (p.anywhere.empty()) return;
  for (int z = 0, i = 0; z < space.mz; z++)
    for (int y = 0; y < space.my; y++)
      for (int x = 0; x < space.mx; x++, i++)
        for (uint32_t bits = p.base[i].settled; bits != 0; bits &= bits - 1)
          p.queue.push_back({i, x, y, z, 0, uint8_t(std::countr_zero(bits))});
  p.applied.assign(positions, 0);
}

// The queue in order of time: each arrival fires the positions it completes. The first `at_start` items,
// values present at time 0, were fired by apply_at_start and are queued for all-wildcard patterns only.
template <bool backwards, class Bits, class Out>
void drain(Spread<Bits>& p, const std::vector<Rule>& rules, const Shape& space, size_t at_start, Out& out) {
  constexpr size_t kAhead = 8;  // the values around an item are a cache miss: fetch them early
  for (size_t head = 0; head < p.queue.size() && !out.done(); head++) {
    if (head + kAhead < p.queue.size()) __builtin_prefetch(p.base + p.queue[head + kAhead].cell);
    const QueueItem item = p.queue[head];
    for (uint32_t r : p.anywhere) arrive_anywhere(p, r, rules[r], item, space, out, backwards);
    if (head < at_start) continue;
    arrive</*news_first=*/backwards>(p, item, out);
  }
}

// start_of(i): the values cell i has at time 0 (those with potential 0): forward, one value (the
// state's); backward, the cell's future. `goal`: for an estimate (ToEstimate), each cell's goal values.
template <bool backwards, class Bits, class StartFn, class Out>
void propagate_with(int C, int n, const Shape& space, const std::vector<Rule>& rules, uint64_t key, StartFn start_of,
                    Out& out, const ValueSet* goal) {
  constexpr bool one_each = !backwards;  // a cell holds one value at time 0
  Spread<Bits>& p = scratch<Bits>();
  p.queue.clear();
  const int margin = rule_reach(rules, space);
  p.cells.resize(size_t(n) + 2 * size_t(margin));
  p.base = p.cells.data() + margin, p.count = n;
  std::fill(p.cells.begin(), p.cells.begin() + margin, CellValues<Bits>{});
  std::fill(p.cells.end() - margin, p.cells.end(), CellValues<Bits>{});
  std::array<int, 32> holding{};  // a local: counted in the scratch, each count went through memory
  if constexpr (one_each) {
    if (!set_start_values(p, C, n, start_of, out, goal, holding)) return;
  } else {
    set_start_runs(p, n, start_of, holding);
  }
  if (out.done()) return;
  p.holding = holding;
  // After the counts: the index orders its checks by them.
  if (key == 0 || p.indexed != key) index_patterns(p, rules, C, space, backwards);
  p.indexed = key;
  queue_for_anywhere(p, space, rules.size() * size_t(n));
  const size_t at_start = p.queue.size();
  apply_at_start<one_each>(p, rules, space, C, out);
  drain<backwards>(p, rules, space, at_start, out);
}

template <bool backwards, class StartFn, class Out>
void propagate(int C, int n, int mx, int my, int mz, const std::vector<Rule>& rules, uint64_t key, StartFn start_of,
               Out& out, const ValueSet* goal = nullptr) {
  const Shape space{mx, my, mz};
  if (C <= 8) propagate_with<backwards, uint8_t>(C, n, space, rules, key, start_of, out, goal);
  else if (C <= 16) propagate_with<backwards, uint16_t>(C, n, space, rules, key, start_of, out, goal);
  else propagate_with<backwards, uint32_t>(C, n, space, rules, key, start_of, out, goal);
}

}  // namespace

}  // namespace spread

uint64_t new_potentials_key() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

void compute_forward_potentials(Potentials& potentials, const uint8_t* state, int mx, int my, int mz,
                                const std::vector<Rule>& rules, uint64_t key) {
  std::fill(potentials.data.begin(), potentials.data.end(), -1);
  int* data = potentials.data.data();
  const size_t cells = size_t(potentials.cells);
  for (size_t i = 0; i < cells; i++) data[state[i] * cells + i] = 0;
  spread::ToPotentials out{potentials};
  spread::propagate<false>(
      potentials.C, potentials.cells, mx, my, mz, rules, key, [state](int i) { return ValueSet(1u << state[i]); }, out);
}

int forward_estimate(const uint8_t* state, const ValueSet* future, int C, int mx, int my, int mz,
                     const std::vector<Rule>& rules, uint64_t key) {
  spread::ToEstimate out;
  spread::propagate<false>(
      C, mx * my * mz, mx, my, mz, rules, key, [state](int i) { return ValueSet(1u << state[i]); }, out, future);
  return out.failed || out.missing > 0 ? -1 : out.sum;
}

void compute_backward_potentials(Potentials& potentials, const ValueSet* future, int mx, int my, int mz,
                                 const std::vector<Rule>& rules, ValueSet rows) {
  const int cells = potentials.cells;  // a local: the writes below could alias the member
  // The propagation writes the values the rules give (their inputs): those rows are needed whole.
  for (const Rule& rule : rules)
    for (const uint8_t value : rule.binput) rows |= value < potentials.C ? ValueSet(1) << value : 0;
  const ValueSet values = potentials.C >= 32 ? ~ValueSet(0) : ValueSet((1u << potentials.C) - 1u);
  potentials.unset_rows = values & ~rows;
  // By blocks of the future that stay in the L1 cache while every value's row is written: row by
  // row over the whole grid read the future (4 bytes a cell) once per value from memory.
  constexpr int kBlock = 2048;
  for (int start = 0; start < cells; start += kBlock) {
    const int end = std::min(cells, start + kBlock);
    for (ValueSet written = rows & values; written != 0; written &= written - 1) {
      const int c = std::countr_zero(written);
      int* row = potentials[c];
      for (int i = start; i < end; i++) row[i] = (future[i] >> c & 1u) ? 0 : -1;
    }
  }
  spread::ToPotentials out{potentials};
  spread::propagate<true>(
      potentials.C, cells, mx, my, mz, rules, 0, [future, values](int i) { return future[i] & values; }, out);
}

std::vector<int> backward_row(const Potentials& potentials, const ValueSet* future, int c) {
  if (!(potentials.unset_rows >> c & 1u)) return {potentials[c], potentials[c] + potentials.cells};
  std::vector<int> row(size_t(potentials.cells));
  for (size_t i = 0; i < row.size(); i++) row[i] = (future[i] >> c & 1u) ? 0 : -1;
  return row;
}

}  // namespace mj
