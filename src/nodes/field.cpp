#include "nodes/field.hpp"

namespace mj {

Field::Field(const XmlElement& e, const Grid& grid)
    : recompute(e.boolean("recompute", false)), essential(e.boolean("essential", false)) {
  substrate = grid.wave(e.str("on"), e);
  auto from = e.text("from");
  inversed = from.has_value();
  if (!from && !e.has("to")) e.fail("<field> needs 'to' or 'from'");
  zero = grid.wave(from ? *from : e.str("to"), e);
}

// Locals throughout: writes to the int potentials could otherwise alias the grid's int members.
bool Field::compute(int* potential, const Grid& grid, std::vector<Point>& queue) const {
  queue.clear();
  const uint8_t* state = grid.state.data();
  const int mx = grid.mx, my = grid.my, mz = grid.mz, layer = mx * my;
  const Wave zero_values = zero, substrate_values = substrate;
  for (int z = 0, i = 0; z < mz; z++)
    for (int y = 0; y < my; y++)
      for (int x = 0; x < mx; x++, i++) {
        const bool is_zero = (zero_values >> state[i] & 1u) != 0;
        potential[i] = is_zero ? 0 : -1;
        if (is_zero) queue.push_back({x, y, z});
      }
  if (queue.empty()) return false;
  auto visit = [&](int j, int x, int y, int z, int t) {
    if (potential[j] == -1 && (substrate_values >> state[j] & 1u) != 0) {
      potential[j] = t;
      queue.push_back({x, y, z});
    }
  };
  // The queue keeps coordinates: recovering them from an index would take three divisions.
  for (size_t head = 0; head < queue.size(); head++) {
    const auto [x, y, z] = queue[head];
    const int i = x + y * mx + z * layer, t = potential[i] + 1;
    if (x > 0) visit(i - 1, x - 1, y, z, t);
    if (x < mx - 1) visit(i + 1, x + 1, y, z, t);
    if (y > 0) visit(i - mx, x, y - 1, z, t);
    if (y < my - 1) visit(i + mx, x, y + 1, z, t);
    if (z > 0) visit(i - layer, x, y, z - 1, t);
    if (z < mz - 1) visit(i + layer, x, y, z + 1, t);
  }
  return true;
}

std::vector<RuleWrite> rule_writes(const Rule& rule, const Grid& grid) {
  std::vector<RuleWrite> writes;
  for (int dz = 0, di = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++, di++) {
        uint8_t value = rule.output[size_t(di)];
        if (value == kKeep || (rule.input[size_t(di)] & (1u << value)) != 0) continue;
        writes.push_back({grid.index(dx, dy, dz), value});
      }
  return writes;
}

uint32_t inversed_values(const std::vector<std::optional<Field>>& fields) {
  uint32_t bits = 0;
  for (size_t v = 0; v < fields.size() && v < 32; v++)
    if (fields[v] && fields[v]->inversed) bits |= 1u << v;
  return bits;
}

}  // namespace mj
