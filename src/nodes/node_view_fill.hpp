// Filling in the public node tree view (mj/node_view.hpp) from the nodes: each node adds what it
// knows through Node::describe, the tree walk adds kind, legend, line and children.
#pragma once

#include "mj/node_view.hpp"

namespace mj {

class Branch;
struct Rule;

RuleView view_of_rule(const Rule& rule, bool fired);

// Views `root` and everything under it; `current` is the branch the interpreter runs next (or null).
NodeView view_of_tree(const Branch& root, const Branch* current);

}  // namespace mj
