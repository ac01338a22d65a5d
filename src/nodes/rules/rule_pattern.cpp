#include "nodes/rules/rule_pattern.hpp"

#include <algorithm>

#include "core/wave_scan.hpp"

namespace mj {

RulePattern compile_rule(const Rule& rule, const Grid& grid) {
  RulePattern c;
  c.in_size = rule.in_size;
  // Cells that accept every value always match; an alphabet of 32 keeps them (its '*' is empty).
  const ValueSet every = all_values(grid.values);
  for (int dz = 0, di = 0; dz < rule.in_size.z; dz++)
    for (int dy = 0; dy < rule.in_size.y; dy++)
      for (int dx = 0; dx < rule.in_size.x; dx++, di++) {
        ValueSet w = rule.input[size_t(di)];
        if (every != 0 && (w & every) == every) continue;
        c.cells.push_back({grid.index(dx, dy, dz), w});
        c.positions.push_back({dx, dy, dz});
      }
  c.checks = c.cells;
  c.single = c.volume() == 1;
  for (ValueSet w : rule.input) c.accepted |= w;
  if (rule.values < 32) c.accepted &= all_values(rule.values);
  return c;
}

void RulePattern::order_checks(const std::array<int, 256>& histogram) {
  if (checks.size() < 3) return;
  checks = cells;
  std::stable_sort(checks.begin(), checks.end(), [&](const Cell& a, const Cell& b) {
    return cells_holding(a.wave, histogram) < cells_holding(b.wave, histogram);
  });
}

std::vector<RuleOutput> rule_outputs(const Rule& rule, const Grid& grid) {
  std::vector<RuleOutput> outputs;
  for (int dz = 0, di = 0; dz < rule.out_size.z; dz++)
    for (int dy = 0; dy < rule.out_size.y; dy++)
      for (int dx = 0; dx < rule.out_size.x; dx++, di++)
        if (rule.output[size_t(di)] != kKeep)
          outputs.push_back({{dx, dy, dz}, grid.index(dx, dy, dz), rule.output[size_t(di)]});
  return outputs;
}

}  // namespace mj
