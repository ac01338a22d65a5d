#include "nodes/inference/field.hpp"

#include <algorithm>
#include <array>

namespace mj {

Field::Field(const XmlElement& e, const Grid& grid)
    : recompute(e.boolean("recompute", false)), essential(e.boolean("essential", false)) {
  substrate = grid.wave(e.str("on"), e);
  auto from = e.text("from");
  inversed = from.has_value();
  if (!from && !e.has("to")) e.fail("<field> needs 'to' or 'from'");
  zero = grid.wave(from ? *from : e.str("to"), e);
}

namespace {

struct Neighbours {
  int mx, my, mz;
  // Calls f(cell, x, y, z) for each neighbour of (x, y, z) inside the grid.
  template <class F>
  void each(int i, int x, int y, int z, F&& f) const {
    const int layer = mx * my;
    if (x > 0) f(i - 1, x - 1, y, z);
    if (x < mx - 1) f(i + 1, x + 1, y, z);
    if (y > 0) f(i - mx, x, y - 1, z);
    if (y < my - 1) f(i + mx, x, y + 1, z);
    if (z > 0) f(i - layer, x, y, z - 1);
    if (z < mz - 1) f(i + layer, x, y, z + 1);
  }
};

}  // namespace

// Locals throughout: writes to the int potentials could otherwise alias the grid's int members.
bool Field::compute(int* potential, const Grid& grid, std::vector<int>& queue) const {
  // Every cell enters the queue at most once: sized for all of them once per run, it never moves
  // (and so never faults in its pages twice over), and is written through a plain index (with
  // push_back the search stayed out of line in WebAssembly, at a third of native code's speed).
  const int cells = grid.size();
  if (queue.size() < size_t(cells)) queue.resize(size_t(cells));
  const int zeros = start_distances(potential, grid, queue.data());
  if (zeros > 0) spread_distances(potential, grid, queue.data(), zeros);
  for (int i = 0; i < cells; i++) potential[i] = std::max(potential[i], -1);  // kBlocked cells become -1
  return zeros > 0;
}

// Cells that are neither zero nor substrate start at kBlocked, so that the search reads one value per
// neighbour (is it -1: substrate not reached yet). The zero cells are queued: their number.
int Field::start_distances(int* potential, const Grid& grid, int* q) const {
  const uint8_t* state = grid.state.data();
  const int cells = grid.size();
  std::array<int, 256> start;
  for (int v = 0; v < 256; v++)
    start[size_t(v)] = v < 32 && (zero >> v & 1u) ? 0 : v < 32 && (substrate >> v & 1u) ? -1 : kBlocked;
  int tail = 0;
  for (int i = 0; i < cells; i++) {
    potential[i] = start[state[i]];
    q[tail] = i, tail += potential[i] == 0;
  }
  return tail;
}

// Breadth first from the `tail` cells queued, over the substrate cells not reached yet (-1).
void Field::spread_distances(int* potential, const Grid& grid, int* q, int tail) const {
  const Neighbours around{grid.mx, grid.my, grid.mz};
  const PointOfCell point_of(grid);
  // A cell off every edge has all its neighbours: one bit tells, where the point of the cell and a
  // bounds check per neighbour took a third of the search.
  const bool d3 = grid.mz > 1;
  const InteriorCells::View inside = grid.interior_cells({1, 1, d3 ? 1 : 0}).view();
  const int width = grid.mx, layer = grid.mx * grid.my;
  for (int head = 0; head < tail; head++) {
    const int i = q[head], t = potential[i] + 1;
    const auto reach = [&](int j) {
      if (potential[j] != -1) return;
      potential[j] = t;
      q[tail++] = j;
    };
    if (inside.contains(i)) {  // in Neighbours::each's order
      reach(i - 1), reach(i + 1), reach(i - width), reach(i + width);
      if (d3) reach(i - layer), reach(i + layer);
      continue;
    }
    const Point p = point_of(i);
    around.each(i, p.x, p.y, p.z, [&](int j, int, int, int) { reach(j); });
  }
}

// The changed cells give seeds: new zero cells at 0, new substrate cells one past their nearest
// neighbour. From the seeds in order of distance, merged with the queue of cells lowered since
// (itself in order of distance), each lowered cell offers its distance + 1 to its neighbours:
// Dijkstra's order, so a cell is final when taken and is passed on once per lowering.
bool Field::update(int* potential, const Grid& grid, const std::vector<Change>& changed, std::vector<Lowered>& seeds,
                   std::vector<Lowered>& queue) const {
  const uint8_t* state = grid.state.data();
  const Neighbours around{grid.mx, grid.my, grid.mz};
  const auto in = [](ValueSet wave, uint8_t value) { return (wave >> value & 1u) != 0; };
  seeds.clear();
  for (const Change& change : changed) {
    const int i = change.cell;
    const bool was_zero = in(zero, change.before), is_zero = in(zero, state[i]);
    if (was_zero && !is_zero) return false;
    if (!is_zero && !in(substrate, state[i]) && potential[i] > 0) return false;  // a reached cell blocks
    const Point c = grid.point(i);
    if (is_zero) {
      if (!was_zero) potential[i] = 0, seeds.push_back({i, c.x, c.y, c.z, 0});
      continue;
    }
    if (!in(substrate, state[i]) || in(substrate, change.before)) continue;
    int nearest = -1;
    around.each(i, c.x, c.y, c.z, [&](int j, int, int, int) {
      if (potential[j] >= 0 && (nearest < 0 || potential[j] < nearest)) nearest = potential[j];
    });
    if (nearest >= 0) potential[i] = nearest + 1, seeds.push_back({i, c.x, c.y, c.z, nearest + 1});
  }
  std::stable_sort(seeds.begin(), seeds.end(), [](const Lowered& a, const Lowered& b) { return a.t < b.t; });
  queue.clear();
  size_t next_seed = 0, head = 0;
  while (next_seed < seeds.size() || head < queue.size()) {
    const bool from_seed = head == queue.size() || (next_seed < seeds.size() && seeds[next_seed].t < queue[head].t);
    const Lowered cell = from_seed ? seeds[next_seed++] : queue[head++];
    if (potential[cell.cell] != cell.t) continue;  // lowered again since it was queued
    around.each(cell.cell, cell.x, cell.y, cell.z, [&](int j, int x, int y, int z) {
      if (!in(substrate, state[j]) || (potential[j] != -1 && potential[j] <= cell.t + 1)) return;
      potential[j] = cell.t + 1;
      queue.push_back({j, x, y, z, cell.t + 1});
    });
  }
  return true;
}

std::vector<RuleWrite> rule_writes(const Rule& rule, const Grid& grid) {
  std::vector<RuleWrite> writes;
  for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
        uint8_t value = rule.output[size_t(di)];
        if (value == kKeep || (rule.input[size_t(di)] & (1u << value)) != 0) continue;
        writes.push_back({grid.index(dx, dy, dz), value});
      }
  return writes;
}

ValueSet rows_read_by_deltas(const std::vector<Rule>& rules) {
  ValueSet rows = 0;
  for (const Rule& rule : rules)
    for (size_t di = 0; di < rule.output.size(); di++) {
      const uint8_t value = rule.output[di];
      if (value == kKeep || (rule.input[di] & (1u << value)) != 0) continue;  // as rule_writes
      rows |= (ValueSet(1) << value) | rule.input[di];
    }
  return rows;
}

uint32_t inversed_values(const std::vector<std::optional<Field>>& fields) {
  uint32_t bits = 0;
  for (size_t v = 0; v < fields.size() && v < 32; v++)
    if (fields[v] && fields[v]->inversed) bits |= 1u << v;
  return bits;
}

}  // namespace mj
