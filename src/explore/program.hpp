// mj explore's view of a model: its node tree flattened, and each rule image compiled once for the
// grid into the cells its input tests, the cells it writes, and every corner where it fits in the
// order the reference's full scan finds matches. The successor engine (stepper.hpp) runs on this,
// never on the interpreter.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "mj/grid_view.hpp"
#include "mj/run_settings.hpp"
#include "mj/value_set.hpp"
#include "nodes/inference/field.hpp"

namespace mj {

// One symmetric image of a rule, on the grid.
struct CompiledRule {
  struct Test {
    int offset;  // from the corner
    ValueSet accepted;
  };
  struct Write {
    int offset;
    uint8_t value;
  };
  std::vector<Test> tests;    // input cells that do not accept every value
  std::vector<Write> writes;  // output cells that are not '*'
  std::vector<int> corners;   // every corner the rule fits at, in the reference's scan order
  double chance = 1;          // prl: the probability that a match's draw passes (p below 1)

  bool holds(const uint8_t* cells, int corner) const {
    for (const Test& t : tests)
      if ((t.accepted >> cells[corner + t.offset] & 1u) == 0) return false;
    return true;
  }
};

struct ProgramNode {
  enum Kind { kMarkov, kSequence, kOne, kAll, kPrl };
  Kind kind = kMarkov;
  int line = 0;
  int parent = -1;            // the node index of the parent branch, -1 for the root
  std::vector<int> children;  // node indices (branches)
  std::vector<CompiledRule> rules;
  std::vector<double> weights;  // `one` in the mj dialect: per rule image, its weight; empty: all alike
  int steps = 0;                // the step limit, 0 for none
  int branch = -1;              // branches: the slot of `running` in a state
  int counter = -1;             // rule nodes with a step limit: the slot of their counter in a state
  // Fields (temperature 0: the best potential change wins, ties drawn): per value, empty when none;
  // per rule the cells it changes, for delta_pointwise.
  std::vector<std::optional<Field>> fields;
  std::vector<std::vector<RuleWrite>> field_writes;
  uint32_t inversed = 0;
  // Nodes with fields not recomputed every step: the slot, in a state, of the number of the
  // potentials computed at the node's first step (0 before it).
  int frozen = -1;
  // `one` and `all` with fields: the slot, in a state, of the number of what the node remembers of its
  // matches (Machine::memory). Without fields that memory is the grid's own business (stepper.cpp).
  int memory = -1;

  bool is_branch() const { return kind == kMarkov || kind == kSequence; }
};

struct ExploreProgram {
  std::string source;  // for messages
  std::string name;    // the model's name, for state texts
  int mx = 0, my = 0, mz = 0, values = 0;
  std::string legend;
  std::vector<uint8_t> start;        // the grid a run starts from (origin set)
  std::vector<ProgramNode> nodes;    // in the order of the tree (node 0 the root: markov or sequence)
  std::vector<int> branches;         // per branch slot, its node
  std::vector<int> limited;          // per counter slot, its node
  std::vector<int> freezing;         // per frozen-potentials slot, its node
  std::vector<int> remembering;      // per match-memory slot, its node
  std::shared_ptr<const Grid> grid;  // the fields' distances are computed on a copy

  int cells() const { return mx * my * mz; }
  GridView view(const uint8_t* cells) const { return {mx, my, mz, legend, cells, nullptr}; }
  // Throws an mj::Error at `line` of the model.
  [[noreturn]] void fail(int line, const std::string& message, Setting setting = Setting::none) const;
};

// The model as settings load it, refused (at its line) when something in it is not explorable.
ExploreProgram compile_program(const RunSettings& settings);

}  // namespace mj
