// Estimates of a state's distance to a goal: sums over the cells of their potentials.
#include "nodes/inference/potentials.hpp"

#include <bit>

namespace mj {

int forward_pointwise(const Potentials& potentials, const ValueSet* future) {
  int sum = 0;
  const ValueSet values = potentials.C >= 32 ? ~ValueSet(0) : ValueSet((1u << potentials.C) - 1u);
  for (int i = 0; i < potentials.cells; i++) {
    int best = 1000;
    bool found = false;
    for (ValueSet wanted = future[i] & values; wanted != 0; wanted &= wanted - 1) {  // usually one value
      int p = potentials[std::countr_zero(wanted)][i];
      if (p >= 0 && p < best) best = p, found = true;
    }
    if (!found) return -1;
    sum += best;
  }
  return sum;
}

int backward_pointwise(const Potentials& potentials, const uint8_t* present) {
  int sum = 0;
  for (int i = 0; i < potentials.cells; i++) {
    int p = potentials[present[i]][i];
    if (p < 0) return -1;
    sum += p;
  }
  return sum;
}

}  // namespace mj
