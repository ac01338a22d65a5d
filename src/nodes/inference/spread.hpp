// The state of a propagation of potentials (a Spread), and the index of the rules' patterns it
// reads: built in pattern_index.cpp (with implications.cpp), read in potentials.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/point.hpp"
#include "core/rule.hpp"

namespace mj::spread {

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

// The grid's shape: where a rule fits, and a cell's index.
struct Shape {
  int mx, my, mz;
  bool fits(const Rule& rule, int x, int y, int z) const { return fits(rule.in_size, x, y, z); }
  bool fits(const Point& size, int x, int y, int z) const {
    return x >= 0 && y >= 0 && z >= 0 && x + size.x <= mx && y + size.y <= my && z + size.z <= mz;
  }
  bool fits(const Point& size, const Point& at) const { return fits(size, at.x, at.y, at.z); }
  int index(int x, int y, int z) const { return x + y * mx + z * mx * my; }
};

// Indexes `rules` for a propagation (Spread's wanted .. gives, anywhere, interior), its checks
// ordered by p.holding. `backwards`: the patterns are the rules' outputs, not their inputs.
template <class Bits>
void index_patterns(Spread<Bits>& p, const std::vector<Rule>& rules, int C, const Shape& s, bool backwards);
// Per rule, the gives that can be new when it applies (backward: not those its pattern implies at
// time 0), those that checks far from exceptions read first (index_far).
template <class Bits>
void index_news(Spread<Bits>& p, int C, const Shape& s, const Point& reach, bool backwards);

}  // namespace mj::spread
