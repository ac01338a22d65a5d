// A read-only picture of the node tree, as the reference's GUI sidebar shows it: which node kinds,
// their rules, fields and paths, and where the run stands. Nodes fill it in through Node::describe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"

namespace mj {

class Branch;
struct Rule;

// One rule as written (or one of its symmetric images): values per cell, 0xff for '*'.
struct RuleSketch {
  int imx = 1, imy = 1, imz = 1, omx = 1, omy = 1, omz = 1;
  std::vector<uint8_t> input;   // the single value each input cell accepts, 0xff when it accepts several
  std::vector<uint8_t> output;  // 0xff: left as it is
  bool original = false;        // the rule as written, not a symmetric image
  bool fired = false;           // applied in the node's latest step
};

struct FieldSketch {
  int value = 0;  // the value whose potential this field is
  Wave zero = 0, substrate = 0;
  bool inversed = false;
};

struct NodeSketch {
  std::string kind;    // the element name: "one", "markov", "wfc", ...
  std::string legend;  // the node's grid: value -> symbol

  // Branches (sequence, markov, map, wfc).
  bool branch = false;
  std::vector<NodeSketch> children;
  int n = 0;                // the child running now; -1 while map/wfc have not begun
  bool current = false;     // the branch the interpreter runs next
  bool has_parent = false;  // control returns to the enclosing branch (not so for the root, map and wfc)

  // Rule nodes and map. A map's outputs are values of its new grid, `output_legend`.
  std::vector<RuleSketch> rules;
  std::string output_legend;
  int counter = 0, steps = 0;  // steps made and the limit (<= 0: none); convolution too
  bool has_fields = false;
  std::vector<FieldSketch> fields;

  // path: from `start` to `finish` over `substrate`, drawn with `value`.
  Wave start = 0, finish = 0, substrate = 0;
  int value = 0;

  // convchain: the black-and-white sample, drawn in the colours of `black` and `white`.
  int sample_width = 0, sample_height = 0;
  std::vector<bool> sample;
  int black = 0, white = 0;

  std::string name;  // wfc: its sample or tileset
};

RuleSketch sketch_rule(const Rule& rule, bool fired);

// Sketches `root` and everything under it; `current` is the branch the interpreter runs next (or null).
NodeSketch sketch_tree(const Branch& root, const Branch* current);

}  // namespace mj
