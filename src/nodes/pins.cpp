// The checks of pins and goals (Model::set_pins, set_goal) against the program they are for.
#include "nodes/pins.hpp"

#include "mj/error.hpp"
#include "nodes/node.hpp"
#include "nodes/rules/rule_node.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj {

namespace {

// The first node below `root` (itself included) that `is`, or null.
template <class Is>
const Node* first_node(const Node& root, const Is& is) {
  if (is(root)) return &root;
  if (const Branch* b = root.as_branch())
    for (const NodePtr& child : b->children)
      if (const Node* found = first_node(*child, is)) return found;
  return nullptr;
}

bool makes_grid(const Node& n) { return n.kind == "map" || n.kind == "wfc"; }

// The second <wfc> below `root` (in the order written), or null.
const Node* second_wfc(const Node& root) {
  const Node* first = first_node(root, [](const Node& n) { return n.kind == "wfc"; });
  if (!first) return nullptr;
  return first_node(root, [first](const Node& n) { return n.kind == "wfc" && &n != first; });
}

// The node that keeps `what` from the model: any map or wfc for a goal; for pins a map or a second wfc.
void refuse_grid_makers(const Node& root, const std::string& name, const std::string& file) {
  if (name == "goal") {
    if (const Node* maker = first_node(root, makes_grid))
      throw Error(file, maker->line,
                  "a goal holds cells of the start grid, and this <" + std::string(maker->kind) +
                      "> makes a new grid: a model with a goal may have no <map> or <wfc>",
                  ErrorKind::argument);
    return;
  }
  if (const Node* map = first_node(root, [](const Node& n) { return n.kind == "map"; }))
    throw Error(file, map->line,
                "pins hold cells of the grid the program ends on, and this <map> makes it from a grid no pin names: "
                "a model with pins may have no <map>",
                ErrorKind::argument);
  if (const Node* second = second_wfc(root))
    throw Error(file, second->line,
                "pins hold cells of the grid a <wfc> makes, and this is a second <wfc>: a model with pins may have "
                "one <wfc> at most",
                ErrorKind::argument);
}

}  // namespace

const Grid& pinned_grid(const Node& root, const Grid& start) {
  if (first_node(root, [](const Node& n) { return n.kind == "map"; }) || second_wfc(root)) return start;
  const auto* wfc = dynamic_cast<const wfc::WfcNode*>(first_node(root, [](const Node& n) { return n.kind == "wfc"; }));
  return wfc ? wfc->new_grid() : start;
}

void check_constraint_cells(const std::vector<uint8_t>& cells, const Grid& grid, const Node& root, const char* what,
                            const std::string& file) {
  const std::string name = what;
  const std::string have = name == "pins" ? " have " : " has ";
  refuse_grid_makers(root, name, file);  // first: the model, not the cells, is what does not fit
  if (cells.size() != size_t(grid.size()))
    throw Error(file, 0,
                name + have + std::to_string(cells.size()) + " cells, the model's grid " + std::to_string(grid.size()) +
                    " (one per cell, x fastest, then y, then z)",
                ErrorKind::argument);
  for (size_t i = 0; i < cells.size(); i++)
    if (cells[i] != kFreeCell && cells[i] >= grid.values)
      throw Error(file, 0,
                  name + have + "value " + std::to_string(cells[i]) + " at cell " + grid.cell_name(int(i)) +
                      ", the model has " + std::to_string(grid.values) + " values (" + std::to_string(int(kFreeCell)) +
                      ": a free cell)",
                  ErrorKind::argument);
}

void check_pins_meet_goal(const std::vector<uint8_t>& pins, const std::vector<uint8_t>& goal, const Grid& grid,
                          const std::string& file) {
  if (pins.size() != goal.size()) return;  // each was checked against the grid: one of them is none
  for (size_t i = 0; i < pins.size(); i++)
    if (pins[i] != kFreeCell && goal[i] != kFreeCell && pins[i] != goal[i])
      throw Error(file, 0,
                  "the pins hold cell " + grid.cell_name(int(i)) + " at " + grid.characters[pins[i]] +
                      " and the goal asks " + grid.characters[goal[i]] +
                      " there: a pinned cell keeps its value, so that goal could never be met",
                  ErrorKind::argument);
}

std::optional<std::string> missed_goal(const std::vector<uint8_t>& goal, const Grid& grid) {
  int cells = 0, missed = 0, first = -1;
  for (size_t i = 0; i < goal.size(); i++) {
    if (goal[i] == kFreeCell) continue;
    cells++;
    if (grid.state[i] != goal[i]) missed++, first = first < 0 ? int(i) : first;
  }
  if (missed == 0) return std::nullopt;
  return "the run ended with the goal unmet: " + std::to_string(missed) + " of its " + std::to_string(cells) +
         " cells hold other values, the first " + grid.cell_name(first) + " " +
         grid.characters[grid.state[size_t(first)]] + " where the goal has " + grid.characters[goal[size_t(first)]];
}

void check_goal_reachable(const Node& root, const std::string& file) {
  const auto infers = [](const Node& n) {
    const auto* rules = dynamic_cast<const RuleNode*>(&n);
    return rules && rules->guide().infers();
  };
  if (!first_node(root, infers))
    throw Error(file, 0,
                "a goal is reached by inference, and this model has no inference node (a rule node with <observe>)",
                ErrorKind::argument);
}

}  // namespace mj
