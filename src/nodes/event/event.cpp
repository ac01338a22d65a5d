// <event timeout="N"> with <keypress key="K"> children (the mj dialect): a node that waits for an input
// sent to the run (Interpreter::send), then runs the nodes of the keypress that names it, as a sequence.
// Time is counted in steps, never on a clock: a step in which the event waits is a step like any other
// (the grid unchanged), so that a run and the steps at which its inputs came replay exactly. After
// `timeout` steps without an input the event ends and its parent goes on.
#include "nodes/registry.hpp"

namespace mj {

namespace {

// The nodes one key runs, in order.
class KeypressNode : public Branch {
 public:
  static std::unique_ptr<KeypressNode> load(const XmlElement& element, const SymmetryGroup& symmetry, Grid& grid,
                                            LoadContext& context) {
    auto node = std::make_unique<KeypressNode>();
    node->key = element.str("key");
    if (node->key.empty()) element.fail("<keypress> needs key=\"...\", the input it takes (\"ArrowLeft\", \"a\")");
    node->load_children(element, symmetry, grid, context);
    node->grid = &grid;
    node->kind = "keypress";
    node->line = element.line();
    return node;
  }
  std::string key;
};

// Between steps the event is never the current branch: its parent is, and calls it again at every step
// (a markov's earlier children are asked first, as ever), so that when the event ends, by its timeout or
// after its keypress's nodes, its parent goes on in the same step.
class EventNode : public Branch {
 public:
  EventNode() { running = -1; }

  void reset() override {
    Branch::reset();
    running = -1;  // no input taken: the event itself is what runs next, as map and wfc before their step
    waited = 0;
  }

  bool go(Run& run) override {
    if (running >= 0) return end(run);  // its keypress's nodes ran: the event is done
    while (!run.inputs.empty()) {
      const std::string input = std::move(run.inputs.front());
      run.inputs.pop_front();  // an input no keypress names is passed by
      for (size_t i = 0; i < children.size(); i++) {
        auto* keypress = static_cast<KeypressNode*>(children[i].get());
        if (keypress->key != input) continue;
        running = int(i);
        keypress->parent = parent;  // its end hands control to the event's parent, which calls the event again
        run.current = keypress;
        return keypress->go(run) || end(run);
      }
    }
    if (waited >= timeout) return end(run);
    waited++;
    run.current = parent ? parent : this;
    return true;  // a step spent waiting
  }

  int timeout = 0;
  int waited = 0;  // steps waited so far

 private:
  bool end(Run& run) {
    run.current = parent;
    reset();
    return false;
  }
};

}  // namespace

bool is_waiting(const Run& run) {
  if (!run.current || !run.inputs.empty()) return false;
  const Node* next = active_in(*run.current);
  return next->kind == "event" && next->as_branch()->running < 0;
}

NodePtr load_event(const XmlElement& element, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  require_extension_element(element, context);
  if (!element.has("timeout"))
    element.fail(
        "<event> needs timeout=\"N\": the steps it waits for an input before the run goes on by itself (time in "
        "steps, so that a recorded game replays exactly)");
  auto node = std::make_unique<EventNode>();
  node->timeout = count_attribute(element, "timeout", 0, grid, context);
  if (node->timeout < 0) element.fail("timeout=\"" + element.str("timeout") + "\" is below 0");
  for (const XmlElement& child : element.children()) {
    if (child.name() != "keypress")
      child.fail("<event> takes <keypress key=\"...\"> children, not <" + std::string(child.name()) + ">");
    context.depth++;
    std::unique_ptr<KeypressNode> keypress = KeypressNode::load(child, symmetry, grid, context);
    context.depth--;
    for (const NodePtr& earlier : node->children)
      if (static_cast<const KeypressNode&>(*earlier).key == keypress->key)
        child.fail("<keypress key=\"" + keypress->key + "\"> again: the event already takes it at line " +
                   std::to_string(earlier->line));
    node->children.push_back(std::move(keypress));
  }
  if (node->children.empty()) element.fail("<event> needs <keypress key=\"...\"> children, the inputs it takes");
  return node;
}

}  // namespace mj
