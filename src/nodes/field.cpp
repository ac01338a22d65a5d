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

bool Field::compute(int* potential, const Grid& grid, std::vector<int>& queue) const {
  queue.clear();
  for (int i = 0; i < grid.size(); i++) {
    bool is_zero = (zero & (1u << grid.state[size_t(i)])) != 0;
    potential[i] = is_zero ? 0 : -1;
    if (is_zero) queue.push_back(i);
  }
  if (queue.empty()) return false;
  const int mx = grid.mx, my = grid.my, mz = grid.mz, layer = mx * my;
  auto visit = [&](int j, int t) {
    if (potential[j] == -1 && (substrate & (1u << grid.state[size_t(j)])) != 0) {
      potential[j] = t;
      queue.push_back(j);
    }
  };
  for (size_t head = 0; head < queue.size(); head++) {
    int i = queue[head], t = potential[i] + 1;
    int x = i % mx, y = (i % layer) / mx, z = i / layer;
    if (x > 0) visit(i - 1, t);
    if (x < mx - 1) visit(i + 1, t);
    if (y > 0) visit(i - mx, t);
    if (y < my - 1) visit(i + mx, t);
    if (z > 0) visit(i - layer, t);
    if (z < mz - 1) visit(i + layer, t);
  }
  return true;
}

std::optional<int> delta_pointwise(const uint8_t* state, const Rule& rule, int x, int y, int z,
                                   const std::vector<std::optional<Field>>& fields, const Potentials& potentials,
                                   int mx, int my) {
  int sum = 0;
  for (int dz = 0, di = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++, di++) {
        uint8_t new_value = rule.output[size_t(di)];
        if (new_value == kKeep || (rule.input[size_t(di)] & (1u << new_value)) != 0) continue;
        int i = x + dx + (y + dy) * mx + (z + dz) * mx * my;
        int new_potential = potentials[new_value][i];
        if (new_potential == -1) return std::nullopt;
        uint8_t old_value = state[i];
        int old_potential = potentials[old_value][i];
        sum += new_potential - old_potential;
        if (!fields.empty()) {
          if (fields[old_value] && fields[old_value]->inversed) sum += 2 * old_potential;
          if (fields[new_value] && fields[new_value]->inversed) sum -= 2 * new_potential;
        }
      }
  return sum;
}

}  // namespace mj
