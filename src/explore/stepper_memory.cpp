// What a `one` or `all` with fields remembers of its matches between steps, as the interpreter keeps it
// (the reference's RuleNode): the list of matches found (some stale by now), the flag of each listed
// match (kept for a match taken off the list in some cases: then a rescan does not list it again), and
// whether the node matched since its last reset (then it rescans only around the cells written since,
// else the whole grid). Around the written cells every match that holds and is not flagged is found
// again: a match that holds and is not flagged has a cell written since the node last matched (it did
// not hold then, or was listed and taken off when it did not hold, or was applied), so the rescan is
// "every match that holds and is not flagged", and the flags, the list and the flag `matched` are the
// whole of the memory. Without fields the memory says nothing the grid does not: a node that matched
// lists every match that holds, flags exactly those, and has taken off its list what no longer holds.
// With fields it does not: a step whose field fails after the scan keeps its list and flags, and a full
// scan lists anew what holds but leaves the flags of what no longer does (so a cell that changes and
// changes back is not listed again); a match whose change is undefined stays listed (one) or flagged
// (all); `all` applies what it listed even if it no longer holds.
#include "explore/stepper.hpp"

#include <algorithm>

namespace mj {

namespace {

size_t entry(int rule, int corner, int cells) { return size_t(rule) * size_t(cells) + size_t(corner); }

}  // namespace

// listed_, flagged_, matched_ := the memory of node `n` in `m`.
void Stepper::recall(const ProgramNode& n, const Machine& m) {
  const size_t entries = n.rules.size() * size_t(program_.cells());
  listed_.assign(entries, 0), flagged_.assign(entries, 0);
  matched_ = false;
  const int number = m.memory[size_t(n.memory)];
  if (number == 0) return;
  const std::vector<uint64_t>& bits = memories_[size_t(number - 1)];
  matched_ = (bits[0] & 1) != 0;
  for (size_t e = 0; e < entries; e++) {
    const size_t l = 1 + e, f = 1 + entries + e;
    listed_[e] = uint8_t(bits[l / 64] >> (l % 64) & 1);
    flagged_[e] = uint8_t(bits[f / 64] >> (f % 64) & 1);
  }
}

// The memory of node `n` in `m` := listed_, flagged_, matched_, by its number (0 when empty).
void Stepper::remember(const ProgramNode& n, Machine& m) {
  const size_t entries = listed_.size();
  std::vector<uint64_t> bits((1 + 2 * entries + 63) / 64, 0);
  bool any = matched_;
  bits[0] = matched_ ? 1 : 0;
  for (size_t e = 0; e < entries; e++) {
    const size_t l = 1 + e, f = 1 + entries + e;
    bits[l / 64] |= uint64_t(listed_[e]) << (l % 64);
    bits[f / 64] |= uint64_t(flagged_[e]) << (f % 64);
    any |= listed_[e] || flagged_[e];
  }
  if (!any) return void(m.memory[size_t(n.memory)] = 0);
  const auto [at, fresh] = memory_number_.try_emplace(std::move(bits), int(memories_.size()));
  if (fresh) memories_.push_back(at->first);
  m.memory[size_t(n.memory)] = at->second + 1;
}

// RuleNode::go's scan: a node that has not matched since its reset lists every match that holds (the
// list anew, the flags added to); one that has adds those that hold and are not flagged.
void Stepper::scan(const ProgramNode& n, const Machine& m) {
  const uint8_t* cells = m.cells.data();
  for (int r = 0; r < int(n.rules.size()); r++) {
    const CompiledRule& rule = n.rules[size_t(r)];
    for (int corner : rule.corners) {
      const size_t e = entry(r, corner, program_.cells());
      if (matched_ && flagged_[e]) continue;
      const bool holds = rule.holds(cells, corner);
      if (holds) listed_[e] = flagged_[e] = 1;
      else if (!matched_) listed_[e] = 0;
    }
  }
}

// A reset: the node rescans the whole grid next. `one` clears its list and flags when its list is not
// empty (the flags of matches off the list stay when it is); `all` keeps its flags (its list is made
// anew by that scan).
void Stepper::forget(const ProgramNode& n, Machine& m) {
  if (m.memory[size_t(n.memory)] == 0) return;
  recall(n, m);
  matched_ = false;
  const bool any_listed = std::find(listed_.begin(), listed_.end(), 1) != listed_.end();
  if (n.kind == ProgramNode::kOne && any_listed) std::fill(flagged_.begin(), flagged_.end(), 0);
  std::fill(listed_.begin(), listed_.end(), 0);
  remember(n, m);
}

// The start of a remembering node's step: within its step limit, its memory recalled and the grid scanned,
// its fields computed (else the memory kept as the scan left it); false when the node does not go on.
bool Stepper::scan_remembering(const ProgramNode& n, Machine& m) {
  if (n.steps > 0 && m.counter[size_t(n.counter)] >= n.steps) return false;
  recall(n, m);
  scan(n, m);
  if (!fields_computed(n, m)) return remember(n, m), false;
  matched_ = true;
  draws_.clear();
  return true;
}

// `one` with fields: the list's stale matches are taken off, and of those that hold, the ones of the
// least defined h are drawn among (best_draws); the one applied stays listed (it is found stale next).
bool Stepper::go_one_remembering(int node, Machine& m) {
  const ProgramNode& n = program_.nodes[size_t(node)];
  if (!scan_remembering(n, m)) return false;
  for (int r = 0; r < int(n.rules.size()); r++)
    for (int corner : n.rules[size_t(r)].corners) {
      const size_t e = entry(r, corner, program_.cells());
      if (!listed_[e]) continue;
      if (n.rules[size_t(r)].holds(m.cells.data(), corner)) draws_.push_back({r, corner});
      else listed_[e] = flagged_[e] = 0;
    }
  remember(n, m);
  if (draws_.empty() || !best_draws(n, m)) return false;
  freeze(n, m);
  drawing_ = node;
  if (n.counter >= 0) m.counter[size_t(n.counter)]++;
  return true;
}

// `all` with fields: every listed match (stale or not) of defined h is applied by increasing h, its flag
// cleared; those of undefined h keep their flags; the list is emptied.
bool Stepper::go_all_remembering(int node, Machine& m) {
  const ProgramNode& n = program_.nodes[size_t(node)];
  if (!scan_remembering(n, m)) return false;
  for (int r = 0; r < int(n.rules.size()); r++)
    for (int corner : n.rules[size_t(r)].corners)
      if (listed_[entry(r, corner, program_.cells())]) draws_.push_back({r, corner});
  if (draws_.empty()) return remember(n, m), false;
  refuse_silent_matches(n);
  touched_.clear();
  apply_by_potential(n, m);
  for (int i : touched_) written_[size_t(i)] = 0;
  std::fill(listed_.begin(), listed_.end(), 0);
  remember(n, m);
  freeze(n, m);
  draws_.clear();
  if (n.counter >= 0) m.counter[size_t(n.counter)]++;
  return true;
}

}  // namespace mj
