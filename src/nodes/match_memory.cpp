#include "nodes/match_memory.hpp"

#include <algorithm>
#include <cstring>

#include "core/grid_diff.hpp"

namespace mj {

void MatchMemory::enable(size_t rules, size_t cells) {
  rules_ = rules, cells_ = cells;
  enabled_ = rules * cells <= kMaxFlags;
}

void MatchMemory::remember(const Grid& grid, std::vector<ScanMatch>& found) {
  for (const ScanMatch& m : known_) flags_.reset(m.r, grid.index(m.x, m.y, m.z));
  known_.clear();
  if (too_dense(found.size(), cells_)) {
    snapshot_.clear();
    return;
  }
  if (flags_.empty()) flags_.resize(rules_, cells_);
  for (const ScanMatch& m : found) flags_.set(m.r, grid.index(m.x, m.y, m.z));
  known_.swap(found);
  snapshot_ = grid.state;
}

bool MatchMemory::update(const Grid& grid, const std::vector<RulePattern>& patterns) {
  if (snapshot_.size() != cells_ || grid.state.size() != cells_ || !find_changes(grid.state)) return false;
  if (changed_.empty()) return true;
  drop_broken(grid, patterns);
  find_fresh(grid, patterns);
  std::sort(fresh_.begin(), fresh_.end());
  merged_.resize(known_.size() + fresh_.size());
  std::merge(known_.begin(), known_.end(), fresh_.begin(), fresh_.end(), merged_.begin());
  known_.swap(merged_);
  for (int i : changed_) snapshot_[size_t(i)] = grid.state[size_t(i)];
  return true;
}

// Gives up past an eighth of the grid: a full scan is cheaper then.
bool MatchMemory::find_changes(const std::vector<uint8_t>& state) {
  return find_changed_cells(state.data(), snapshot_.data(), cells_, cells_ / 8 + 16, changed_);
}

void MatchMemory::drop_broken(const Grid& grid, const std::vector<RulePattern>& patterns) {
  size_t kept = 0;
  for (const ScanMatch& m : known_) {
    int corner = grid.index(m.x, m.y, m.z);
    if (patterns[size_t(m.r)].holds(grid.state.data(), corner)) known_[kept++] = m;
    else flags_.reset(m.r, corner);
  }
  known_.resize(kept);
}

// A match that is new since the snapshot contains a changed cell, whose value it accepts.
void MatchMemory::find_fresh(const Grid& grid, const std::vector<RulePattern>& patterns) {
  fresh_.clear();
  Point reach;  // the largest pattern, less one cell: cells farther from the faces need no bounds checks
  for (const RulePattern& p : patterns) reach = {std::max(reach.x, p.imx - 1), std::max(reach.y, p.imy - 1), std::max(reach.z, p.imz - 1)};
  const uint8_t* state = grid.state.data();
  for (int i : changed_) {
    const Point c = grid.point(i);
    const bool inside = boxes_inside(reach, c.x, c.y, c.z, grid.mx, grid.my, grid.mz);
    const uint8_t value = state[i];
    for (int r = 0; r < int(patterns.size()); r++) {
      const RulePattern& p = patterns[size_t(r)];
      for (uint32_t k = p.shift_start[value], end = p.shift_start[value + 1u]; k < end; k++) {
        const Point s = p.shifts[k];
        if (!inside && !p.fits(c.x - s.x, c.y - s.y, c.z - s.z, grid)) continue;
        const int corner = i - p.shift_offsets[k];
        if (!p.holds(state, corner) || flags_.test(r, corner)) continue;
        flags_.set(r, corner);
        fresh_.push_back({p.scan_key(c.x - s.x, c.y - s.y, c.z - s.z, grid), r, c.x - s.x, c.y - s.y, c.z - s.z});
      }
    }
  }
}

}  // namespace mj
