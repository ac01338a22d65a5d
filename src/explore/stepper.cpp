#include "explore/stepper.hpp"

namespace mj {

Stepper::Stepper(const ExploreProgram& program)
    : program_(program), written_(size_t(program.cells()), 0), grid_(*program.grid) {
  potentials_.resize(program.values, program.cells());
}

void Stepper::step(Machine& m) {
  draws_.clear();
  choices_.clear();
  go_branch(program_.branches[size_t(m.current)], m);
}

bool Stepper::go(int node, Machine& m) {
  switch (program_.nodes[size_t(node)].kind) {
    case ProgramNode::kOne: return go_one(node, m);
    case ProgramNode::kAll: return go_all(node, m);
    case ProgramNode::kPrl: return go_prl(node, m);
    default: return go_branch(node, m);
  }
}

// Branch::go: the children from the running one on, the first that works ends the step; a markov
// starts from its first child at every step. A branch that ran out hands control to its parent.
bool Stepper::go_branch(int node, Machine& m) {
  const ProgramNode& b = program_.nodes[size_t(node)];
  int& running = m.running[size_t(b.branch)];
  if (b.kind == ProgramNode::kMarkov) running = 0;
  for (; running < int(b.children.size()); running++) {
    const int child = b.children[size_t(running)];
    const ProgramNode& c = program_.nodes[size_t(child)];
    if (c.is_branch()) m.current = c.branch;
    if (go(child, m)) return true;
  }
  if (m.current >= 0) {
    const int parent = program_.nodes[size_t(program_.branches[size_t(m.current)])].parent;
    m.current = parent < 0 ? -1 : program_.nodes[size_t(parent)].branch;
  }
  reset(node, m);
  return false;
}

void Stepper::reset(int node, Machine& m) {
  const ProgramNode& n = program_.nodes[size_t(node)];
  if (n.counter >= 0) m.counter[size_t(n.counter)] = 0;
  if (n.frozen >= 0) m.frozen[size_t(n.frozen)] = 0;
  if (n.memory >= 0) forget(n, m);
  if (!n.is_branch()) return;
  for (int child : n.children) reset(child, m);
  m.running[size_t(n.branch)] = 0;
}

void Stepper::holding(const ProgramNode& n, const Machine& m) {
  draws_.clear();
  const uint8_t* cells = m.cells.data();
  for (int r = 0; r < int(n.rules.size()); r++) {
    const CompiledRule& rule = n.rules[size_t(r)];
    for (int corner : rule.corners)
      if (rule.holds(cells, corner)) draws_.push_back({r, corner});
  }
}

// `one`: every match that holds is a branch. One that writes nothing new leaves the interpreter's list
// without a change that would bring it back, so what the node sees next depends on more than the state.
// (With fields the node remembers its matches: stepper_memory.cpp.)
bool Stepper::go_one(int node, Machine& m) {
  const ProgramNode& n = program_.nodes[size_t(node)];
  if (n.memory >= 0) return go_one_remembering(node, m);
  if (n.steps > 0 && m.counter[size_t(n.counter)] >= n.steps) return false;
  holding(n, m);
  if (draws_.empty()) return false;
  for (const Draw& d : draws_) {
    bool changes = false;
    for (const CompiledRule::Write& w : n.rules[size_t(d.rule)].writes)
      changes |= m.cells[size_t(d.corner + w.offset)] != w.value;
    if (!changes)
      program_.fail(n.line,
                    "mj explore cannot enumerate this <one>: a match that changes nothing leaves the node's list "
                    "until a cell near it changes, so the grid alone does not say what the node draws from");
  }
  drawing_ = node;
  if (n.counter >= 0) m.counter[size_t(n.counter)]++;
  return true;
}

// `all`: every match that holds, written in a random order that must not matter: two matches that write
// the same cell are refused, as the interpreter refuses them. (With fields the node remembers its
// matches: stepper_memory.cpp.)
bool Stepper::go_all(int node, Machine& m) {
  const ProgramNode& n = program_.nodes[size_t(node)];
  if (n.memory >= 0) return go_all_remembering(node, m);
  if (n.steps > 0 && m.counter[size_t(n.counter)] >= n.steps) return false;
  holding(n, m);
  if (draws_.empty()) return false;
  refuse_silent_matches(n);
  touched_.clear();
  apply_in_drawn_order(n, m, draws_);
  for (int i : touched_) written_[size_t(i)] = 0;
  draws_.clear();
  if (n.counter >= 0) m.counter[size_t(n.counter)]++;
  return true;
}

// The interpreter finds an `all`'s matches again only around the cells written since its last step: one
// that writes no cell is not seen again.
void Stepper::refuse_silent_matches(const ProgramNode& n) const {
  for (const Draw& d : draws_)
    if (n.rules[size_t(d.rule)].writes.empty())
      program_.fail(n.line,
                    "mj explore cannot enumerate this <all>: a match that changes nothing (its output is all '*') "
                    "is not found again in the interpreter's next step, so the grid alone does not say what the "
                    "node sees");
}

// `prl`: every match at once, reading the old grid, in scan order: a later match's write wins, and a
// write of the value a cell already holds is none.
bool Stepper::go_prl(int node, Machine& m) {
  const ProgramNode& n = program_.nodes[size_t(node)];
  if (n.steps > 0 && m.counter[size_t(n.counter)] >= n.steps) return false;
  holding(n, m);
  draw_chances(n);
  const bool applied = !draws_.empty();
  touched_.clear();
  for (const Draw& d : draws_)
    for (const CompiledRule::Write& w : n.rules[size_t(d.rule)].writes) {
      const size_t i = size_t(d.corner + w.offset);
      if (m.cells[i] == w.value) continue;
      written_[i] = w.value;
      touched_.push_back(int(i));
    }
  for (int i : touched_) m.cells[size_t(i)] = written_[size_t(i)];
  for (int i : touched_) written_[size_t(i)] = 0;
  draws_.clear();
  if (n.counter >= 0) m.counter[size_t(n.counter)]++;
  return applied;
}

// `all`: the interpreter takes a group of matches (all of them, or those of one potential change) in a
// random order and applies each unless a cell it writes was written already this step (it does not
// test its input again). A match that writes no cell another of the group writes is applied or not
// whatever the order: those first. Among the others the next applied is equally likely any whose
// cells are still free: a choice among them, until none is free. At most 8 such matches a group.
// Cells written are marked in written_ and listed in touched_ (the caller clears them).
void Stepper::apply_in_drawn_order(const ProgramNode& n, Machine& m, std::vector<Draw>& group) {
  constexpr size_t kMost = 8;
  std::vector<Draw> left = apply_unshared(n, m, group);
  if (left.size() > kMost)
    program_.fail(n.line, "mj explore cannot enumerate this <all>: " + std::to_string(left.size()) +
                              " matches that write cells in common are applied in a random order (at most " +
                              std::to_string(kMost) + " such matches a step)");
  apply_shared(n, m, std::move(left));
}

// Applies the matches of the group that write no cell another of it writes (when free); the others, in order.
std::vector<Draw> Stepper::apply_unshared(const ProgramNode& n, Machine& m, const std::vector<Draw>& group) {
  const auto writes = [&](const Draw& d) -> const std::vector<CompiledRule::Write>& {
    return n.rules[size_t(d.rule)].writes;
  };
  // How many of the group write each cell (in overlaps_, cleared after).
  if (overlaps_.size() != written_.size()) overlaps_.assign(written_.size(), 0);
  for (const Draw& d : group)
    for (const CompiledRule::Write& w : writes(d)) overlaps_[size_t(d.corner + w.offset)]++;
  std::vector<Draw> left;
  for (const Draw& d : group) {
    bool shared = false;
    for (const CompiledRule::Write& w : writes(d)) shared |= overlaps_[size_t(d.corner + w.offset)] > 1;
    if (!shared && is_free(n, d)) write(n, m, d);
    if (shared) left.push_back(d);
  }
  for (const Draw& d : group)
    for (const CompiledRule::Write& w : writes(d)) overlaps_[size_t(d.corner + w.offset)] = 0;
  return left;
}

// The matches that share cells: the next applied is a choice among those still free, until none is.
void Stepper::apply_shared(const ProgramNode& n, Machine& m, std::vector<Draw> left) {
  std::vector<Draw> free;
  for (;;) {
    free.clear();
    for (const Draw& d : left)
      if (is_free(n, d)) free.push_back(d);
    if (free.empty()) break;
    size_t chosen = 0;
    if (free.size() > 1) {
      const size_t at = choices_.size();
      chosen = path_ && at < path_->size() ? size_t((*path_)[at]) : 0;
      choices_.push_back({int(free.size()), int(chosen), 1.0 / double(free.size())});
    }
    write(n, m, free[chosen]);
    free.erase(free.begin() + long(chosen));
    left.swap(free);
  }
}

bool Stepper::is_free(const ProgramNode& n, const Draw& d) const {
  for (const CompiledRule::Write& w : n.rules[size_t(d.rule)].writes)
    if (written_[size_t(d.corner + w.offset)]) return false;
  return true;
}

void Stepper::write(const ProgramNode& n, Machine& m, const Draw& d) {
  for (const CompiledRule::Write& w : n.rules[size_t(d.rule)].writes) {
    const size_t i = size_t(d.corner + w.offset);
    written_[i] = 1, touched_.push_back(int(i));
    m.cells[i] = w.value;
  }
}

// The matches of rules with p below 1 each pass their draw or not: one choice among every subset of
// them, each as likely as the product of its matches' chances (and the others' failing). A step where
// no match passes applies nothing and the node fails, as the interpreter's does.
void Stepper::draw_chances(const ProgramNode& n) {
  constexpr int kMost = 16;
  int uncertain = 0;
  for (const Draw& d : draws_) uncertain += n.rules[size_t(d.rule)].chance < 1;
  if (uncertain == 0) return;
  if (uncertain > kMost)
    program_.fail(n.line, "mj explore cannot enumerate this <prl>: " + std::to_string(uncertain) +
                              " matches with p below 1 at once are 2^" + std::to_string(uncertain) +
                              " cases (at most 2^" + std::to_string(kMost) + ")");
  const size_t at = choices_.size();
  const int chosen = path_ && at < path_->size() ? (*path_)[at] : 0;
  double probability = 1;
  size_t kept = 0;
  int bit = 0;
  for (const Draw& d : draws_) {
    const double chance = n.rules[size_t(d.rule)].chance;
    bool passes = true;
    if (chance < 1) {
      passes = (chosen >> bit++ & 1) != 0;
      probability *= passes ? chance : 1 - chance;
    }
    if (passes) draws_[kept++] = d;
  }
  draws_.resize(kept);
  choices_.push_back({1 << uncertain, chosen, probability});
}

void Stepper::apply(const Draw& d, std::vector<uint8_t>& cells, std::vector<uint8_t>& undo) const {
  undo.clear();
  for (const CompiledRule::Write& w : program_.nodes[size_t(drawing_)].rules[size_t(d.rule)].writes) {
    uint8_t& cell = cells[size_t(d.corner + w.offset)];
    undo.push_back(cell);
    cell = w.value;
  }
}

void Stepper::unapply(const Draw& d, std::vector<uint8_t>& cells, const std::vector<uint8_t>& undo) const {
  const auto& writes = program_.nodes[size_t(drawing_)].rules[size_t(d.rule)].writes;
  for (size_t k = writes.size(); k-- > 0;) cells[size_t(d.corner + writes[k].offset)] = undo[k];
}

}  // namespace mj
