#include "nodes/rules/openings.hpp"

#include <algorithm>

namespace mj {

namespace {

Opening make_opening(const RulePattern& p, int r, Point shift, const Grid& grid) {
  Opening o{r, grid.index(shift.x, shift.y, shift.z), 0, {}, {}, &p, shift, p.cells.size() > Opening::kLargePattern};
  for (size_t c = 0; c < p.cells.size() && o.count >= 0; c++) {
    if (p.positions[c] == o.shift) continue;
    if (o.count == Opening::kInlineCells) o.count = -1;
    else o.cell_offsets[o.count] = p.cells[c].offset - o.offset, o.waves[o.count++] = p.cells[c].wave;
  }
  return o;
}

// Calls f(offset from the changed cell, wave) for every input cell of the opening's rule but the
// changed cell's own.
template <class F>
void for_other_cells(const Opening& o, F&& f) {
  const RulePattern& p = *o.pattern;
  for (size_t c = 0; c < p.cells.size(); c++)
    if (!(p.positions[c] == o.shift)) f(p.cells[c].offset - o.offset, p.cells[c].wave);
}

// The distinct offsets of the other cells of `count` openings; false when there are more than `max`.
bool other_offsets(const Opening* openings, uint32_t count, size_t max, std::vector<int>& offsets) {
  offsets.clear();
  for (uint32_t k = 0; k < count && offsets.size() <= max; k++) {
    if (openings[k].pattern->cells.size() > max + 1) return false;
    for_other_cells(openings[k], [&](int offset, ValueSet) {
      if (std::find(offsets.begin(), offsets.end(), offset) == offsets.end()) offsets.push_back(offset);
    });
  }
  return offsets.size() <= max;
}

}  // namespace

Openings index_openings(const std::vector<Rule>& rules, const std::vector<RulePattern>& patterns, const Grid& grid) {
  Openings all;
  const size_t values = size_t(grid.values);  // no cell holds any other value
  std::vector<ShiftLists> shifts;
  size_t count = 0;
  for (const Rule& rule : rules) {
    shifts.push_back(rule.input_shifts());
    for (size_t v = 0; v < std::min(values, shifts.back().size()); v++) count += shifts.back()[v].size();
  }
  all.items.reserve(count);  // exactly: 3D nodes with large rules open thousands of positions
  all.start.resize(values + 1);
  for (size_t v = 0; v < values; v++) {
    all.start[v] = uint32_t(all.items.size());
    for (size_t r = 0; r < rules.size(); r++)
      if (v < shifts[r].size())
        for (const Point& shift : shifts[r][v]) all.items.push_back(make_opening(patterns[r], int(r), shift, grid));
  }
  all.start[values] = uint32_t(all.items.size());
  return all;
}

void add_covered_openings(const Openings& all, int axes, int value, std::vector<const Opening*>& out) {
  const auto covered = [axes](const Opening& o) {
    const Point& s = o.shift;
    const Point last = {o.pattern->in_size.x - 1, o.pattern->in_size.y - 1, o.pattern->in_size.z - 1};
    return !((axes & 1) && s.x != 0) && !((axes & 2) && s.y != 0) && !((axes & 4) && s.z != 0) &&
           !((axes & 8) && s.x != last.x) && !((axes & 16) && s.y != last.y) && !((axes & 32) && s.z != last.z);
  };
  for (uint32_t k = all.start[size_t(value)]; k < all.start[size_t(value) + 1]; k++)
    if (covered(all.items[k])) out.push_back(&all.items[k]);
}

void OpeningMasks::reset(const Openings* openings, int values) {
  openings_ = openings, values_ = values;
  offsets_.clear(), masks_.clear();
  groups_.assign(size_t(values), Group{});
}

bool OpeningMasks::prepare(uint8_t value) {
  Group& group = groups_[value];
  group.state = kUnchecked;
  const Opening* first = openings_->items.data() + openings_->start[value];
  const uint32_t count = openings_->start[value + 1u] - openings_->start[value];
  std::vector<int> offsets;
  // An AND per offset costs about half a test per opening (which often stops at its first cell).
  if (count == 0 || count > 64 || !other_offsets(first, count, std::min<size_t>(kMaxOffsets, 2 * count), offsets))
    return false;
  group.state = kChecked;
  group.all = count == 64 ? ~uint64_t(0) : (uint64_t(1) << count) - 1;
  // Per offset, `values_` masks of all the openings; then each cell rules its opening out for the
  // values it does not accept at its offset.
  const size_t base = masks_.size(), padded = (offsets.size() + 3) / 4 * 4;
  group.first = uint32_t(offsets_.size());
  offsets_.insert(offsets_.end(), offsets.begin(), offsets.end());
  offsets_.resize(offsets_.size() + padded - offsets.size(), 0);
  group.end = uint32_t(offsets_.size());
  masks_.resize(base + padded * size_t(values_), group.all);
  for (uint32_t k = 0; k < count; k++)
    for_other_cells(first[k], [&](int offset, ValueSet wave) {
      const size_t j = size_t(std::find(offsets.begin(), offsets.end(), offset) - offsets.begin());
      for (int u = 0; u < values_; u++)
        if ((wave >> u & 1u) == 0) masks_[base + j * size_t(values_) + size_t(u)] &= ~(uint64_t(1) << k);
    });
  return true;
}

}  // namespace mj
