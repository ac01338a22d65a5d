#include "nodes/inference/child_states.hpp"

#include "core/wave_scan.hpp"
#include "nodes/pins.hpp"

namespace mj {

ChildStates::ChildStates(const Shape& shape, const std::vector<Rule>& rules, int values)
    : shape_(shape), values_(values), rules_(rules) {
  for (const Rule& rule : rules) {
    Pattern& pattern = patterns_.emplace_back();
    // With 32 values the reference's wildcard is the empty wave, which matches nothing: keep it.
    const ValueSet any = all_values(rule.values);
    for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
      for (int dy = 0; dy < rule.in_size.y; dy++)
        for (int dx = 0; dx < rule.in_size.x; dx++, di++)
          if (ValueSet w = rule.input[size_t(di)]; w != any || any == 0) {
            pattern.cells.push_back({shape.index(dx, dy, dz), w});
            pattern.positions.push_back({dx, dy, dz});
          }
  }
}

namespace {

bool matches_at(const std::vector<std::pair<int, ValueSet>>& pattern, const uint8_t* origin) {
  for (const auto& [offset, wave] : pattern)
    if ((wave & (1u << origin[offset])) == 0) return false;
  return true;
}

}  // namespace

bool ChildStates::matches(int r, int x, int y, int z, const uint8_t* state) const {
  const Rule& rule = rules_[size_t(r)];
  if (x + rule.in_size.x > shape_.mx || y + rule.in_size.y > shape_.my || z + rule.in_size.z > shape_.mz) return false;
  return matches_at(patterns_[size_t(r)].cells, state + shape_.index(x, y, z)) && (!pins_ || !breaks_pins(r, x, y, z));
}

bool ChildStates::breaks_pins(int r, int x, int y, int z) const {
  const Rule& rule = rules_[size_t(r)];
  for (int dz = 0, di = 0; dz < rule.out_size.z; dz++)
    for (int dy = 0; dy < rule.out_size.y; dy++)
      for (int dx = 0; dx < rule.out_size.x; dx++, di++) {
        const uint8_t value = rule.output[size_t(di)];
        if (value != kKeep && breaks_pin(pins_, shape_.index(x + dx, y + dy, z + dz), value)) return true;
      }
  return false;
}

// The reference's `all` search writes '*' outputs as the value 0xff, which makes it fail right after
// (no potentials for that value); leaving those cells as they are is the only sensible reading.
void ChildStates::apply(int r, int x, int y, int z, uint8_t* state) const {
  const Rule& rule = rules_[size_t(r)];
  for (int dz = 0, di = 0; dz < rule.out_size.z; dz++)
    for (int dy = 0; dy < rule.out_size.y; dy++)
      for (int dx = 0; dx < rule.out_size.x; dx++, di++) {
        uint8_t value = rule.output[size_t(di)];
        if (value != kKeep) state[shape_.index(x + dx, y + dy, z + dz)] = value;
      }
}

void ChildStates::apply(const Tile& t, uint8_t* state) const { apply(t.r, t.x, t.y, t.z, state); }

uint8_t* ChildStates::append_copy(const uint8_t* state, std::vector<uint8_t>& children) const {
  size_t offset = children.size();
  children.insert(children.end(), state, state + shape_.cells());
  return children.data() + offset;
}

// Positions where the rule does not fit never match, so the loops stop short of them. Only the
// positions whose rarest input cell (by the state's value counts) accepts its value are checked:
// found row by row, left to right, or, when fewer cells hold that value than there are rows, from
// the list of those cells, in the same order (a walk's search has one head cell in the grid).
void ChildStates::one(const uint8_t* state, std::vector<uint8_t>& children) const {
  const std::array<int, 256> count = value_histogram(state, size_t(shape_.cells()), values_);
  holders_listed_ = 0;
  for (int r = 0; r < int(rules_.size()); r++) {
    const Rule& rule = rules_[size_t(r)];
    const Pattern& pattern = patterns_[size_t(r)];
    const size_t pivot = rarest_cell(pattern, count);
    const Point q = pivot < pattern.positions.size() ? pattern.positions[pivot] : Point{};
    const ValueSet wave = pivot < pattern.cells.size() ? pattern.cells[pivot].second : ~ValueSet(0);
    const auto try_at = [&](int x, int y, int z) {
      if (matches_at(pattern.cells, state + shape_.index(x, y, z)) && (!pins_ || !breaks_pins(r, x, y, z)))
        apply(r, x, y, z, append_copy(state, children));
    };
    if (pivot < pattern.cells.size() && cells_holding(wave, count) < (long long)shape_.my * shape_.mz) {
      const int plane = shape_.mx * shape_.my;
      for (const int cell : holders_of(wave, state)) {
        const int x = cell % shape_.mx - q.x, y = cell % plane / shape_.mx - q.y, z = cell / plane - q.z;
        if (x >= 0 && y >= 0 && z >= 0 && x + rule.in_size.x <= shape_.mx && y + rule.in_size.y <= shape_.my &&
            z + rule.in_size.z <= shape_.mz)
          try_at(x, y, z);
      }
      continue;
    }
    for (int z = 0; z + rule.in_size.z <= shape_.mz; z++)
      for (int y = 0; y + rule.in_size.y <= shape_.my; y++) {
        const uint8_t* row = state + shape_.index(0, y + q.y, z + q.z);
        for_each_in_wave(row, q.x, q.x + shape_.mx - rule.in_size.x + 1, wave, [&](int cx) { try_at(cx - q.x, y, z); });
      }
  }
}

// The cells of `state` holding a value of `wave`, in order; listed once per call of one() and wave.
const std::vector<int>& ChildStates::holders_of(ValueSet wave, const uint8_t* state) const {
  for (size_t k = 0; k < holders_listed_; k++)
    if (holders_[k].first == wave) return holders_[k].second;
  if (holders_listed_ == holders_.size()) holders_.emplace_back();
  auto& entry = holders_[holders_listed_++];  // its vector kept from earlier calls
  std::vector<int>& cells = entry.second;
  entry.first = wave, cells.clear();
  for_each_in_wave(state, 0, shape_.cells(), wave, [&](int i) { cells.push_back(i); });
  return cells;
}

// The input cell whose accepted values the fewest cells hold; past the end for an empty pattern.
size_t ChildStates::rarest_cell(const Pattern& pattern, const std::array<int, 256>& count) const {
  size_t rarest = pattern.cells.size();
  long long fewest = -1;
  for (size_t k = 0; k < pattern.cells.size(); k++) {
    const long long holding = cells_holding(pattern.cells[k].second, count);
    if (fewest < 0 || holding < fewest) fewest = holding, rarest = k;
  }
  return rarest;
}

void ChildStates::all(const uint8_t* state, std::vector<uint8_t>& children) {
  find_tiles(state);
  solution_.clear();
  stack_.clear();
  enumerate(state, children);
}

// Every match, cells in order and rules in order at each cell.
void ChildStates::find_tiles(const uint8_t* state) {
  tiles_.clear();
  amounts_.assign(size_t(shape_.cells()), 0);
  for (int i = 0; i < shape_.cells(); i++) {
    int x = i % shape_.mx, y = (i / shape_.mx) % shape_.my, z = i / (shape_.mx * shape_.my);
    for (int r = 0; r < int(rules_.size()); r++)
      if (matches(r, x, y, z, state)) {
        tiles_.push_back({r, x, y, z});
        add_coverage(tiles_.back(), 1);
      }
  }
  visible_.assign(tiles_.size(), 1);
}

void ChildStates::enumerate(const uint8_t* state, std::vector<uint8_t>& children) {
  int cell = most_covered_cell();
  if (cell < 0) {
    uint8_t* child = append_copy(state, children);
    for (int l : solution_) apply(tiles_[size_t(l)], child);
    return;
  }

  size_t cover_begin = stack_.size();
  for (int l = 0; l < int(tiles_.size()); l++)
    if (visible_[size_t(l)] && covers(tiles_[size_t(l)], cell)) stack_.push_back(l);
  size_t cover_end = stack_.size();

  for (size_t k = cover_begin; k < cover_end; k++) {
    const Tile chosen = tiles_[size_t(stack_[k])];
    solution_.push_back(stack_[k]);
    size_t hidden_begin = stack_.size();
    for (int l = 0; l < int(tiles_.size()); l++)
      if (visible_[size_t(l)] && overlap(chosen, tiles_[size_t(l)])) stack_.push_back(l);
    size_t hidden_end = stack_.size();
    for (size_t h = hidden_begin; h < hidden_end; h++) set_visible(stack_[h], false);
    enumerate(state, children);
    for (size_t h = hidden_begin; h < hidden_end; h++) set_visible(stack_[h], true);
    stack_.resize(hidden_begin);
    solution_.pop_back();
  }
  stack_.resize(cover_begin);
}

// The first cell with the largest positive count, or -1 when no tile is left.
int ChildStates::most_covered_cell() const {
  int max = 0, argmax = -1;
  for (int i = 0; i < int(amounts_.size()); i++)
    if (amounts_[size_t(i)] > max) max = amounts_[size_t(i)], argmax = i;
  return argmax;
}

bool ChildStates::covers(const Tile& t, int i) const {
  const Rule& rule = rules_[size_t(t.r)];
  int x = i % shape_.mx, y = (i / shape_.mx) % shape_.my, z = i / (shape_.mx * shape_.my);
  return t.x <= x && x < t.x + rule.in_size.x && t.y <= y && y < t.y + rule.in_size.y && t.z <= z &&
         z < t.z + rule.in_size.z;
}

bool ChildStates::overlap(const Tile& a, const Tile& b) const {
  const Rule& ra = rules_[size_t(a.r)];
  const Rule& rb = rules_[size_t(b.r)];
  return a.x < b.x + rb.in_size.x && b.x < a.x + ra.in_size.x && a.y < b.y + rb.in_size.y && b.y < a.y + ra.in_size.y &&
         a.z < b.z + rb.in_size.z && b.z < a.z + ra.in_size.z;
}

void ChildStates::set_visible(int l, bool visible) {
  visible_[size_t(l)] = visible;
  add_coverage(tiles_[size_t(l)], visible ? 1 : -1);
}

void ChildStates::add_coverage(const Tile& t, int incr) {
  const Rule& rule = rules_[size_t(t.r)];
  for (int dz = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++) amounts_[size_t(shape_.index(t.x + dx, t.y + dy, t.z + dz))] += incr;
}

}  // namespace mj
