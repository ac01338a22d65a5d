// A rewrite rule: an input pattern of waves and an output pattern of values.
#pragma once

#include <algorithm>

#include <cstdint>
#include <filesystem>
#include <vector>

#include "core/grid.hpp"
#include "core/point.hpp"
#include "core/symmetry.hpp"

namespace mj {

constexpr uint8_t kKeep = 0xff;  // output cell that leaves the grid as it is ('*')

struct Rule {
  Rule() = default;
  Rule(std::vector<Wave> input, Point in_size, std::vector<uint8_t> output, Point out_size, int C, double p);

  int imx = 0, imy = 0, imz = 0;  // input size
  int omx = 0, omy = 0, omz = 0;  // output size
  std::vector<Wave> input;        // allowed values per input cell
  std::vector<uint8_t> output;    // new value per output cell, or kKeep
  std::vector<uint8_t> binput;    // the single value of an input cell, kKeep for a wildcard
  double p = 1.0;
  bool original = false;          // true for the rule as written, false for its symmetric images

  // ishifts[c]: input cells that accept value c; oshifts[c]: output cells that can produce c
  // (only for rules whose input and output have the same size).
  std::vector<std::vector<Point>> ishifts, oshifts;

  int C() const { return values; }
  int values = 0;  // size of the alphabet the waves are over
  Rule z_rotated() const;
  Rule y_rotated() const;
  Rule reflected() const;
  bool same(const Rule& other) const;
  std::vector<Rule> symmetries(const SymmetryGroup& group, bool d2) const;

 private:
  struct Raw {};
  // Input, output and sizes only: symmetric images are compared before their shifts are worth computing.
  Rule(Raw, std::vector<Wave> input, Point in_size, std::vector<uint8_t> output, Point out_size, int C, double p);
  void derive();
};

// The largest rule input, less one cell, on each axis (the reach of an Interior).
inline Point input_reach(const std::vector<Rule>& rules) {
  Point reach;
  for (const Rule& rule : rules)
    reach = {std::max(reach.x, rule.imx - 1), std::max(reach.y, rule.imy - 1), std::max(reach.z, rule.imz - 1)};
  return reach;
}

// Parses a <rule> (or a node carrying in/out itself). `in` reads from `gin`, `out` writes to
// `gout` (the same grid except for `map`). File rules are read from `resources`/rules.
Rule load_rule(const XmlElement& element, const Grid& gin, const Grid& gout,
               const std::filesystem::path& resources);

}  // namespace mj
