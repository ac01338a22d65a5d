#include "nodes/rules/match_memory.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace mj {

void MatchMemory::enable(size_t rules, size_t cells) {
  rules_ = rules, cells_ = cells;
  enabled_ = rules * cells <= kMaxFlags;
}

void MatchMemory::remember(const ChangeCursor& scanned, std::vector<ScanMatch>& found) {
  for (const ScanMatch& m : known_) flags_.reset(m.r, m.corner);
  known_.clear();
  if (too_dense(found.size(), cells_)) {
    taken_ = {};
    return;
  }
  if (flags_.empty()) flags_.resize(rules_, cells_);
  for (const ScanMatch& m : found) flags_.set(m.r, m.corner);
  known_.swap(found);
  taken_ = scanned;
}

// Past an eighth of the grid's cells in writes, a full scan is cheaper.
bool MatchMemory::update(const Grid& grid, const ChangeLog& log, const std::vector<RulePattern>& patterns,
                         const Openings& openings, OpeningMasks& masks, const InteriorCells& interior) {
  if (taken_.epoch == 0 || grid.state.size() != cells_ ||
      !log.changed_since(taken_, grid.state.data(), cells_, cells_ / 8 + 16, changed_))
    return false;
  taken_ = log.now();
  if (changed_.empty()) return true;
  drop_broken(grid, patterns);
  find_fresh(grid, openings, masks, interior);
  std::sort(fresh_.begin(), fresh_.end());
  merged_.resize(known_.size() + fresh_.size());
  std::merge(known_.begin(), known_.end(), fresh_.begin(), fresh_.end(), merged_.begin());
  known_.swap(merged_);
  return true;
}

void MatchMemory::drop_broken(const Grid& grid, const std::vector<RulePattern>& patterns) {
  size_t kept = 0;
  for (const ScanMatch& m : known_) {
    if (patterns[size_t(m.r)].holds(grid.state.data(), m.corner)) known_[kept++] = m;
    else flags_.reset(m.r, m.corner);
  }
  known_.resize(kept);
}

// A match that is new since the remembered scan contains a changed cell, whose value it accepts: it is
// one of the openings of that value around the cell.
void MatchMemory::find_fresh(const Grid& grid, const Openings& openings, OpeningMasks& masks,
                             const InteriorCells& interior) {
  fresh_.clear();
  const uint8_t* state = grid.state.data();
  const PointOfCell point_of(grid);
  for (const Change& change : changed_) {
    const int i = change.cell;
    const Point c = point_of(i);
    const bool inside = interior.contains(i);
    const uint8_t value = state[i];
    const Opening* first = openings.items.data() + openings.start[value];
    if (inside && masks.checks(value)) {
      for (uint64_t holding = masks.holding(state, i, value); holding != 0; holding &= holding - 1)
        note_fresh(grid, first[std::countr_zero(holding)], c, i);
      continue;
    }
    for (const Opening* o = first; o != openings.items.data() + openings.start[value + 1u]; o++) {
      if (!inside && !o->pattern->fits(c.x - o->shift.x, c.y - o->shift.y, c.z - o->shift.z, grid)) continue;
      if (o->holds(state, i)) note_fresh(grid, *o, c, i);
    }
  }
}

void MatchMemory::note_fresh(const Grid& grid, const Opening& o, const Point& c, int cell) {
  const int corner = cell - o.offset;
  if (flags_.test(o.r, corner)) return;
  flags_.set(o.r, corner);
  const Point at{c.x - o.shift.x, c.y - o.shift.y, c.z - o.shift.z};
  fresh_.push_back({o.pattern->scan_key(at.x, at.y, at.z, grid), o.r, corner});
}

}  // namespace mj
