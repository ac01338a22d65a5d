// Distance fields that steer rule choice: <field for on from|to recompute essential>.
#pragma once

#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rule.hpp"

namespace mj {

// One int potential per value and cell, -1 where unreachable.
struct Potentials {
  int C = 0, cells = 0;
  std::vector<int> data;

  void resize(int values, int n) { C = values, cells = n, data.assign(size_t(values) * size_t(n), 0); }
  bool empty() const { return data.empty(); }
  int* operator[](int c) { return data.data() + size_t(c) * size_t(cells); }
  const int* operator[](int c) const { return data.data() + size_t(c) * size_t(cells); }
};

class Field {
 public:
  Field(const XmlElement& element, const Grid& grid);

  // Breadth-first distance over `substrate` cells from the `zero` cells; false when there are none.
  bool compute(int* potential, const Grid& grid, std::vector<int>& queue) const;

  bool recompute = false;  // recompute every step, not only on the node's first
  bool inversed = false;   // `from`: move away from the zero cells instead of towards them
  bool essential = false;  // the node stops when this field cannot be computed
  Wave zero = 0, substrate = 0;
};

// Change of potential if `rule` were applied at (x,y,z); nullopt when it would
// write a value onto a cell where that value's potential is unreachable.
std::optional<int> delta_pointwise(const uint8_t* state, const Rule& rule, int x, int y, int z,
                                   const std::vector<std::optional<Field>>& fields, const Potentials& potentials,
                                   int mx, int my);

}  // namespace mj
