#include "nodes/map/periodic_match.hpp"

#include <algorithm>
#include <array>

#include "core/wave_scan.hpp"
#include "mj/error.hpp"

namespace mj {

size_t wrapped_index(const Grid& g, int x, int y, int z, int line) {
  x = wrap_past_end(x, g.mx), y = wrap_past_end(y, g.my), z = wrap_past_end(z, g.mz);
  if (x >= g.mx || y >= g.my || z >= g.mz) throw Error("", line, "map: a rule is larger than the grid");
  return size_t(g.index(x, y, z));
}

bool PeriodicMatch::fits_grid(const Rule& rule) const {
  return rule.in_size.x <= grid_->mx && rule.in_size.y <= grid_->my && rule.in_size.z <= grid_->mz;
}

void PeriodicMatch::compile(const std::vector<Rule>& rules, const Grid& grid, int line) {
  rules_ = &rules, grid_ = &grid, line_ = line;
  Point reach;
  for (const Rule& rule : rules)
    if (fits_grid(rule))
      reach = {std::max(reach.x, rule.in_size.x - 1), std::max(reach.y, rule.in_size.y - 1),
               std::max(reach.z, rule.in_size.z - 1)};
  const auto volume = [](long long x, long long y, long long z) { return x * y * z; };
  const bool pads =
      volume(grid.mx + reach.x, grid.my + reach.y, grid.mz + reach.z) <= 2 * volume(grid.mx, grid.my, grid.mz) + 1024;
  if (!pads) reach = {};
  padded_.mx = grid.mx + reach.x, padded_.my = grid.my + reach.y, padded_.mz = grid.mz + reach.z;
  padded_.values = grid.values;
  padded_.state.resize(size_t(padded_.mx) * size_t(padded_.my) * size_t(padded_.mz));
  for (const Rule& rule : rules) {
    patterns_.push_back(compile_rule(rule, padded_));
    on_padded_.push_back(pads && fits_grid(rule));
    padding_used_ = padding_used_ || on_padded_.back();
  }
}

void PeriodicMatch::take_grid() {
  if (padding_used_) pad();
  choose_pivots();
  group_pivots();
}

void PeriodicMatch::pad() {
  const Grid& g = *grid_;
  uint8_t* cell = padded_.state.data();
  const int reach = padded_.mx - g.mx;  // at most g.mx: a rule wider than the grid is read cell by cell
  for (int z = 0; z < padded_.mz; z++)
    for (int y = 0; y < padded_.my; y++) {
      const uint8_t* row = g.state.data() + g.index(0, wrap_past_end(y, g.my), wrap_past_end(z, g.mz));
      cell = std::copy(row, row + g.mx, cell);
      cell = std::copy(row, row + reach, cell);
    }
}

// A rule read cell by cell, wrapping once.
bool PeriodicMatch::matches_wrapped(const Rule& rule, int x, int y, int z) const {
  for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
        uint8_t v = grid_->state[wrapped_index(*grid_, x + dx, y + dy, z + dz, line_)];
        if ((rule.input[size_t(di)] & (1u << v)) == 0) return false;
      }
  return true;
}

// Per rule, the input cell whose accepted values the fewest cells of the grid hold now.
void PeriodicMatch::choose_pivots() {
  const std::array<int, 256> count = value_histogram(grid_->state.data(), grid_->state.size(), grid_->values);
  pivots_.assign(patterns_.size(), 0);
  for (size_t r = 0; r < patterns_.size(); r++) {
    long long fewest = -1;
    for (size_t k = 0; k < patterns_[r].cells.size(); k++) {
      const long long holding = cells_holding(patterns_[r].cells[k].wave, count);
      if (fewest < 0 || holding < fewest) fewest = holding, pivots_[r] = k;
    }
  }
}

// Gives each rule matched by its pivot the group of rules with the same pivot, and lists the
// positions that pass each group's pivot, each group with one scan.
void PeriodicMatch::group_pivots() {
  group_of_.assign(patterns_.size(), 0);
  group_count_ = 0;
  for (size_t r = 0; r < patterns_.size(); r++) {
    if (!on_padded_[r] || patterns_[r].cells.empty()) continue;
    const ValueSet wave = patterns_[r].cells[pivots_[r]].wave;
    const Point at = patterns_[r].positions[pivots_[r]];
    size_t g = 0;
    while (g < group_count_ && !(groups_[g].wave == wave && groups_[g].at == at)) g++;
    if (g == group_count_) {
      if (g == groups_.size()) groups_.emplace_back();
      groups_[g].wave = wave, groups_[g].at = at;
      list_candidates(groups_[g]);
      group_count_++;
    }
    group_of_[r] = g;
  }
}

// One scan of the padded grid from the pivot's place at the grid's corner to its place at the far
// corner, in index order (z, y, x, the order rules apply in); the cells it passes in the padding
// are not positions of the grid, and are left out when they hold a pivot value.
void PeriodicMatch::list_candidates(PivotGroup& group) const {
  group.candidates.clear();
  const Point q = group.at;
  const int mx = grid_->mx, my = grid_->my, mz = grid_->mz;
  const int first = padded_.index(q.x, q.y, q.z), last = padded_.index(q.x + mx - 1, q.y + my - 1, q.z + mz - 1);
  for_each_in_wave(padded_.state.data(), first, last + 1, group.wave, [&](int i) {
    const int row = i / padded_.mx, x = i - row * padded_.mx - q.x, y = row % padded_.my - q.y;
    if (x >= 0 && x < mx && y >= 0 && y < my) group.candidates.push_back({i - first, {x, y, row / padded_.my - q.z}});
  });
}

}  // namespace mj
