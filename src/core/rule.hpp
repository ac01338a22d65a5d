// A rewrite rule: an input pattern of waves and an output pattern of values.
#pragma once

#include <algorithm>

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "core/grid.hpp"
#include "core/point.hpp"
#include "core/symmetry.hpp"

namespace mj {

constexpr uint8_t kKeep = 0xff;  // output cell that leaves the grid as it is ('*')

// Per value, the cells of a pattern (x fastest) that take it, in one flat list rather than a
// vector per value. Made on demand: a 3D rule has up to 48 symmetric images, and few nodes ask.
class ShiftLists {
 public:
  // The cells i (x fastest) of a pattern of `size` with takes(i, v), for each value v < values.
  template <class Takes>
  void build(int values, Point size, Takes takes) {
    const size_t cells = size_t(size.x) * size_t(size.y) * size_t(size.z);
    // Counted first: large rules with wildcards list every cell under every value.
    start_.assign(size_t(values) + 1, 0);
    for (size_t i = 0; i < cells; i++)
      for (int v = 0; v < values; v++) start_[size_t(v) + 1] += takes(i, v);
    for (size_t v = 0; v < size_t(values); v++) start_[v + 1] += start_[v];
    points_.resize(start_.back());
    std::vector<uint32_t> next(start_.begin(), start_.end() - 1);
    for (int z = 0, i = 0; z < size.z; z++)
      for (int y = 0; y < size.y; y++)
        for (int x = 0; x < size.x; x++, i++)
          for (int v = 0; v < values; v++)
            if (takes(size_t(i), v)) points_[next[size_t(v)]++] = {x, y, z};
  }
  std::span<const Point> operator[](size_t value) const {
    return {points_.data() + start_[value], points_.data() + start_[value + 1]};
  }
  size_t size() const { return start_.empty() ? 0 : start_.size() - 1; }  // values

 private:
  std::vector<Point> points_;
  std::vector<uint32_t> start_;  // value -> first entry in points_
};

struct Rule {
  Rule() = default;
  Rule(std::vector<ValueSet> input, Point in_size, std::vector<uint8_t> output, Point out_size, int values, double p);

  Point in_size{0, 0, 0};       // of the input pattern
  Point out_size{0, 0, 0};      // of the output pattern
  std::vector<ValueSet> input;  // allowed values per input cell
  std::vector<uint8_t> output;  // new value per output cell, or kKeep
  std::vector<uint8_t> binput;  // the single value of an input cell, kKeep for a wildcard
  double p = 1.0;
  bool original = false;  // true for the rule as written, false for its symmetric images

  // The reference's ishifts, [c]: the input cells that accept value c.
  ShiftLists input_shifts() const;

  int values = 0;  // size of the alphabet the waves are over
  // The distinct images of the rule under the group, in the reference's order; the first is the
  // rule itself when the group holds the identity.
  std::vector<Rule> symmetries(const SymmetryGroup& group, bool d2) const;
};

// The largest rule input, less one cell, on each axis (the reach of an Interior).
inline Point input_reach(const std::vector<Rule>& rules) {
  Point reach;
  for (const Rule& rule : rules)
    reach = {std::max(reach.x, rule.in_size.x - 1), std::max(reach.y, rule.in_size.y - 1),
             std::max(reach.z, rule.in_size.z - 1)};
  return reach;
}

}  // namespace mj
