// mj explore --predecessors / --garden-of-eden / --backward: the public calls over Backward.
#include <algorithm>
#include <map>

#include "core/json_text.hpp"
#include "explore/backward.hpp"
#include "explore/refusals.hpp"
#include "io/formats/state_text.hpp"
#include "mj/explore.hpp"

namespace mj {

namespace {

Backward backward_of(const RunSettings& settings, const ExploreOptions& options) {
  require_one_rule_node(load_explorable(settings)->root());
  return Backward(compile_program(settings), options);
}

std::string text_of(const ExploreProgram& p, const std::vector<uint8_t>& cells) {
  return state_text(p.name, p.view(cells.data()), 0, 0);
}

void check_size(const ExploreProgram& p, const std::vector<uint8_t>& grid) {
  if ((long long)grid.size() != p.cells()) throw Error(p.source, 0, "the grid is not of the model's size");
  for (uint8_t v : grid)
    if (v >= p.values) throw Error(p.source, 0, "the grid holds a value the model does not have");
}

}  // namespace

Predecessors predecessors(const RunSettings& settings, const std::vector<uint8_t>& grid, int depth,
                          const ExploreOptions& options) {
  const Backward backward = backward_of(settings, options);
  check_size(backward.program(), grid);
  Predecessors result;
  // Each depth's grids with the number of tree nodes (paths down from the grid) that are each.
  std::map<std::vector<uint8_t>, long long, CellsBefore> level{{grid, 1}};
  result.tree_nodes.push_back(1), result.distinct.push_back(1);
  for (int d = 1; d <= std::max(1, depth); d++) {
    std::map<std::vector<uint8_t>, long long, CellsBefore> next;
    long long nodes = 0;
    for (const auto& [cells, paths] : level) {
      const auto found = backward.predecessors(cells);  // each polls the face (explore/poll.hpp)
      if (d == 1)
        for (const auto& p : found) result.grids.push_back(text_of(backward.program(), p)), result.cells.push_back(p);
      for (const auto& p : found) next[p] += paths;
      nodes += paths * (long long)found.size();
      if ((long long)next.size() > options.max_states)
        throw Error(settings.source, 0,
                    "more than " + std::to_string(options.max_states) + " grids at depth " + std::to_string(d) +
                        " of the pre-image tree (a smaller {depth}, or a higher {setting})",
                    Setting::max_states);
    }
    result.tree_nodes.push_back(nodes), result.distinct.push_back((long long)next.size());
    level.swap(next);
  }
  return result;
}

std::optional<std::string> a_predecessor(const RunSettings& settings, const std::vector<uint8_t>& grid,
                                         const ExploreOptions& options) {
  const Backward backward = backward_of(settings, options);
  check_size(backward.program(), grid);
  const auto found = backward.a_predecessor(grid);
  if (!found) return std::nullopt;
  return text_of(backward.program(), *found);
}

std::string predecessors_json(const Predecessors& p) {
  std::string list;
  for (const std::string& g : p.grids) list += (list.empty() ? "" : ", ") + json_text(g);
  std::string json = "{\"predecessors\": [" + list + "]";
  if (p.tree_nodes.size() > 2) {
    std::string depths;
    for (size_t d = 0; d < p.tree_nodes.size(); d++)
      depths += (depths.empty() ? "" : ", ") + std::string("{\"depth\": ") + std::to_string(d) +
                ", \"tree_nodes\": " + std::to_string(p.tree_nodes[d]) +
                ", \"grids\": " + std::to_string(p.distinct[d]) + "}";
    json += ", \"depths\": [" + depths + "]";
  }
  return json + "}\n";
}

std::string garden_of_eden_json(const std::optional<std::string>& predecessor) {
  return std::string("{\"garden_of_eden\": ") + (predecessor ? "false" : "true") +
         ", \"predecessor\": " + (predecessor ? json_text(*predecessor) : "null") + "}\n";
}

}  // namespace mj
