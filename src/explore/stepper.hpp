// One step of a run on an unpacked state, as the interpreter takes it (Branch::go, MarkovNode::go and
// the rule nodes), with the program's rules compiled once: no interpreter, no allocation per step.
// A `one` node's draw is left open: the step reports the matches it draws among, and each makes a
// successor (apply()).
#pragma once

#include <map>
#include <vector>

#include "explore/machine.hpp"

namespace mj {

class Stepper {
 public:
  explicit Stepper(const ExploreProgram& program);

  // Steps `m`. When a `one` node drew, `draws()` lists its matches (each as likely as its weight(), in
  // proportion) and `m` is
  // the state before the chosen match is written: apply() writes one. Else `draws()` is empty and
  // `m` is the successor. Throws an mj::Error at a node's line where the step is not a uniform draw.
  void step(Machine& m);
  const std::vector<Draw>& draws() const { return draws_; }
  // The step's other random choices, in order: which of a `prl`'s matches with p below 1 pass their
  // draws (a subset, as bits); which match an `all` whose matches overlap applies next. `path` (when given) says which
  // option to take at each choice, in order; past its end, option 0. Each choice made is reported with its options and
  // its probability.
  struct Choice {
    int options, chosen;
    double probability;
  };
  void step(Machine& m, const std::vector<int>& path) {
    path_ = &path;
    step(m);
    path_ = nullptr;
  }
  const std::vector<Choice>& choices() const { return choices_; }
  const ProgramNode& drawing_node() const { return program_.nodes[size_t(drawing_)]; }
  // A draw's weight: its rule's in the mj dialect, else 1.
  double weight(const Draw& d) const {
    const std::vector<double>& weights = drawing_node().weights;
    return weights.empty() ? 1.0 : weights[size_t(d.rule)];
  }
  const std::vector<CompiledRule::Write>& writes(const Draw& d) const {
    return program_.nodes[size_t(drawing_)].rules[size_t(d.rule)].writes;
  }
  // Writes draw `d` into `cells`, noting what it overwrote in `undo` (for unapply()).
  void apply(const Draw& d, std::vector<uint8_t>& cells, std::vector<uint8_t>& undo) const;
  void unapply(const Draw& d, std::vector<uint8_t>& cells, const std::vector<uint8_t>& undo) const;

 private:
  const ExploreProgram& program_;
  std::vector<Draw> draws_;
  int drawing_ = 0;
  std::vector<uint8_t> written_;  // all: cells written this step; prl: the new grid
  std::vector<int> touched_;
  std::vector<uint8_t> overlaps_;  // all: how many matches of a group write each cell
  const std::vector<int>* path_ = nullptr;
  std::vector<Choice> choices_;
  // Fields: the potentials of the node stepping, computed on a copy of the grid; potentials frozen
  // at a node's first step, each once, numbered (Machine::frozen).
  Grid grid_;
  Potentials potentials_;
  std::vector<int> queue_;
  std::vector<std::vector<int>> frozen_;
  std::map<std::vector<int>, int> frozen_number_;
  std::vector<std::pair<int, Draw>> keyed_;  // all with fields: the matches by potential change
  std::vector<Draw> group_;
  // `one` and `all` with fields: what the node stepping remembers of its matches (per rule image and
  // corner: listed, flagged), each memory once, numbered (Machine::memory).
  std::vector<uint8_t> listed_, flagged_;
  bool matched_ = false;
  std::vector<std::vector<uint64_t>> memories_;
  std::map<std::vector<uint64_t>, int> memory_number_;

  bool go(int node, Machine& m);
  bool go_branch(int node, Machine& m);
  void reset(int node, Machine& m);
  bool go_one(int node, Machine& m);
  bool go_all(int node, Machine& m);
  bool go_prl(int node, Machine& m);
  void holding(const ProgramNode& n, const Machine& m);    // draws_ := every match, in scan order
  void draw_chances(const ProgramNode& n);                 // draws_ := those whose draws pass
  void refuse_silent_matches(const ProgramNode& n) const;  // `all`: a match of draws_ that writes nothing
  void apply_in_drawn_order(const ProgramNode& n, Machine& m, std::vector<Draw>& group);
  std::vector<Draw> apply_unshared(const ProgramNode& n, Machine& m, const std::vector<Draw>& group);
  void apply_shared(const ProgramNode& n, Machine& m, std::vector<Draw> left);
  bool is_free(const ProgramNode& n, const Draw& d) const;  // no cell it writes written yet this step
  void write(const ProgramNode& n, Machine& m, const Draw& d);
  // stepper_fields.cpp
  bool fields_computed(const ProgramNode& n, const Machine& m);
  void freeze(const ProgramNode& n, Machine& m);
  bool best_draws(const ProgramNode& n, const Machine& m);
  void apply_by_potential(const ProgramNode& n, Machine& m);
  // stepper_memory.cpp
  void recall(const ProgramNode& n, const Machine& m);
  void remember(const ProgramNode& n, Machine& m);
  void scan(const ProgramNode& n, const Machine& m);
  bool scan_remembering(const ProgramNode& n, Machine& m);
  void forget(const ProgramNode& n, Machine& m);
  bool go_one_remembering(int node, Machine& m);
  bool go_all_remembering(int node, Machine& m);
};

}  // namespace mj
