#include "explore/preimage_search.hpp"

#include <algorithm>
#include <bit>

#include "core/grid.hpp"
#include "mj/error.hpp"

namespace mj {

namespace {

// Past this many value combinations a constraint is not revised until more of its cells are known
// (it is still checked on every answer).
constexpr long long kMostCombinations = 4096;

}  // namespace

PreimageSearch::PreimageSearch(const ExploreProgram& program) {
  const ProgramNode* node = nullptr;
  for (const ProgramNode& n : program.nodes)
    if (!n.is_branch()) node = &n;
  values_ = program.values;
  prl_ = node->kind == ProgramNode::kPrl;
  const ValueSet every = all_values(program.values);
  const size_t cells = size_t(program.cells());
  writers_.resize(cells);
  // Matches in the order prl writes them: image by image, each image's corners in scan order.
  for (const CompiledRule& rule : node->rules)
    for (int corner : rule.corners) {
      const int m = int(tests_.size());
      tests_.emplace_back();
      for (const CompiledRule::Test& t : rule.tests) tests_.back().push_back({corner + t.offset, t.accepted & every});
      for (const CompiledRule::Write& w : rule.writes) writers_[size_t(corner + w.offset)].push_back({m, w.value});
    }
  scope_.resize(cells), watching_.resize(cells);
  for (size_t c = 0; c < cells; c++) {
    std::vector<int>& s = scope_[c];
    s.push_back(int(c));
    for (const Writer& w : writers_[c])
      for (const auto& [cell, accepted] : tests_[size_t(w.match)]) s.push_back(cell);
    std::sort(s.begin() + 1, s.end());
    s.erase(std::unique(s.begin() + 1, s.end()), s.end());
    s.erase(std::remove(s.begin() + 1, s.end(), int(c)), s.end());
    for (int cell : s) watching_[size_t(cell)].push_back(int(c));
  }
  if (!prl_) refuse_overlaps(program, node->line);
}

// Two matches that write a cell in common and whose tests some grid passes at once.
void PreimageSearch::refuse_overlaps(const ExploreProgram& program, int line) const {
  for (const std::vector<Writer>& ws : writers_)
    for (size_t a = 0; a < ws.size(); a++)
      for (size_t b = a + 1; b < ws.size(); b++) {
        bool together = true;
        for (const auto& [ca, va] : tests_[size_t(ws[a].match)])
          for (const auto& [cb, vb] : tests_[size_t(ws[b].match)]) together &= ca != cb || (va & vb) != 0;
        if (together)
          program.fail(line,
                       "mj explore cannot enumerate this <all>: matches that write the same cell are applied in a "
                       "random order, which can change the result");
      }
}

bool PreimageSearch::holds(int match) const {
  for (const auto& [cell, accepted] : tests_[size_t(match)])
    if ((accepted >> grid_[size_t(cell)] & 1u) == 0) return false;
  return true;
}

// `all`: the one match that writes it (no two hold at once), else unchanged. `prl`: the last match in
// order whose write changes it, else unchanged.
uint8_t PreimageSearch::after(int cell) const {
  const uint8_t before = grid_[size_t(cell)];
  uint8_t value = before;
  for (const Writer& w : writers_[size_t(cell)]) {
    if (!holds(w.match)) continue;
    if (!prl_) return w.value;
    if (w.value != before) value = w.value;
  }
  return value;
}

bool PreimageSearch::narrow(int cell, ValueSet values) {
  if (values == domain_[size_t(cell)]) return true;
  trail_.push_back({cell, domain_[size_t(cell)]});
  domain_[size_t(cell)] = values;
  for (int c : watching_[size_t(cell)])
    if (!queued_[size_t(c)]) queued_[size_t(c)] = 1, queue_.push_back(c);
  return values != 0;
}

// Keeps in each cell of the constraint's scope the values some combination satisfying it uses.
bool PreimageSearch::revise(int constraint) {
  const std::vector<int>& scope = scope_[size_t(constraint)];
  long long combinations = 1;
  for (int cell : scope)
    if ((combinations *= std::popcount(domain_[size_t(cell)])) > kMostCombinations) return true;
  if (combinations == 0) return false;
  std::vector<ValueSet> supported(scope.size(), 0);
  for (int cell : scope) grid_[size_t(cell)] = uint8_t(std::countr_zero(domain_[size_t(cell)]));
  const uint8_t wanted = (*target_)[size_t(constraint)];
  for (;;) {
    if (after(constraint) == wanted)
      for (size_t k = 0; k < scope.size(); k++) supported[k] |= ValueSet(1) << grid_[size_t(scope[k])];
    size_t k = 0;  // the next combination, as an odometer over each cell's values
    for (; k < scope.size(); k++) {
      uint8_t& v = grid_[size_t(scope[k])];
      const ValueSet rest = domain_[size_t(scope[k])] & ~((ValueSet(2) << v) - 1);
      if (rest != 0) {
        v = uint8_t(std::countr_zero(rest));
        break;
      }
      v = uint8_t(std::countr_zero(domain_[size_t(scope[k])]));
    }
    if (k == scope.size()) break;
  }
  for (size_t k = 0; k < scope.size(); k++)
    if (!narrow(scope[k], domain_[size_t(scope[k])] & supported[k])) return false;
  return true;
}

bool PreimageSearch::propagate() {
  bool ok = true;
  while (!queue_.empty()) {
    const int c = queue_.back();
    queue_.pop_back();
    queued_[size_t(c)] = 0;
    if (ok) ok = revise(c);
  }
  return ok;
}

void PreimageSearch::drop_queue() {
  for (int c : queue_) queued_[size_t(c)] = 0;
  queue_.clear();
}

void PreimageSearch::undo(size_t mark) {
  while (trail_.size() > mark) {
    domain_[size_t(trail_.back().first)] = trail_.back().second;
    trail_.pop_back();
  }
}

// Branches on the cell with the fewest values left (more than one); with one value in every cell, the
// grid is an answer if every constraint holds on it (those too wide to revise are checked here).
void PreimageSearch::search(const std::function<bool(const Cells&)>& f) {
  poll_->tick();
  int best = -1;
  for (size_t c = 0; c < domain_.size(); c++) {
    const int n = std::popcount(domain_[c]);
    if (n > 1 && (best < 0 || n < std::popcount(domain_[size_t(best)]))) best = int(c);
  }
  if (best < 0) {
    for (size_t c = 0; c < domain_.size(); c++) grid_[c] = uint8_t(std::countr_zero(domain_[c]));
    for (size_t c = 0; c < domain_.size(); c++)
      if (after(int(c)) != (*target_)[c]) return;
    if (!f(grid_)) stopped_ = true;
    return;
  }
  for (ValueSet left = domain_[size_t(best)]; left != 0 && !stopped_; left &= left - 1) {
    const size_t mark = trail_.size();
    if (narrow(best, left & -left) && propagate()) search(f);
    drop_queue();
    undo(mark);
  }
}

void PreimageSearch::each(const Cells& target, const std::function<bool(const Cells&)>& f, Poll& poll) {
  target_ = &target;
  poll_ = &poll;
  const size_t cells = target.size();
  domain_.assign(cells, all_values(values_));
  grid_.assign(cells, 0);
  queued_.assign(cells, 1);
  queue_.resize(cells);
  for (size_t c = 0; c < cells; c++) queue_[c] = int(c);
  trail_.clear();
  stopped_ = false;
  if (!propagate()) return;
  // A grid other than the target differs from it first at some cell i: the cells before i are the
  // target's, cell i is not.
  for (size_t i = 0; i < cells && !stopped_; i++) {
    const ValueSet own = ValueSet(1) << target[i];
    if ((domain_[i] & own) == 0) {  // every answer differs here
      search(f);
      return;
    }
    if (domain_[i] == own) continue;
    const size_t mark = trail_.size();
    if (narrow(int(i), domain_[i] & ~own) && propagate()) search(f);
    drop_queue();
    undo(mark);
    if (!narrow(int(i), own) || !propagate()) return;
  }
}

}  // namespace mj
