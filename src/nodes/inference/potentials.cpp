// Potentials: how many steps of a set of rules it takes to get each value to each cell (forward, from a
// state) or from each value at each cell to a goal (backward), by a propagation in order of time.
#include "nodes/inference/potentials.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <span>

namespace mj {

namespace {

// A non-wildcard cell of a rule side: its offset from the rule's corner on the grid.
struct PatternCell {
  int offset;
  uint32_t bit;  // of its value; 0 for a value outside the alphabet (an empty input wave), never held
  uint8_t value;
  Point at;  // place in the rule
};

// A value that became reachable at a cell at time t, and where that cell is.
struct QueueItem {
  int cell, x, y, z, t;
  uint8_t value;
};

// A cell that a check around an arriving value reads, by its offset from the arriving cell.
struct Probe {
  int delta;
  uint32_t bit;  // the value looked for; 0 for one outside the alphabet
};

// A pattern cell of a rule that waits for a value: what the rule position that its value completes
// checks, its place in the rule and its offset on the grid. The checks are in `probes`: [gives,
// pattern) the other side (the values applying would give), [pattern, end) the other cells of the
// pattern. The arriving cell is left out of the latter, as it has just settled, and out of the
// former: what applying would give there is `gives_here`, checked against that cell's bits at once.
struct Want {
  uint32_t gives, pattern, end;
  uint32_t far_end;  // [gives, far_end): the news probes of a check far from exceptions (index_far)
  uint32_t gives_here;
  uint32_t rule;
  int offset;
  Point at;
  Point fit;  // per axis, the places the rule's corner can take on the grid (0 when it is too large)
  // probes[pattern] again, or one that always holds (the arriving value) for a pattern of one
  // cell: most checks of a search's forward potentials end at it, without the loop's set-up.
  Probe lead;
  uint32_t rest;  // where the pattern's probes after the lead begin
  // The same for the other side: its first probe, or one never news (the arriving value) if none.
  Probe news_lead;
  uint32_t news_rest;
  uint32_t same_lead;  // forward: this want and those after it with the same lead (group_by_lead)
  // Whether the rule fits with this cell of it at (x, y, z): one comparison per axis.
  bool fits(int x, int y, int z) const {
    return (unsigned(x - at.x) < unsigned(fit.x)) & (unsigned(y - at.y) < unsigned(fit.y)) &
           (unsigned(z - at.z) < unsigned(fit.z));
  }
};

// Backward: cells [first, first + length) have the same values at time 0.
struct StartRun {
  int first, length;
  uint32_t values;
};

// What a cell holds as the propagation goes, a bit per value: `settled`, the values it has at time
// 0 or whose arrival has been dequeued; `reached`, those with a potential by now, settled or
// queued. Side by side, as a pattern check and the applying after it read the same cells.
template <class Bits>
struct CellValues {
  Bits settled, reached;
};

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

// Rules apply in potentials when every cell of their pattern (forward the input, backward the
// output; wildcards excepted) holds its value by time t, and then give their other side at t+1.
// The queue is in order of time, so instead of that direct check, a rule position applies when the
// last of its pattern's values is dequeued: then, and at no other dequeue, its whole pattern is
// settled, at the time of its latest value, exactly when the direct check would first succeed. So
// the potentials are the same (and the same whatever the order of the items of one time), and a
// position applies once without being marked. Nearly all values are there from the start (time 0),
// so those are not queued at all: positions complete at time 0 are found directly (apply_at_start).
// The propagation is bound by reading cell values: they are as narrow as the alphabet allows.
template <class Bits>
struct Spread {
  std::vector<QueueItem> queue;
  std::vector<uint8_t> applied;                        // per position and rule, for all-wildcard patterns
  std::vector<Want> wanted;                            // by value: the pattern cells that want it, of every rule
  std::vector<Probe> probes;                           // the checks of every Want, side by side
  std::vector<size_t> wanted_start;                    // value -> first entry in `wanted`
  std::vector<uint32_t> anywhere;                      // the rules whose pattern is all wildcards
  Interior interior;                                   // the cells the largest pattern reaches no edge from
  InteriorCells inside;                                // the same by cell index (apply_at_start)
  std::vector<std::vector<PatternCell>> wants, gives;  // per rule: its pattern and the other side
  std::vector<std::vector<PatternCell>> news;          // per rule: the gives that can be new when it applies
  std::vector<size_t> news_far;                        // per rule: how many of them are read far from exceptions
  // Backward, from the values at time 0: per value, the values missing at some cell holding it, and
  // the values every cell holds; the runs of cells with the same values, and the cells near the
  // few where a value lacks one it implies elsewhere (index_far).
  std::array<uint32_t, 32> absent{};
  uint32_t everywhere = 0;
  std::vector<StartRun> runs;
  std::vector<uint8_t> near;
  // The cells, with a margin of empty ones before and after as wide as a rule reaches: a check
  // whose rule may not fit there can read its cells first (forward: the lead).
  std::vector<CellValues<Bits>> cells;
  CellValues<Bits>* base = nullptr;  // cell 0, past the margin
  int count = 0;                     // cells of the grid
  std::vector<Bits> goal_unmet;      // forward estimates: a cell's goal values while none has reached it, else 0
  std::vector<PatternCell> pivots;   // apply_at_start: per rule, its pattern cell with the rarest value
  std::array<int, 32> holding{};     // how many cells have each value at time 0
  std::vector<int> holders;          // the cells with each pivot value at time 0, by value
  std::vector<int> holders_start;    // value -> first entry in `holders`
  uint64_t indexed = 0;              // the caller's key the index above (wanted .. gives) is for, 0: none
};

// Scratch kept between calls: search computes forward potentials for every state it explores.
template <class Bits>
Spread<Bits>& scratch() {
  thread_local Spread<Bits> p;
  return p;
}

struct Shape {
  int mx, my, mz;
  bool fits(const Rule& rule, int x, int y, int z) const { return fits(rule.in_size, x, y, z); }
  bool fits(const Point& size, int x, int y, int z) const {
    return x >= 0 && y >= 0 && z >= 0 && x + size.x <= mx && y + size.y <= my && z + size.z <= mz;
  }
  bool fits(const Point& size, const Point& at) const { return fits(size, at.x, at.y, at.z); }
  int index(int x, int y, int z) const { return x + y * mx + z * mx * my; }
};

const std::vector<uint8_t>& pattern_of(const Rule& rule, bool backwards) {
  return backwards ? rule.output : rule.binput;
}

std::vector<PatternCell> cells_of(const Rule& rule, const std::vector<uint8_t>& side, int C, const Shape& s) {
  std::vector<PatternCell> cells;
  for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
        const uint8_t value = side[size_t(di)];
        if (value != kKeep) cells.push_back({s.index(dx, dy, dz), value < C ? 1u << value : 0u, value, {dx, dy, dz}});
      }
  return cells;
}

// The values rarest at time 0 first: in a pattern, the likeliest to be missing; on the other
// side, the likeliest not to be reached yet. Either check then ends soonest.
template <class Bits>
void append_probes(Spread<Bits>& p, std::span<const PatternCell> cells, int origin) {
  const size_t first = p.probes.size();
  for (const PatternCell& c : cells) p.probes.push_back({c.offset - origin, c.bit});
  const auto holding = [&](const Probe& probe) {
    return probe.bit == 0 ? 0 : p.holding[size_t(std::countr_zero(probe.bit))];
  };
  std::stable_sort(p.probes.begin() + ptrdiff_t(first), p.probes.end(),
                   [&](const Probe& a, const Probe& b) { return holding(a) < holding(b); });
}

template <class Bits>
Want want_of(Spread<Bits>& p, uint32_t r, const Rule& rule, const PatternCell& c, const Shape& s) {
  const Point fit{std::max(0, s.mx - rule.in_size.x + 1), std::max(0, s.my - rule.in_size.y + 1),
                  std::max(0, s.mz - rule.in_size.z + 1)};
  Want w{uint32_t(p.probes.size()), 0, 0, 0, 0, r, c.offset, c.at, fit, {}, 0, {}, 0, 1};
  // The probes a far check reads, then the others: each part rarest first.
  const std::vector<PatternCell>& news = p.news[r];
  append_probes(p, std::span(news).first(p.news_far[r]), c.offset);
  const size_t far_end = p.probes.size();
  append_probes(p, std::span(news).subspan(p.news_far[r]), c.offset);
  // A value outside the alphabet stays a probe: its bit is 0, and it counts as news.
  const auto here = [](const Probe& g) { return g.delta == 0 && g.bit != 0; };
  const auto gives = p.probes.begin() + w.gives;
  for (auto g = gives; g != p.probes.end(); g++) w.gives_here |= here(*g) ? g->bit : 0;
  w.far_end = uint32_t(far_end - size_t(std::count_if(gives, p.probes.begin() + ptrdiff_t(far_end), here)));
  p.probes.erase(std::remove_if(gives, p.probes.end(), here), p.probes.end());
  w.pattern = uint32_t(p.probes.size());
  w.news_lead = w.pattern > w.gives ? p.probes[w.gives] : Probe{0, c.bit};
  w.news_rest = std::min(w.gives + 1, w.pattern);
  w.far_end = std::max(w.far_end, w.news_rest);
  append_probes(p, p.wants[r], c.offset);
  p.probes.erase(
      std::find_if(p.probes.begin() + w.pattern, p.probes.end(), [](const Probe& q) { return q.delta == 0; }));
  w.end = uint32_t(p.probes.size());
  w.lead = w.end > w.pattern ? p.probes[w.pattern] : Probe{0, c.bit};
  w.rest = std::min(w.pattern + 1, w.end);
  return w;
}

// Backward: the values reached at time 0 at every cell where value q can ever be settled, per q.
// A cell settles q at time 0 or when a rule gives q there, its pattern holding some q' there (or a
// wildcard: any cell): the largest sets with implied[q] within the values of every cell holding q
// at time 0 and within implied[q'] for every such q'. A value a rule gives where its pattern's
// value implies it is never news when the pattern is complete, and the check fires nothing when
// the pattern is not: it is left out of the check (Island: N where the pattern holds W on land).
// `implied` starts as what the cells holding each value at time 0 tell.
template <class Bits>
std::array<uint32_t, 32> implied_at_start(const Spread<Bits>& p, int C, std::array<uint32_t, 32> implied) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t r = 0; r < p.gives.size(); r++)
      for (const PatternCell& g : p.gives[r]) {
        if (g.value >= C) continue;
        const auto q = std::find_if(p.wants[r].begin(), p.wants[r].end(),
                                    [&](const PatternCell& w) { return w.offset == g.offset; });
        if (q != p.wants[r].end() && q->value >= C) continue;  // never settled: the rule never applies
        const uint32_t from = q == p.wants[r].end() ? p.everywhere : implied[q->value];
        const uint32_t next = implied[g.value] & from;
        changed |= next != implied[g.value];
        implied[g.value] = next;
      }
  }
  return implied;
}

// Whether the pattern of rule r implies its give g where they meet (by `implied`).
template <class Bits>
bool implies(const Spread<Bits>& p, size_t r, const PatternCell& g, int C, const std::array<uint32_t, 32>& implied) {
  const auto q =
      std::find_if(p.wants[r].begin(), p.wants[r].end(), [&](const PatternCell& w) { return w.offset == g.offset; });
  return g.value < C && q != p.wants[r].end() && q->value < C && (implied[q->value] >> g.value & 1u);
}

// Implications with a few exceptions (Island: N implies W on land, but a river's spring has N and
// no W): a value's cells at time 0 may lack a value it implies at a few cells in all (`most`).
// Checks around an arrival farther than a rule reaches from every such cell leave those out too
// (p.near: the cells that are not that far). Returns the implications, or `strict` when the
// exceptions are too many (far checks are then whole).
template <class Bits>
std::array<uint32_t, 32> index_far(Spread<Bits>& p, int C, const Shape& s, const Point& reach,
                                   const std::array<uint32_t, 32>& strict) {
  // Few enough that the cells near them are few, and marking them is cheap.
  const int box = (2 * reach.x + 1) * (2 * reach.y + 1) * (2 * reach.z + 1);
  const int most = std::min(256, p.count / (8 * box));
  p.near.clear();
  std::vector<std::pair<uint32_t, int>> kinds;  // the sets of values at time 0, and their cells
  for (const StartRun& run : p.runs) {
    auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == run.values; });
    if (kind == kinds.end()) {
      if (kinds.size() == 64) return strict;
      kind = kinds.insert(kinds.end(), {run.values, 0});
    }
    kind->second += run.length;
  }
  std::array<uint32_t, 32> loose{};
  for (int q = 0; q < C; q++)
    for (int g = 0; g < C; g++) {
      int lacking = 0;
      for (const auto& [values, cells] : kinds) lacking += (values >> q & ~values >> g & 1u) ? cells : 0;
      loose[size_t(q)] |= lacking <= most ? 1u << g : 0u;
    }
  loose = implied_at_start(p, C, loose);
  const auto exception = [&](uint32_t values) {
    for (uint32_t v = values; v != 0; v &= v - 1)
      if (loose[size_t(std::countr_zero(v))] & ~values & ((C >= 32 ? 0u : 1u << C) - 1u)) return true;
    return false;
  };
  int exceptions = 0;
  for (const StartRun& run : p.runs) exceptions += exception(run.values) ? run.length : 0;
  if (exceptions > most) return strict;
  p.near.assign(size_t(p.count), 0);
  for (const StartRun& run : p.runs) {
    if (!exception(run.values)) continue;
    for (int i = run.first; i < run.first + run.length; i++) {
      const int x = i % s.mx, y = i / s.mx % s.my, z = i / (s.mx * s.my);
      for (int nz = std::max(0, z - reach.z); nz <= std::min(s.mz - 1, z + reach.z); nz++)
        for (int ny = std::max(0, y - reach.y); ny <= std::min(s.my - 1, y + reach.y); ny++)
          for (int nx = std::max(0, x - reach.x); nx <= std::min(s.mx - 1, x + reach.x); nx++)
            p.near[size_t(s.index(nx, ny, nz))] = 1;
    }
  }
  return loose;
}

// Per rule, the gives that can be new when it applies (backward: not those its pattern implies at
// time 0), those that checks far from exceptions read first (index_far).
template <class Bits>
void index_news(Spread<Bits>& p, int C, const Shape& s, const Point& reach, bool backwards) {
  p.news_far.clear();
  if (!backwards) {
    p.news = p.gives;
    for (const auto& news : p.news) p.news_far.push_back(news.size());
    return;
  }
  std::array<uint32_t, 32> implied{};
  for (int q = 0; q < C; q++) implied[size_t(q)] = ~p.absent[size_t(q)];
  implied = implied_at_start(p, C, implied);
  const std::array<uint32_t, 32> loose = index_far(p, C, s, reach, implied);
  p.news.resize(p.gives.size());
  for (size_t r = 0; r < p.gives.size(); r++) {
    p.news[r] = p.gives[r];
    std::erase_if(p.news[r], [&](const PatternCell& g) { return implies(p, r, g, C, implied); });
    // Those a far check reads first.
    const auto far = std::stable_partition(p.news[r].begin(), p.news[r].end(),
                                           [&](const PatternCell& g) { return !implies(p, r, g, C, loose); });
    p.news_far.push_back(size_t(far - p.news[r].begin()));
  }
}

// Forward, most checks end at their lead, and the images of rules share leads (the rare value of
// a walk's head next to it): a value's wants are grouped by lead, so that one failed lead skips
// its group. Within one arriving value the order of firings only orders items of one time, which
// changes no potential.
template <class Bits>
void group_by_lead(Spread<Bits>& p) {
  const auto key = [](const Want& w) { return std::pair(w.lead.delta, w.lead.bit); };
  for (size_t v = 0; v + 1 < p.wanted_start.size(); v++) {
    const auto first = p.wanted.begin() + ptrdiff_t(p.wanted_start[v]),
               last = p.wanted.begin() + ptrdiff_t(p.wanted_start[v + 1]);
    std::stable_sort(first, last, [&](const Want& a, const Want& b) { return key(a) < key(b); });
    for (auto w = last; w != first; w--) {
      const auto next = w;
      (w - 1)->same_lead = next != last && key(*next) == key(*(w - 1)) ? next->same_lead + 1 : 1;
    }
  }
}

template <class Bits>
void index_patterns(Spread<Bits>& p, const std::vector<Rule>& rules, int C, const Shape& s, bool backwards) {
  p.wants.clear(), p.gives.clear(), p.news.clear(), p.anywhere.clear();
  p.interior = Interior(input_reach(rules), s.mx, s.my, s.mz);
  p.inside = InteriorCells(p.interior, s.mx, s.my, s.mz);
  for (const Rule& rule : rules) {
    const std::vector<PatternCell>& wants = p.wants.emplace_back(cells_of(rule, pattern_of(rule, backwards), C, s));
    if (wants.empty()) p.anywhere.push_back(uint32_t(p.wants.size() - 1));
    // A value the pattern has at the same cell is settled when the rule applies: it is never given.
    std::vector<PatternCell> gives = cells_of(rule, backwards ? rule.binput : rule.output, C, s);
    std::erase_if(gives, [&](const PatternCell& g) {
      return std::any_of(wants.begin(), wants.end(),
                         [&](const PatternCell& w) { return w.offset == g.offset && w.value == g.value; });
    });
    p.gives.push_back(std::move(gives));
  }
  index_news(p, C, s, input_reach(rules), backwards);
  // wanted: the pattern cells again, bucketed by value, by rule within a value. A value outside
  // the alphabet counts in the pattern but never arrives: it has no bucket.
  p.wanted_start.assign(size_t(C) + 1, 0);
  for (const auto& wants : p.wants)
    for (const PatternCell& c : wants)
      if (c.value < C) p.wanted_start[c.value + 1u]++;
  for (size_t k = 1; k < p.wanted_start.size(); k++) p.wanted_start[k] += p.wanted_start[k - 1];
  p.wanted.resize(p.wanted_start.back());
  p.probes.clear();
  std::vector<size_t> next(p.wanted_start.begin(), p.wanted_start.end() - 1);
  for (size_t r = 0; r < rules.size(); r++)
    for (const PatternCell& c : p.wants[r])
      if (c.value < C) p.wanted[next[c.value]++] = want_of(p, uint32_t(r), rules[r], c, s);
  if (!backwards) group_by_lead(p);
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
  CellValues<Bits>* cells = p.base;
  const ValueSet values = C >= 32 ? ~ValueSet(0) : ValueSet((1u << C) - 1u);
  if constexpr (Out::kEstimate) p.goal_unmet.resize(size_t(n));
  if constexpr (one_each) {
    for (int i = 0; i < n; i++) {
      const Bits present = Bits(start_of(i));
      if constexpr (Out::kEstimate) {
        const ValueSet goal_values = goal[i] & values;
        if (goal_values == 0) return void(out.failed = true);  // no potential can meet it
        const bool met = (goal_values & present) != 0;
        p.goal_unmet[size_t(i)] = met ? 0 : Bits(goal_values);
        out.missing += !met;
      }
      cells[i] = {present, present};
      holding[size_t(std::countr_zero(uint32_t(present)))]++;
    }
  } else {  // a goal's sets come in long runs (seas, land): found by a tight loop, set and counted by run
    p.absent = {}, p.everywhere = ~0u, p.runs.clear();
    for (int i = 0, j = 0; i < n; i = j) {
      const Bits present = Bits(start_of(i));
      for (j = i + 1; j < n && Bits(start_of(j)) == present; j++) {
      }
      std::fill(cells + i, cells + j, CellValues<Bits>{present, present});
      note_run(p, holding, present, j, j - i);
    }
  }
  if (out.done()) return;
  p.holding = holding;
  // After the counts: the index orders its checks by them.
  if (key == 0 || p.indexed != key) index_patterns(p, rules, C, space, backwards);
  p.indexed = key;
  // Values present at time 0 are queued only for all-wildcard patterns, which apply on any value.
  if (!p.anywhere.empty())
    for (int z = 0, i = 0; z < space.mz; z++)
      for (int y = 0; y < space.my; y++)
        for (int x = 0; x < space.mx; x++, i++)
          for (uint32_t bits = p.base[i].settled; bits != 0; bits &= bits - 1)
            p.queue.push_back({i, x, y, z, 0, uint8_t(std::countr_zero(bits))});
  const size_t at_start = p.queue.size();
  if (!p.anywhere.empty()) p.applied.assign(rules.size() * size_t(n), 0);
  apply_at_start<one_each>(p, rules, space, C, out);
  constexpr size_t kAhead = 8;  // the values around an item are a cache miss: fetch them early
  for (size_t head = 0; head < p.queue.size() && !out.done(); head++) {
    if (head + kAhead < p.queue.size()) __builtin_prefetch(p.base + p.queue[head + kAhead].cell);
    const QueueItem item = p.queue[head];
    for (uint32_t r : p.anywhere) arrive_anywhere(p, r, rules[r], item, space, out, backwards);
    if (head < at_start) continue;
    arrive</*news_first=*/backwards>(p, item, out);
  }
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
  ToPotentials out{potentials};
  propagate<false>(
      potentials.C, potentials.cells, mx, my, mz, rules, key, [state](int i) { return ValueSet(1u << state[i]); }, out);
}

int forward_estimate(const uint8_t* state, const ValueSet* future, int C, int mx, int my, int mz,
                     const std::vector<Rule>& rules, uint64_t key) {
  ToEstimate out;
  propagate<false>(
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
  ToPotentials out{potentials};
  propagate<true>(
      potentials.C, cells, mx, my, mz, rules, 0, [future, values](int i) { return future[i] & values; }, out);
}

std::vector<int> backward_row(const Potentials& potentials, const ValueSet* future, int c) {
  if (!(potentials.unset_rows >> c & 1u)) return {potentials[c], potentials[c] + potentials.cells};
  std::vector<int> row(size_t(potentials.cells));
  for (size_t i = 0; i < row.size(); i++) row[i] = (future[i] >> c & 1u) ? 0 : -1;
  return row;
}

int forward_pointwise(const Potentials& potentials, const ValueSet* future) {
  int sum = 0;
  const ValueSet values = potentials.C >= 32 ? ~ValueSet(0) : ValueSet((1u << potentials.C) - 1u);
  for (int i = 0; i < potentials.cells; i++) {
    int best = 1000;
    bool found = false;
    for (ValueSet wanted = future[i] & values; wanted != 0; wanted &= wanted - 1) {  // usually one value
      int p = potentials[std::countr_zero(wanted)][i];
      if (p >= 0 && p < best) best = p, found = true;
    }
    if (!found) return -1;
    sum += best;
  }
  return sum;
}

int backward_pointwise(const Potentials& potentials, const uint8_t* present) {
  int sum = 0;
  for (int i = 0; i < potentials.cells; i++) {
    int p = potentials[present[i]][i];
    if (p < 0) return -1;
    sum += p;
  }
  return sum;
}

}  // namespace mj
