// The moves of a search: the states one step of a `one` or an `all` node can lead to.
// Children are appended to a flat buffer, `cells` bytes each, in the reference's order
// (which decides the order of ties in the search's queue).
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rule.hpp"

namespace mj {

struct Shape {
  int mx = 0, my = 0, mz = 0;
  int cells() const { return mx * my * mz; }
  int index(int x, int y, int z) const { return x + y * mx + z * mx * my; }
};

class ChildStates {
 public:
  // `values`: the grid's alphabet size, when known.
  ChildStates(const Shape& shape, const std::vector<Rule>& rules, int values = 256);

  // One rule applied once: rules in order, then positions z, y, x.
  void one(const uint8_t* state, std::vector<uint8_t>& children) const;

  // A maximal set of non-overlapping matches applied at once, enumerated as the reference does:
  // take the cell covered by the most matches still available, branch on each match covering it,
  // drop the matches it overlaps, recurse.
  void all(const uint8_t* state, std::vector<uint8_t>& children);
  // Pins (Run::pins, or null): a match that would change a pinned cell is no move.
  void set_pins(const uint8_t* pins) { pins_ = pins; }

 private:
  struct Tile {
    int r, x, y, z;
  };
  // A rule's input as offsets from its position, leaving out the cells that accept any value.
  struct Pattern {
    std::vector<std::pair<int, ValueSet>> cells;
    std::vector<Point> positions;  // of the same cells, in the rule
  };

  bool matches(int r, int x, int y, int z, const uint8_t* state) const;
  void apply(int r, int x, int y, int z, uint8_t* state) const;
  void apply(const Tile& tile, uint8_t* state) const;
  size_t rarest_cell(const Pattern& pattern, const std::array<int, 256>& count) const;
  uint8_t* append_copy(const uint8_t* state, std::vector<uint8_t>& children) const;
  const std::vector<int>& holders_of(ValueSet wave, const uint8_t* state) const;

  void find_tiles(const uint8_t* state);
  void enumerate(const uint8_t* state, std::vector<uint8_t>& children);
  int most_covered_cell() const;
  bool covers(const Tile& tile, int i) const;
  bool overlap(const Tile& a, const Tile& b) const;
  // Showing or hiding a tile adds it to or removes it from the counts of the cells it covers.
  void set_visible(int l, bool visible);
  void add_coverage(const Tile& tile, int incr);

  bool breaks_pins(int r, int x, int y, int z) const;
  const uint8_t* pins_ = nullptr;

  Shape shape_;
  int values_;
  const std::vector<Rule>& rules_;
  std::vector<Pattern> patterns_;

  // Scratch of `one`: the cells holding each rare pivot wave of the state at hand.
  mutable std::vector<std::pair<ValueSet, std::vector<int>>> holders_;
  mutable size_t holders_listed_ = 0;  // the first ones are this call's
  // Scratch of `all`.
  std::vector<Tile> tiles_;
  std::vector<uint8_t> visible_;
  std::vector<int> amounts_;   // per cell: visible tiles covering it
  std::vector<int> solution_;  // chosen tiles
  std::vector<int> stack_;     // cover and overlap lists of the open recursion levels
};

}  // namespace mj
