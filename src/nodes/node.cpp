#include "nodes/node.hpp"

#include "nodes/notices.hpp"

namespace mj {

SymmetryGroup element_symmetry(const XmlElement& element, bool d2, const SymmetryGroup& parent) {
  auto name = element.text("symmetry");
  auto group = symmetry_from_name(d2, name, parent);
  if (!group) element.fail("unknown symmetry \"" + *name + "\" for a " + (d2 ? "2D" : "3D") + " grid");
  return *group;
}

void Branch::load_children(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& child_grid,
                           LoadContext& context) {
  // The reference decides 2D/3D here by the interpreter's first grid.
  SymmetryGroup symmetry = element_symmetry(element, context.top_grid->mz == 1, parent_symmetry);
  for (const XmlElement& child : element.children()) {
    if (child.name() == "union" || reads_child(child.name())) continue;  // unions: read by Grid::load
    if (!is_node_name(child.name())) child.fail(unknown_node_text(child.name()));
    NodePtr node = load_node(child, symmetry, child_grid, context);
    if (Branch* branch = node->as_branch()) {
      branch->parent = branch->returns_to_parent() ? this : nullptr;
      branch->holder = this;
    }
    children.push_back(std::move(node));
  }
}

bool Branch::go(Run& run) {
  for (; running < int(children.size()); running++) {
    Node* child = children[size_t(running)].get();
    if (Branch* branch = child->as_branch()) run.current = branch;
    if (child->go(run)) return true;
    if (child->watches_end) child->ended(run);
  }
  // A wfc whose first step fails (no good seed) leaves itself current, and its parent is null: the run is over,
  // and the branches around it must not step up from nothing.
  if (run.current) run.current = run.current->parent;
  reset();
  return false;
}

void Branch::reset() {
  for (auto& child : children) child->reset();
  running = 0;
}

void Branch::restart() {
  for (auto& child : children) child->restart();
}

const Node* worker_of_step(const Branch* before, int running_before, const Branch* after) {
  if (!before || !after) return nullptr;  // the run ended
  // A map or wfc (running -1) makes its own steps before its children's; one entered in this step
  // made its first (it has no parent, and is not where a branch that ended handed control back to).
  if (after == before && running_before < 0) return after;
  if (after != before && after != before->parent && !after->parent) return after;
  if (after->running < 0 || after->running >= int(after->children.size())) return nullptr;
  // Otherwise a step that worked left the leaf that did the work running; one that ended a branch
  // left its parent running that branch.
  const Node* child = after->children[size_t(after->running)].get();
  return child->as_branch() ? nullptr : child;
}

const Node* node_at_line(const Node& root, int line) {
  if (root.line == line) return &root;
  if (const Branch* b = root.as_branch())
    for (const NodePtr& child : b->children)
      if (const Node* found = node_at_line(*child, line)) return found;
  return nullptr;
}

const Node* active_in(const Branch& current) {
  if (current.running >= 0 && current.running < int(current.children.size()))
    return current.children[size_t(current.running)].get();
  return &current;
}

NodePtr SequenceNode::load(const XmlElement& element, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<SequenceNode>();
  node->load_children(element, symmetry, grid, context);
  return node;
}

NodePtr MarkovNode::load(const XmlElement& element, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<MarkovNode>();
  node->load_children(element, symmetry, grid, context);
  return node;
}

std::unique_ptr<MarkovNode> MarkovNode::wrap(NodePtr child, Grid& grid) {
  auto node = std::make_unique<MarkovNode>();
  node->grid = &grid;
  node->kind = "markov";
  node->children.push_back(std::move(child));
  return node;
}

bool MarkovNode::go(Run& run) {
  running = 0;
  return Branch::go(run);
}

}  // namespace mj
