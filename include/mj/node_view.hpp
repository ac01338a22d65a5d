// mj's public API: a read-only view of a model's node tree and where the run stands, as the
// reference's GUI sidebar draws it (and as an editor or debugger shows it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mj/value_set.hpp"

namespace mj {

// The size of a pattern in cells along x, y and z.
struct PatternSize {
  int x = 1, y = 1, z = 1;
};

// One rule as written (or one of its symmetric images): values per cell, x fastest, then y, then z.
struct RuleView {
  PatternSize in_size, out_size;
  std::vector<uint8_t> input;   // the single value each input cell accepts, 0xff when it accepts several
  std::vector<uint8_t> output;  // the value written, 0xff: the cell is left as it is
  bool original = false;        // the rule as written, not a symmetric image
  bool fired = false;           // applied in the node's latest step
};

// A field of a rule node: distances to `zero` cells through `substrate` cells guide the choice of matches.
struct FieldView {
  int value = 0;  // the value whose potential this field is
  ValueSet zero = 0, substrate = 0;
  bool inversed = false;
};

struct NodeView {
  std::string kind;    // the element name: "one", "markov", "wfc", ...
  std::string legend;  // the node's grid: value -> symbol
  int line = 0;        // where the node is written in the model file

  // Branches (sequence, markov, map, wfc).
  bool branch = false;
  std::vector<NodeView> children;
  int running = 0;          // the child running now; -1 while map/wfc have not begun
  bool current = false;     // the branch the interpreter runs next
  bool has_parent = false;  // control returns to the enclosing branch (not so for the root, map and wfc)

  // Rule nodes and map. A map's outputs are values of its new grid, `output_legend`.
  std::vector<RuleView> rules;
  std::string output_legend;
  int counter = 0, steps = 0;  // steps made and the limit (<= 0: none); convolution too
  bool has_fields = false;
  std::vector<FieldView> fields;

  // path: from `start` to `finish` over `substrate`, drawn with `value`.
  ValueSet start = 0, finish = 0, substrate = 0;
  int value = 0;

  // convchain: the black-and-white sample (x fastest), drawn in the colours of `black` and `white`.
  int sample_width = 0, sample_height = 0;
  std::vector<bool> sample;
  int black = 0, white = 0;

  std::string name;  // wfc: its sample or tileset
};

}  // namespace mj
