// The checks of pins and goals (Model::set_pins, set_goal) against the program they are for.
#include "nodes/pins.hpp"

#include "mj/error.hpp"
#include "nodes/node.hpp"
#include "nodes/rules/rule_node.hpp"

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

}  // namespace

void check_constraint_cells(const std::vector<uint8_t>& cells, const Grid& grid, const Node& root, const char* what,
                            const std::string& file) {
  const std::string name = what;
  const std::string have = name == "pins" ? " have " : " has ";
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
  const Node* maker = first_node(root, [](const Node& n) { return n.kind == "map" || n.kind == "wfc"; });
  if (maker)
    throw Error(file, maker->line,
                name + (name == "pins" ? " hold" : " holds") + " cells of the start grid, and this <" +
                    std::string(maker->kind) + "> makes a new grid: a model with " + name +
                    " may have no <map> or <wfc>",
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
