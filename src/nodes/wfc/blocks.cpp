// Modifying in blocks (Merrell's model synthesis; Kleineberg's endless WFC): what a backtracking collapse
// does once it has undone kMostUndoneChoices observations. Where a pattern may neighbour itself on every
// side (a tileset's Empty tile), the ground is a valid collapse: that pattern in every cell farther than a
// box's half side from the cells the start wave keeps from it, those near them collapsed as before. From
// there the collapse solves one box of the grid after another with the rest as it stands, sweeping the grid
// in overlapping boxes; a box whose collapse fails keeps what it held. Every box leaves the wave a valid
// collapse, so the end is one too: the collapse always finishes. Undoing observations could not close waves
// that wrap, whose last cells must fit cells decided long before (PeriodicEscher at 32, OrientedEscher at 24,
// PillarsOfEternity at 36); the boxes meet no such seam unsolved.
#include <algorithm>
#include <cstring>

#include "nodes/wfc/wfc_node.hpp"

namespace mj::wfc {

namespace {

// The half side of a box; boxes are centred every kBlockRadius + 1 cells along each axis, so that
// neighbouring boxes overlap and what one box starts the next may go on with.
constexpr int kBlockRadius = 3;
// Observations a box's collapse may undo before the box keeps what it held; the ground's collapse (of the
// cells near those that may not take the ground pattern, erasing around its contradictions as a
// backtracking collapse does) ten times as many.
constexpr int kBlockShare = 1000;
constexpr int kGroundShare = 10 * kBlockShare;
constexpr int kGroundTries = 8;

}  // namespace

// A pattern that may neighbour itself on every side, or -1.
int WfcNode::ground_pattern() const {
  const Propagator& p = model.propagator;
  for (int t = 0; t < model.patterns; t++) {
    bool ground = true;
    for (int d = 0; d < p.directions() && ground; d++) {
      const std::span<const int> allowed = p.allowed(d, t);
      ground = std::find(allowed.begin(), allowed.end(), t) != allowed.end();
    }
    if (ground) return t;
  }
  return -1;
}

// The ground: every cell farther than a box's half side from the cells the start wave keeps from the ground
// pattern (a pinned cell, an input's other tile) takes it; the cells left are collapsed next
// (ground_collapse). False when there is no such pattern or it contradicts at once.
bool WfcNode::begin_blocks() {
  const int ground = ground_pattern();
  if (ground < 0) return false;
  restart_wave();
  trail_.begin(wave);
  const std::vector<uint8_t> near = near_cells_without(ground);
  for (int i = 0; i < wave.cells(); i++)
    if (observable_[size_t(i)] && !near[size_t(i)] && wave.remaining(i) > 1) {
      trail_.choices.push_back({i, ground, true});
      make(trail_.choices.back());
    }
  if (!propagation_.propagate(wave)) return false;
  propagation_.forget_changes();
  for (int i = 0; i < wave.cells(); i++) rescan(i);
  trail_.begin_from(wave, std::move(trail_.choices));
  seeking_.block = 0;
  seeking_.grounding = true;
  undo_limit_ = undone_ + kGroundShare;
  longest_ = trail_.choices.size();
  stuck_ = 0;
  erased_ = true;  // the end replays the wave as it stands (settle_replay)
  return true;
}

// Per cell: whether a cell within kBlockRadius of it (along each axis) may not take pattern t in the
// start wave. The box around each such cell, axis by axis.
std::vector<uint8_t> WfcNode::near_cells_without(int t) const {
  const Space& s = space_;
  std::vector<uint8_t> near(size_t(s.size())), next(size_t(s.size()));
  for (int i = 0; i < s.size(); i++) near[size_t(i)] = !start_wave_.allows(i, t);
  const int sides[3] = {s.mx, s.my, s.mz}, strides[3] = {1, s.mx, s.mx * s.my};
  for (int axis = 0; axis < 3; axis++) {
    const int m = sides[axis], stride = strides[axis];
    const int reach = std::min(kBlockRadius, m);
    std::fill(next.begin(), next.end(), uint8_t(0));
    for (int i = 0; i < s.size(); i++) {
      if (!near[size_t(i)]) continue;
      const int at = i / stride % m, row = i - at * stride;
      for (int d = -reach; d <= reach; d++) {
        int v = at + d;
        if (s.periodic) v = (v % m + m) % m;
        if (v >= 0 && v < m) next[size_t(row + v * stride)] = 1;
      }
    }
    near.swap(next);
  }
  return near;
}

// The cells the ground left open, collapsed with the rest as it stands (again, with the next draws,
// up to kGroundTries times); false when that keeps failing (the wave has no ground).
bool WfcNode::ground_collapse(Run& run) {
  while (!observe_open_cells(run))
    if (++seeking_.ground_tries == kGroundTries || !begin_blocks()) return false;
  kept_.assign(wave.allowances(), wave.allowances() + size_t(wave.cells()) * size_t(model.patterns));
  seeking_.grounding = false;
  return true;
}

// How far apart two cells are for an erased box. A wave that wraps along z is swept twice: in cubes,
// then in columns that take the whole of z, as what wraps around it may be one structure
// (PillarsOfEternity's pillars go all the way round: a cube could only hold the ground there, while
// PeriodicEscher's columns are too large to collapse where its cubes do).
int WfcNode::box_distance(int a, int b) const { return space_.distance(a, b, seeking_.block < cubes()); }

// The cells box_distance puts at most `radius` from `centre`, in cell order.
void WfcNode::box_cells(int centre, int radius, std::vector<int>& out) const {
  space_.cells_within(centre, radius, seeking_.block < cubes(), out);
}

namespace {

int boxes_along(int m) { return (m + kBlockRadius) / (kBlockRadius + 1); }

}  // namespace

int WfcNode::cubes() const { return boxes_along(space_.mx) * boxes_along(space_.my) * boxes_along(space_.mz); }

// The cubes, z slowest, then y, then x (a wave without a third dimension has one layer of them), then
// in a wave that wraps along z, the columns.
int WfcNode::blocks() const {
  const bool columns = space_.periodic && space_.mz > 1;
  return cubes() + (columns ? boxes_along(space_.mx) * boxes_along(space_.my) : 0);
}

int WfcNode::block_centre(int block) const {
  const int step = kBlockRadius + 1, bx = boxes_along(space_.mx), by = boxes_along(space_.my);
  if (block >= cubes()) block -= cubes();
  const int x = block % bx * step, y = block / bx % by * step, z = block / (bx * by) * step;
  return x + space_.mx * (y + space_.my * z);
}

// Solves the boxes from the one under way on; the wave ends a valid collapse.
void WfcNode::modify_in_blocks(Run& run) {
  Seeking& s = seeking_;
  for (; s.block < blocks(); s.block++) {
    if (!s.collapsing) {
      s.collapsing = true;
      undo_limit_ = undone_ + kBlockShare;
      radius_ = kBlockRadius;
      if (!erase_box(block_centre(s.block))) {
        restore_kept();
        s.collapsing = false;
        continue;
      }
      longest_ = trail_.choices.size();
      stuck_ = 0;
    }
    if (observe_open_cells(run)) keep_block(block_centre(s.block));
    else restore_kept();
    s.collapsing = false;
  }
  trail_.choices.clear();  // the replay observes every cell as the wave holds it
  finish_backtracked_collapse();
}

// The box's cells, as its collapse decided them, join kept_.
void WfcNode::keep_block(int centre) {
  touched_.clear();
  box_cells(centre, kBlockRadius + kMargin, touched_);
  for (int i : touched_) std::copy_n(wave.allowances() + kept_row(i), model.patterns, kept_.data() + kept_row(i));
}

// A box's collapse failed: the wave goes back to kept_ (the cells the failure changed take their kept
// patterns again, with their counts), and so do the trail's choices: every cell it decided observed.
void WfcNode::restore_kept() {
  // The cells the last propagation changed too: the scan has not seen them since.
  const std::span<const int> changed = propagation_.changed();
  touched_.assign(changed.begin(), changed.end());
  const size_t patterns = size_t(model.patterns);
  for (int i = 0; i < wave.cells(); i++)
    if (std::memcmp(wave.allowances() + kept_row(i), kept_.data() + kept_row(i), patterns) != 0) touched_.push_back(i);
  for (int i : touched_) std::copy_n(kept_.data() + kept_row(i), patterns, trail_.shadow(i));
  restore(touched_);
  trail_.choices.clear();
  for (int i = 0; i < wave.cells(); i++)
    if (observable_[size_t(i)] && wave.remaining(i) == 1)
      for (int t = 0; t < model.patterns; t++)
        if (wave.allows(i, t)) trail_.choices.push_back({i, t, true});
  trail_.begin_from(wave, std::move(trail_.choices));
}

}  // namespace mj::wfc
