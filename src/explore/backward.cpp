#include "explore/backward.hpp"

#include <algorithm>
#include <bit>

#include "core/grid.hpp"

namespace mj {

Backward::Backward(ExploreProgram program, const ExploreOptions& options)
    : program_(std::move(program)), options_(options) {
  for (const ProgramNode& n : program_.nodes)
    if (!n.is_branch()) node_ = &n;
  if (node_->kind != ProgramNode::kOne) search_ = std::make_unique<PreimageSearch>(program_);
}

namespace {

// Whether `rule` at `corner` can have made `grid`: its writes agree with it, and its input accepts the cells
// it reads but does not write (they keep the grid's value). `at` := the cells it writes, `choices` := per
// written cell, the values its input allows there.
bool could_have_made(const CompiledRule& rule, int corner, const std::vector<uint8_t>& grid, ValueSet every,
                     std::vector<int>& at, std::vector<ValueSet>& choices) {
  for (const CompiledRule::Write& w : rule.writes)
    if (grid[size_t(corner + w.offset)] != w.value) return false;
  choices.assign(rule.writes.size(), every);
  at.clear();
  for (const CompiledRule::Write& w : rule.writes) at.push_back(corner + w.offset);
  bool agrees = true;
  for (const CompiledRule::Test& t : rule.tests) {
    const int cell = corner + t.offset;
    const auto written = std::find(at.begin(), at.end(), cell);
    if (written != at.end()) choices[size_t(written - at.begin())] &= t.accepted;
    else agrees &= (t.accepted >> grid[size_t(cell)] & 1u) != 0;
  }
  return agrees && std::none_of(choices.begin(), choices.end(), [](ValueSet c) { return c == 0; });
}

}  // namespace

template <class F>
void Backward::reverse_one(const Cells& grid, F f) const {
  const ValueSet every = all_values(program_.values);
  Cells candidate = grid;
  std::vector<ValueSet> choices;  // per write: the values the input allows under it
  std::vector<int> at;
  for (const CompiledRule& rule : node_->rules)
    for (int corner : rule.corners) {
      poll_.tick();
      if (!could_have_made(rule, corner, grid, every, at, choices)) continue;
      // Every combination of the written cells' values, as an odometer over the allowed values.
      for (size_t k = 0; k < at.size(); k++) candidate[size_t(at[k])] = uint8_t(std::countr_zero(choices[k]));
      for (;;) {
        poll_.tick();
        if (candidate != grid && !f(candidate)) return;
        size_t k = 0;
        for (; k < at.size(); k++) {
          ValueSet rest = choices[k] & ~((ValueSet(2) << candidate[size_t(at[k])]) - 1);
          if (rest != 0) {
            candidate[size_t(at[k])] = uint8_t(std::countr_zero(rest));
            break;
          }
          candidate[size_t(at[k])] = uint8_t(std::countr_zero(choices[k]));
        }
        if (k == at.size()) break;
      }
      for (int cell : at) candidate[size_t(cell)] = grid[size_t(cell)];
    }
}

void Backward::too_many() const {
  throw Error(
      program_.source, 0,
      "more than " + std::to_string(options_.max_states) + " predecessors (a higher {setting}, or {only_whether})",
      Setting::max_states);
}

std::vector<Backward::Cells> Backward::by_search(const Cells& grid, bool first_only) const {
  std::vector<Cells> found;
  search_->each(
      grid,
      [&](const Cells& p) {
        found.push_back(p);
        if ((long long)found.size() > options_.max_states) too_many();
        return !first_only;
      },
      poll_);
  std::sort(found.begin(), found.end(), CellsBefore{});
  return found;
}

std::vector<Backward::Cells> Backward::predecessors(const Cells& grid) const {
  if (node_->kind != ProgramNode::kOne) return by_search(grid, false);
  std::vector<Cells> found;
  // Duplicates dropped (the same grid is found through several matches); past the limit, an error.
  const auto settle = [&] {
    std::sort(found.begin(), found.end(), CellsBefore{});
    found.erase(std::unique(found.begin(), found.end()), found.end());
    if ((long long)found.size() > options_.max_states) too_many();
  };
  reverse_one(grid, [&](const Cells& p) {
    found.push_back(p);
    if ((long long)found.size() > 4 * options_.max_states) settle();
    return true;
  });
  settle();
  return found;
}

std::optional<Backward::Cells> Backward::a_predecessor(const Cells& grid) const {
  if (node_->kind != ProgramNode::kOne) {
    std::vector<Cells> found = by_search(grid, true);
    if (found.empty()) return std::nullopt;
    return found[0];
  }
  std::optional<Cells> found;
  reverse_one(grid, [&](const Cells& p) {
    found = p;
    return false;
  });
  return found;
}

}  // namespace mj
