// Fields with temperature 0: `one` and `all` key each match by -h + 0.001 u, h the potential change
// it makes (an integer) and u a fresh draw below 1, so the best h always wins and u only breaks ties:
// among the matches of the least h each is equally likely the one `one` applies, and `all` applies
// its matches by increasing h, each group of equal h in a uniformly drawn order. (Two matches can
// draw the same u, a chance of 1 in 2^31 - 1 a pair: the interpreter's list order then decides.)
#include "explore/stepper.hpp"

#include <algorithm>

namespace mj {

// RuleNode::go's fields: those recomputed every step, and the others on the node's first step (after
// that, the potentials frozen then). False when an essential field finds no zero cell, or no field does.
bool Stepper::fields_computed(const ProgramNode& n, const Machine& m) {
  if (n.fields.empty()) return true;
  const bool first = n.frozen < 0 || m.frozen[size_t(n.frozen)] == 0;
  const int* frozen = first ? nullptr : frozen_[size_t(m.frozen[size_t(n.frozen)] - 1)].data();
  std::copy(m.cells.begin(), m.cells.end(), grid_.state.begin());
  bool any_success = false, any_computation = false;
  for (int c = 0; c < int(n.fields.size()); c++) {
    const auto& field = n.fields[size_t(c)];
    int* row = potentials_[c];
    if (!field) {  // a value without a field has potential 0 everywhere (the rows are the stepper's, not the node's)
      std::fill(row, row + grid_.size(), 0);
      continue;
    }
    if (!field->recompute && !first) {
      std::copy(frozen, frozen + grid_.size(), row);
      frozen += grid_.size();
      continue;
    }
    const bool found = field->compute(row, grid_, queue_);
    if (!found && field->essential) return false;
    any_success |= found;
    any_computation = true;
  }
  return !any_computation || any_success;
}

// After the node's first step the potentials of its fields not recomputed stay: they are part of the
// state, by their number.
void Stepper::freeze(const ProgramNode& n, Machine& m) {
  if (n.frozen < 0 || m.frozen[size_t(n.frozen)] != 0) return;
  std::vector<int> kept;
  for (int c = 0; c < int(n.fields.size()); c++)
    if (n.fields[size_t(c)] && !n.fields[size_t(c)]->recompute)
      kept.insert(kept.end(), potentials_[c], potentials_[c] + grid_.size());
  const auto [at, fresh] = frozen_number_.try_emplace(std::move(kept), int(frozen_.size()));
  if (fresh) frozen_.push_back(at->first);
  m.frozen[size_t(n.frozen)] = at->second + 1;
}

// `one`: draws_ := the matches of the least defined h, each equally likely. A key must also beat the
// interpreter's start of -1000: h of 1000 or more never wins. False when no match is left.
bool Stepper::best_draws(const ProgramNode& n, const Machine& m) {
  int best = 1000;
  size_t kept = 0;
  for (const Draw& d : draws_) {
    const std::optional<int> h =
        delta_pointwise(m.cells.data(), n.field_writes[size_t(d.rule)], d.corner, n.inversed, potentials_);
    if (!h || *h > best) continue;
    if (*h < best) best = *h, kept = 0;
    draws_[kept++] = d;
  }
  draws_.resize(kept);
  return kept > 0;
}

// `all`: the listed matches by increasing h, each group of equal h in a drawn order (apply_in_drawn_order),
// their flags cleared. A match of undefined h is left out and keeps its flag (stepper_memory.cpp).
void Stepper::apply_by_potential(const ProgramNode& n, Machine& m) {
  keyed_.clear();
  for (const Draw& d : draws_) {
    const std::optional<int> h =
        delta_pointwise(m.cells.data(), n.field_writes[size_t(d.rule)], d.corner, n.inversed, potentials_);
    if (!h) continue;
    keyed_.push_back({*h, d});
    flagged_[size_t(d.rule) * size_t(program_.cells()) + size_t(d.corner)] = 0;
  }
  std::stable_sort(keyed_.begin(), keyed_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t k = 0; k < keyed_.size();) {
    group_.clear();
    const int h = keyed_[k].first;
    for (; k < keyed_.size() && keyed_[k].first == h; k++) group_.push_back(keyed_[k].second);
    apply_in_drawn_order(n, m, group_);
  }
}

}  // namespace mj
