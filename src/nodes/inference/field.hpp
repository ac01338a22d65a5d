// Distance fields that steer rule choice: <field for on from|to recompute essential>.
#pragma once

#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rule.hpp"
#include "core/zeroed_array.hpp"
#include "nodes/change_log.hpp"

namespace mj {

// One int potential per value and cell, -1 where unreachable. Rows of values a field node has no
// field for stay zero and are only read: from calloc, they take no memory.
struct Potentials {
  int C = 0, cells = 0;
  ZeroedArray<int> data;
  // Rows compute_backward_potentials left unwritten, as nothing reads them (backward_row gives them).
  ValueSet unset_rows = 0;

  void resize(int values, int n) { C = values, cells = n, data.assign_zeros(size_t(values) * size_t(n)); }
  // For potentials computed whole before they are read (backward potentials): no zeros written.
  void resize_unset(int values, int n) { C = values, cells = n, data.assign_uninitialized(size_t(values) * size_t(n)); }
  bool empty() const { return data.empty(); }
  int* operator[](int c) { return data.data() + size_t(c) * size_t(cells); }
  const int* operator[](int c) const { return data.data() + size_t(c) * size_t(cells); }
};

class Field {
 public:
  Field(const XmlElement& element, const Grid& grid);

  // Breadth-first distance over `substrate` cells from the `zero` cells; false when there are none.
  // `queue` is scratch, grown to the grid's cells.
  bool compute(int* potential, const Grid& grid, std::vector<int>& queue) const;

  // A cell whose distance an update lowered, to pass on to its neighbours.
  struct Lowered {
    int cell, x, y, z, t;
  };
  // Brings distances computed on an earlier grid up to its present state, where `changed` lists
  // the cells that differ with their earlier values, when that can only shorten distances (cells
  // became zero cells or substrate). False when some distance may grow: then only compute() gives
  // them. The distances are the same as compute()'s: the shortest ones, whatever the way to them.
  bool update(int* potential, const Grid& grid, const std::vector<Change>& changed, std::vector<Lowered>& seeds,
              std::vector<Lowered>& queue) const;

  bool recompute = false;  // recompute every step, not only on the node's first
  bool inversed = false;   // `from`: move away from the zero cells instead of towards them
  bool essential = false;  // the node stops when this field cannot be computed
  ValueSet zero = 0, substrate = 0;

 private:
  static constexpr int kBlocked = -2;  // compute(): a cell neither zero nor substrate, until the end
  int start_distances(int* potential, const Grid& grid, int* queue) const;
  void spread_distances(int* potential, const Grid& grid, int* queue, int tail) const;
};

// A cell a rule changes when applied: an output value its input does not already accept there.
struct RuleWrite {
  int offset;  // from the rule's corner, on the grid
  uint8_t value;
};
std::vector<RuleWrite> rule_writes(const Rule& rule, const Grid& grid);
// The rows of potentials that delta_pointwise reads for these rules: the values they write and the
// values their inputs accept where they write.
ValueSet rows_read_by_deltas(const std::vector<Rule>& rules);
// Bit v: the field of value v is inversed (`from`).
uint32_t inversed_values(const std::vector<std::optional<Field>>& fields);

// Change of potential if a rule (its `writes`) were applied with its corner at `corner`; nullopt
// when it would write a value onto a cell where that value's potential is unreachable.
// Inline: `one` and `all` with fields compute it for every match of every step.
inline std::optional<int> delta_pointwise(const uint8_t* state, const std::vector<RuleWrite>& writes, int corner,
                                          uint32_t inversed, const Potentials& potentials) {
  int sum = 0;
  for (const RuleWrite& w : writes) {
    const int i = corner + w.offset;
    const int new_potential = potentials[w.value][i];
    if (new_potential == -1) return std::nullopt;
    const uint8_t old_value = state[i];
    const int old_potential = potentials[old_value][i];
    sum += new_potential - old_potential;
    if (inversed >> old_value & 1u) sum += 2 * old_potential;
    if (inversed >> w.value & 1u) sum -= 2 * new_potential;
  }
  return sum;
}

}  // namespace mj
