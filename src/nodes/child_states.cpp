#include "nodes/child_states.hpp"

namespace mj {

namespace {

bool matches(const Rule& rule, int x, int y, int z, const uint8_t* state, const Shape& s) {
  if (x + rule.imx > s.mx || y + rule.imy > s.my || z + rule.imz > s.mz) return false;
  for (int dz = 0, di = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++, di++)
        if ((rule.input[size_t(di)] & (1u << state[x + dx + (y + dy) * s.mx + (z + dz) * s.mx * s.my])) == 0)
          return false;
  return true;
}

// The reference's `all` search writes '*' outputs as the value 0xff, which makes it fail right after
// (no potentials for that value); leaving those cells as they are is the only sensible reading.
void apply(const Rule& rule, int x, int y, int z, uint8_t* state, const Shape& s) {
  for (int dz = 0, di = 0; dz < rule.omz; dz++)
    for (int dy = 0; dy < rule.omy; dy++)
      for (int dx = 0; dx < rule.omx; dx++, di++) {
        uint8_t value = rule.output[size_t(di)];
        if (value != kKeep) state[x + dx + (y + dy) * s.mx + (z + dz) * s.mx * s.my] = value;
      }
}

uint8_t* append_copy(const uint8_t* state, int cells, std::vector<uint8_t>& children) {
  size_t offset = children.size();
  children.insert(children.end(), state, state + cells);
  return children.data() + offset;
}

}  // namespace

void one_child_states(const uint8_t* state, const Shape& shape, const std::vector<Rule>& rules,
                      std::vector<uint8_t>& children) {
  for (const Rule& rule : rules)
    for (int z = 0; z < shape.mz; z++)
      for (int y = 0; y < shape.my; y++)
        for (int x = 0; x < shape.mx; x++)
          if (matches(rule, x, y, z, state, shape))
            apply(rule, x, y, z, append_copy(state, shape.cells(), children), shape);
}

void AllChildStates::generate(const uint8_t* state, const Shape& shape, const std::vector<Rule>& rules,
                              std::vector<uint8_t>& children) {
  rules_ = &rules;
  shape_ = shape;
  find_tiles(state, rules);
  solution_.clear();
  stack_.clear();
  enumerate(state, rules, children);
}

// Every match, cells in order and rules in order at each cell.
void AllChildStates::find_tiles(const uint8_t* state, const std::vector<Rule>& rules) {
  const Shape& s = shape_;
  tiles_.clear();
  amounts_.assign(size_t(s.cells()), 0);
  for (int i = 0; i < s.cells(); i++) {
    int x = i % s.mx, y = (i / s.mx) % s.my, z = i / (s.mx * s.my);
    for (int r = 0; r < int(rules.size()); r++)
      if (matches(rules[size_t(r)], x, y, z, state, s)) {
        tiles_.push_back({r, x, y, z});
        add_coverage(tiles_.back(), 1);
      }
  }
  visible_.assign(tiles_.size(), 1);
}

void AllChildStates::enumerate(const uint8_t* state, const std::vector<Rule>& rules,
                               std::vector<uint8_t>& children) {
  int cell = most_covered_cell();
  if (cell < 0) return emit(state, rules, children);

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
    enumerate(state, rules, children);
    for (size_t h = hidden_begin; h < hidden_end; h++) set_visible(stack_[h], true);
    stack_.resize(hidden_begin);
    solution_.pop_back();
  }
  stack_.resize(cover_begin);
}

void AllChildStates::emit(const uint8_t* state, const std::vector<Rule>& rules,
                          std::vector<uint8_t>& children) const {
  uint8_t* child = append_copy(state, shape_.cells(), children);
  for (int l : solution_) {
    const Tile& t = tiles_[size_t(l)];
    apply(rules[size_t(t.r)], t.x, t.y, t.z, child, shape_);
  }
}

// The first cell with the largest positive count, or -1 when no tile is left.
int AllChildStates::most_covered_cell() const {
  int max = 0, argmax = -1;
  for (int i = 0; i < int(amounts_.size()); i++)
    if (amounts_[size_t(i)] > max) max = amounts_[size_t(i)], argmax = i;
  return argmax;
}

bool AllChildStates::covers(const Tile& t, int i) const {
  const Rule& rule = (*rules_)[size_t(t.r)];
  int x = i % shape_.mx, y = (i / shape_.mx) % shape_.my, z = i / (shape_.mx * shape_.my);
  return t.x <= x && x < t.x + rule.imx && t.y <= y && y < t.y + rule.imy && t.z <= z && z < t.z + rule.imz;
}

bool AllChildStates::overlap(const Tile& a, const Tile& b) const {
  const Rule& ra = (*rules_)[size_t(a.r)];
  const Rule& rb = (*rules_)[size_t(b.r)];
  return a.x < b.x + rb.imx && b.x < a.x + ra.imx && a.y < b.y + rb.imy && b.y < a.y + ra.imy &&
         a.z < b.z + rb.imz && b.z < a.z + ra.imz;
}

void AllChildStates::set_visible(int l, bool visible) {
  visible_[size_t(l)] = visible;
  add_coverage(tiles_[size_t(l)], visible ? 1 : -1);
}

void AllChildStates::add_coverage(const Tile& t, int incr) {
  const Rule& rule = (*rules_)[size_t(t.r)];
  for (int dz = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++)
        amounts_[size_t(t.x + dx + (t.y + dy) * shape_.mx + (t.z + dz) * shape_.mx * shape_.my)] += incr;
}

}  // namespace mj
