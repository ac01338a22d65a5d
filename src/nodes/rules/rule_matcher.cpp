// How a rule node finds its rules' matches: a full scan of the grid (bit scans, or from the cells of
// a rule's rarest input value), or a scan around the cells changed since it last looked.
#include "nodes/rules/rule_matcher.hpp"

#include <algorithm>
#include <bit>

#include "core/wave_scan.hpp"
#include "nodes/pins.hpp"

namespace mj {

void RuleMatcher::load(const std::vector<Rule>& rules, const Grid& grid, Taker* taker) {
  rules_ = &rules, grid_ = &grid, taker_ = taker;
  for (const Rule& rule : rules) patterns_.push_back(compile_rule(rule, grid));
  for (const Rule& rule : rules) outputs_.push_back(rule_outputs(rule, grid));
  point_of_ = PointOfCell(grid);
  all_single_ = std::all_of(patterns_.begin(), patterns_.end(), [](const RulePattern& p) { return p.single; });
  memory_.enable(rules.size(), size_t(grid.size()));
}

bool RuleMatcher::breaks_pins(int rule, int corner) const {
  for (const RuleOutput& o : outputs_[size_t(rule)])
    if (breaks_pin(pins_, corner + o.offset, o.value)) return true;
  return false;
}

void RuleMatcher::clear() {
  if (size_t(count_) < listed_.sparse_below())
    for (int k = 0; k < count_; k++) listed_.reset(matches_[size_t(k)].rule, matches_[size_t(k)].corner);
  else if (count_ != 0) listed_.clear();
  count_ = 0;
}

void RuleMatcher::restart() {
  forget();
  count_ = 0;
  listed_ = {};  // made again on the first scan, as after load()
  dense_ = false;
  memory_ = {};
  memory_.enable(rules().size(), size_t(grid_->size()));
}

// Lists every cell one-cell rule r accepts, and returns their number.
size_t RuleMatcher::list_cells(int r) {
  size_t found = 0;
  const ValueSet accepted = patterns_[size_t(r)].accepted;
  for (int z = 0; z < grid_->mz; z++)
    for (int y = 0; y < grid_->my; y++) {
      const int row = grid_->index(0, y, z);
      for_each_in_wave(grid_->state.data() + row, 0, grid_->mx, accepted, [&](int x) {
        list(r, row + x);
        found++;
      });
    }
  return found;
}

// Looks for new matches only around the cells changed since this node last matched. The grid
// does not change meanwhile, so a position of a large rule is checked once per scan however many
// changed cells its window holds.
void RuleMatcher::scan_changes(Run& run) {
  if (!openings_indexed_) prepare_openings();
  if (large_rules_ && checked_.empty()) checked_.resize(rules().size(), size_t(grid_->size()));
  if (pins_) scan_changes_as<true>(run);
  else scan_changes_as<false>(run);
  for (size_t w : checked_words_) checked_.clear_word(w);
  checked_words_.clear();
}

template <bool kPinned>
void RuleMatcher::scan_changes_as(Run& run) {
  const bool large = large_rules_;
  if (cover_) large ? scan_changes_with<true, true, kPinned>(run) : scan_changes_with<true, false, kPinned>(run);
  else large ? scan_changes_with<false, true, kPinned>(run) : scan_changes_with<false, false, kPinned>(run);
}

template <bool kCover, bool kLarge, bool kPinned>
void RuleMatcher::scan_changes_with(Run& run) {
  // Locals: listing a match writes memory the compiler cannot tell apart from these.
  const uint8_t* state = grid_->state.data();
  const InteriorCells::View interior = inside_->view();
  const int* changes = run.changes.written();
  const size_t begin = size_t(rescan_from_), end = run.changes.size();
  for (size_t n = begin; n < end; n++) {
    const int cell = changes[n];
    if (cell < 0) continue;                       // hidden: the reference does not list it (change_log.hpp)
    if (kCover && seen_[size_t(cell)]) continue;  // changed twice: its positions were all visited
    const uint8_t value = state[cell];
    // Away from the edges every rule position around the cell lies inside the grid.
    const bool inside = interior.contains(cell);
    if (inside && opening_masks_.checks(value)) {
      const Opening* first = openings_.items.data() + openings_.start[value];
      for (uint64_t holding = opening_masks_.holding(state, cell, value); holding != 0; holding &= holding - 1) {
        const Opening& o = first[std::countr_zero(holding)];
        if (!listed_.test(o.r, cell - o.offset)) list<kPinned>(o.r, cell - o.offset);
      }
    } else {
      visit_openings<kCover, kLarge, kPinned>(cell, value, inside);
    }
    if (kCover) seen_[size_t(cell)] = 1;
  }
  if (kCover)
    for (size_t n = begin; n < end; n++)
      if (changes[n] >= 0) seen_[size_t(changes[n])] = 0;
}

// The rule positions around a changed cell that its value opens, each checked whole (near an edge,
// where some do not fit, or for a value the masks do not check).
template <bool kCover, bool kLarge, bool kPinned>
void RuleMatcher::visit_openings(int cell, uint8_t value, bool inside) {
  const Grid& g = *grid_;
  const uint8_t* state = g.state.data();
  const Point c = point_of_(cell);
  const auto visit = [&](const Opening& o) {
    const int corner = cell - o.offset;
    if (!inside && !o.pattern->fits(c.x - o.shift.x, c.y - o.shift.y, c.z - o.shift.z, g)) return;
    const auto note_word = [&](size_t w) { checked_words_.push_back(w); };
    if (kLarge && o.large && checked_.test_and_set(o.r, corner, note_word)) return;
    if (o.holds(state, cell) && !listed_.test(o.r, corner)) list<kPinned>(o.r, corner);
  };
  if constexpr (kCover) {
    const auto [first, last] = covered(covered_axes(c, cell), value);
    for (uint32_t k = first; k < last; k++) visit(*covered_items_[k]);
  } else {
    const Opening* openings = openings_.items.data();
    for (uint32_t k = openings_.start[value], last = openings_.start[value + 1u]; k < last; k++) visit(openings[k]);
  }
}

// Bit a: the neighbour before the cell along axis a changed earlier in this scan; bit 3 + a: the
// one after. A rule position covering both was visited for that neighbour (and listed if it
// holds), so only positions starting (or ending) at the cell's coordinate on that axis are new.
int RuleMatcher::covered_axes(const Point& c, int cell) const {
  const Grid& g = *grid_;
  const int layer = g.mx * g.my;
  const uint8_t* seen = seen_.data() + cell;
  return (c.x > 0 && seen[-1]) | (c.y > 0 && seen[-g.mx]) << 1 | (c.z > 0 && seen[-layer]) << 2 |
         (c.x + 1 < g.mx && seen[1]) << 3 | (c.y + 1 < g.my && seen[g.mx]) << 4 | (c.z + 1 < g.mz && seen[layer]) << 5;
}

void RuleMatcher::prepare_openings() {
  const auto large = [](const RulePattern& p) { return p.cells.size() > Opening::kLargePattern; };
  large_rules_ = std::any_of(patterns_.begin(), patterns_.end(), large);
  const Openings& all = openings_ = mj::index_openings(rules(), patterns_, *grid_);
  // Covering pays where a changed cell opens many positions; for a few it costs more than it saves.
  int values = 0;
  for (size_t v = 0; v + 1 < all.start.size(); v++) values += all.start[v + 1] > all.start[v];
  cover_ = all.items.size() > size_t(kCoverFrom) * size_t(values);
  openings_indexed_ = true;
  inside_ = &grid_->interior_cells(input_reach(rules()));
  opening_masks_.reset(&openings_, grid_->values);
  if (!cover_) return;
  seen_.assign(size_t(grid_->size()), 0);
  covered_items_.clear();
  covered_ranges_.assign(64 * size_t(grid_->values), kNotCovered);
}

// A rule matches at most once per grid cell that holds a value its rarest input cell accepts (a
// one-cell rule exactly once): a full scan's list is given that size at once, up to a bound,
// rather than doubled, and copied, a dozen times on a large grid. Pages never written cost nothing.
void RuleMatcher::reserve_matches(const std::array<int, 256>& histogram) {
  constexpr size_t kMaxReserved = size_t(1) << 20;  // matches: 8 MiB
  size_t total = size_t(count_);
  for (const RulePattern& p : patterns_) {
    long long fewest = grid_->size();  // an input of wildcards only matches everywhere
    for (const RulePattern::Cell& c : p.cells) fewest = std::min(fewest, cells_holding(c.wave, histogram));
    total += size_t(fewest);
  }
  matches_.reserve(std::min(total, kMaxReserved));
}

// Every cell a one-cell rule accepts is a match of its own: handed on in one pass when streaming.
void RuleMatcher::scan_single(int r) {
  if (stream_) {
    streamed_ += taker_ ? taker_->take_cells(*stream_, r) : list_cells(r);
    return;
  }
  for (int z = 0; z < grid_->mz; z++)
    for (int y = 0; y < grid_->my; y++) scan_row(r, y, z);
}

// The matches of a one-cell rule in one row: every cell it accepts, left to right.
void RuleMatcher::scan_row(int r, int y, int z) {
  const RulePattern& p = patterns_[size_t(r)];
  const int row = grid_->index(0, y, z);
  for_each_in_wave(grid_->state.data() + row, 0, grid_->mx, p.accepted, [&](int x) { found({row + x, r, row + x}); });
}

// A bit scan costs an AND per input cell and word of corners; scanning the cells that one input
// cell (the pivot) accepts costs a match test for each, and then sorting what it finds into the
// lattice order. Returns the pivot worth using, or -1 for the bit scan.
int RuleMatcher::cheaper_pivot(int r, const std::array<int, 256>& histogram) const {
  const RulePattern& p = patterns_[size_t(r)];
  if (p.volume() == 1 || p.cells.empty()) return -1;
  // A row of corners costs about as much as sixteen ANDs besides its own.
  const long long rows = (long long)std::max(grid_->my - p.in_size.y + 1, 0) * std::max(grid_->mz - p.in_size.z + 1, 0);
  const long long bits =
      rows * ((grid_->mx - p.in_size.x + 64) / 64 * (long long)p.cells.size() + 16) + grid_->size() / 16;
  int best = -1;
  long long best_count = bits / 4;  // a test and the sorting cost several ANDs
  for (size_t k = 0; k < p.cells.size(); k++) {
    const long long count = cells_holding(p.cells[k].wave, histogram);
    if (count < best_count) best = int(k), best_count = count;
  }
  return best;
}

// Finds rule r's matches from the cells its pivot input cell accepts (the run's listing of cells
// by value, cells_by_value.hpp), then sorts them into the lattice order. The pivot holds
// by construction: when it is the first cell holds() would test, the test starts after it.
void RuleMatcher::scan_from_pivot(int r, int pivot, const CellsByValue& cells) {
  const RulePattern& p = patterns_[size_t(r)];
  const Grid& g = *grid_;
  if (g.mx < p.in_size.x || g.my < p.in_size.y || g.mz < p.in_size.z) return;
  // The corners that fit: one unsigned comparison per axis.
  const unsigned last_x = unsigned(g.mx - p.in_size.x), last_y = unsigned(g.my - p.in_size.y),
                 last_z = unsigned(g.mz - p.in_size.z);
  const size_t skipped = !p.checks.empty() && p.checks[0].offset == p.cells[size_t(pivot)].offset;
  const uint8_t* state = g.state.data();
  const Point q = p.positions[size_t(pivot)];
  const size_t first = scan_.size();
  for (ValueSet values = p.cells[size_t(pivot)].wave; values != 0; values &= values - 1) {
    const size_t v = size_t(std::countr_zero(values));
    for (const Point *at = cells.begin(v), *end = cells.end(v); at != end; at++) {
      const Point c = *at;
      const int sx = c.x - q.x, sy = c.y - q.y, sz = c.z - q.z;
      if (unsigned(sx) > last_x || unsigned(sy) > last_y || unsigned(sz) > last_z) continue;
      const int corner = g.index(sx, sy, sz);
      if (p.holds_from(skipped, state, corner)) scan_.push_back({p.scan_key(sx, sy, sz, g), r, corner});
    }
  }
  std::sort(scan_.begin() + std::ptrdiff_t(first), scan_.end());
  if (!stream_) return;
  for (size_t k = first; k < scan_.size(); k++) deliver(*stream_, scan_[k].r, scan_[k].corner);
  streamed_ += scan_.size() - first;
  scan_.resize(first);
}

// Finds every match, in the reference's order: rule, then lattice cell (a match of an a x b x c
// rule contains exactly one cell of the lattice with that spacing), then the lattice cell's place
// in the rule. The random choices made from the matches depend on that order.
void RuleMatcher::full_scan(Workspace& workspace, const ChangeLog& log, const ChangeCursor& scanned) {
  scan_.clear();
  streamed_ = 0;
  const bool listing = stream_ && !taker_;
  if (all_single_) {  // then neither pivots nor (but for the list's size) value counts are needed
    if (listing) reserve_matches(workspace.counts.at(*grid_, log, scanned));
    for (int r = 0; r < int(rules().size()); r++) scan_single(r);
    return;
  }
  const std::array<int, 256>& histogram = workspace.counts.at(*grid_, log, scanned);
  if (listing) reserve_matches(histogram);
  pivots_.resize(rules().size());
  ValueSet needed = 0;
  for (size_t r = 0; r < rules().size(); r++) {
    patterns_[r].order_checks(histogram);
    pivots_[r] = cheaper_pivot(int(r), histogram);
    if (pivots_[r] >= 0) needed |= patterns_[r].cells[size_t(pivots_[r])].wave;
  }
  if (needed != 0) workspace.cells.list(*grid_, log, scanned, needed, histogram);
  bool bits_loaded = false;
  for (int r = 0; r < int(rules().size()); r++) {
    const RulePattern& p = patterns_[size_t(r)];
    if (p.single) {
      scan_single(r);
    } else if (pivots_[size_t(r)] >= 0) {
      scan_from_pivot(r, pivots_[size_t(r)], workspace.cells);
    } else {
      if (!bits_loaded) workspace.bits.load(*grid_, histogram), bits_loaded = true;
      scan_bits(r, workspace.bits, histogram);
    }
  }
}

// A full scan's result, from the memory of the previous one when that is cheaper. When the result
// will not be remembered (too dense last time, or a node's first scan), matches go straight to
// the list or the taker as the scan finds them, without a list of them in between.
void RuleMatcher::scan_grid(Run& run) {
  // The flags are made on the first scan: many nodes of a large model never run.
  if (!taker_ && listed_.empty()) listed_.resize(rules().size(), size_t(grid_->size()));
  count_ = 0;
  const ChangeCursor scanned = run.changes.now();  // prl logs its writes as it takes matches
  if (dense_ || !memory_.enabled() || !memory_.keeps_next_scan()) {
    stream_ = &run;
    full_scan(run.workspace, run.changes, scanned);
    stream_ = nullptr;
    dense_ = MatchMemory::too_dense(streamed_, size_t(grid_->size()));
    return;
  }
  if (!openings_indexed_) prepare_openings();
  if (memory_.update(*grid_, run.changes, patterns_, openings_, opening_masks_, *inside_)) {
    for (const ScanMatch& m : memory_.matches()) deliver(run, m.r, m.corner);
    return;
  }
  full_scan(run.workspace, run.changes, scanned);
  for (const ScanMatch& m : scan_) deliver(run, m.r, m.corner);
  dense_ = MatchMemory::too_dense(scan_.size(), size_t(grid_->size()));
  memory_.remember(scanned, scan_);
}

}  // namespace mj
