// A rule compiled for one grid: what matching and scanning read in their inner loops.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/grid.hpp"
#include "core/rule.hpp"

namespace mj {

// The rule's input as offsets from its corner, wildcards left out, so that matching is one pass
// over a short flat list.
struct RulePattern {
  // An input cell that does not accept every value: where it is from the corner, what it accepts.
  struct Cell {
    int offset;
    ValueSet wave;
  };
  Point in_size{1, 1, 1};
  std::vector<Cell> cells;
  std::vector<Point> positions;  // of the same cells, in the rule
  std::vector<Cell> checks;      // the cells again, in the order holds() tests them
  bool single = false;           // a 1x1x1 input: any cell it accepts is a match
  ValueSet accepted = 0;         // bit v: some input cell accepts value v

  int volume() const { return in_size.x * in_size.y * in_size.z; }
  // Does the input match with its corner at cell index `corner`? (The caller checks the bounds.)
  bool holds(const uint8_t* state, int corner) const { return holds_from(0, state, corner); }
  // The same, from test number `first` on: the caller knows the cells tested before it hold.
  bool holds_from(size_t first, const uint8_t* state, int corner) const {
    state += corner;
    for (const Cell *c = checks.data() + first, *end = checks.data() + checks.size(); c != end; c++)
      if ((c->wave >> state[c->offset] & 1u) == 0) return false;
    return true;
  }
  // Tests the cells whose values the fewest grid cells hold first (by the grid's value counts):
  // most positions of a large pattern fail, and then on the first test instead of the tenth.
  void order_checks(const std::array<int, 256>& histogram);
  bool fits(int x, int y, int z, const Grid& grid) const {
    return x >= 0 && y >= 0 && z >= 0 && x + in_size.x <= grid.mx && y + in_size.y <= grid.my &&
           z + in_size.z <= grid.mz;
  }
  // The reference's full scan visits a lattice with the rule's spacing, and each lattice cell's
  // shifts in order; a match contains exactly one lattice cell. Its place in that order:
  long long scan_key(int x, int y, int z, const Grid& grid) const {
    int dx = in_size.x - 1 - x % in_size.x, dy = in_size.y - 1 - y % in_size.y, dz = in_size.z - 1 - z % in_size.z;
    long long lattice = grid.index(x + dx, y + dy, z + dz);
    return lattice * volume() + dx + dy * in_size.x + dz * in_size.x * in_size.y;
  }
};

RulePattern compile_rule(const Rule& rule, const Grid& grid);

// An output cell that writes a value (not '*'): where it is in the rule, and its offset from the
// rule's corner on the grid. Rule nodes apply a match by walking this list.
struct RuleOutput {
  Point at;
  int offset;
  uint8_t value;
};
std::vector<RuleOutput> rule_outputs(const Rule& rule, const Grid& grid);

// A match found by a full scan, with its place in the scan's order (by rule, then key).
struct ScanMatch {
  long long key;
  int r, corner;  // the rule and the cell index of its corner
  bool operator<(const ScanMatch& o) const { return r != o.r ? r < o.r : key < o.key; }
};

}  // namespace mj
