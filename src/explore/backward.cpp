#include "explore/backward.hpp"

#include <algorithm>

#include "core/grid.hpp"
#include "explore/grid_coding.hpp"
#include "explore/grid_steps.hpp"

namespace mj {

Backward::Backward(ExploreProgram program, const ExploreOptions& options)
    : program_(std::move(program)), options_(options) {
  for (const ProgramNode& n : program_.nodes)
    if (!n.is_branch()) node_ = &n;
}

template <class F>
void Backward::reverse_one(const Cells& grid, F f) const {
  const ValueSet every = all_values(program_.values);
  Cells candidate = grid;
  std::vector<ValueSet> choices;  // per write: the values the input allows under it
  std::vector<int> at, digit;
  for (const CompiledRule& rule : node_->rules)
    for (int corner : rule.corners) {
      bool agrees = true;
      for (const CompiledRule::Write& w : rule.writes) agrees &= grid[size_t(corner + w.offset)] == w.value;
      if (!agrees) continue;
      choices.assign(rule.writes.size(), every);
      at.clear();
      for (const CompiledRule::Write& w : rule.writes) at.push_back(corner + w.offset);
      // Cells the rule reads but does not write keep the grid's value, which the input must accept.
      for (const CompiledRule::Test& t : rule.tests) {
        const int cell = corner + t.offset;
        const auto written = std::find(at.begin(), at.end(), cell);
        if (written != at.end()) choices[size_t(written - at.begin())] &= t.accepted;
        else agrees &= (t.accepted >> grid[size_t(cell)] & 1u) != 0;
      }
      if (!agrees || std::any_of(choices.begin(), choices.end(), [](ValueSet c) { return c == 0; })) continue;
      // Every combination of the written cells' values, as an odometer over the allowed values.
      digit.assign(at.size(), 0);
      for (size_t k = 0; k < at.size(); k++) candidate[size_t(at[k])] = uint8_t(std::countr_zero(choices[k]));
      for (;;) {
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

std::vector<Backward::Cells> Backward::by_every_grid(const Cells& grid, bool first_only) const {
  long long count = 1;
  for (int i = 0; i < program_.cells(); i++)
    if ((count *= program_.values) > options_.max_states)
      program_.fail(node_->line,
                    "mj explore finds the predecessors of an <" +
                        std::string(node_->kind == ProgramNode::kAll ? "all" : "prl") +
                        "> step by trying every grid: " + std::to_string(program_.values) + "^" +
                        std::to_string(program_.cells()) + " grids are more than " +
                        std::to_string(options_.max_states) + " (a smaller grid, or a higher {setting})",
                    Setting::max_states);
  const GridCoding coding(program_.values, program_.cells());
  uint64_t word = 0;
  for (int i = 0; i < program_.cells(); i++) word |= uint64_t(grid[size_t(i)]) << (i * coding.bits());
  const int target = int(coding.number(word));
  const StepGraph graph = step_graph(program_, count, options_.threads);
  std::vector<Cells> found;
  for (long long g = 0; g < count; g++) {
    if (g == target) continue;
    if (!std::binary_search(graph.to.begin() + graph.first[size_t(g)], graph.to.begin() + graph.first[size_t(g) + 1],
                            target))
      continue;
    const uint64_t w = coding.word(uint64_t(g));
    Cells cells(size_t(program_.cells()));
    for (int i = 0; i < program_.cells(); i++) cells[size_t(i)] = uint8_t(coding.cell(w, i));
    found.push_back(std::move(cells));
    if (first_only) break;
  }
  return found;
}

std::vector<Backward::Cells> Backward::predecessors(const Cells& grid) const {
  if (node_->kind != ProgramNode::kOne) return by_every_grid(grid, false);
  std::vector<Cells> found;
  // Duplicates dropped (the same grid is found through several matches); past the limit, an error.
  const auto settle = [&] {
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    if ((long long)found.size() > options_.max_states)
      throw Error(program_.source, 0,
                  "more than " + std::to_string(options_.max_states) +
                      " predecessors (a higher {setting}, or ask only whether there is one)",
                  Setting::max_states);
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
    std::vector<Cells> found = by_every_grid(grid, true);
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
