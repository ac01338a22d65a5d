#include "debugger/breakpoint_hits.hpp"

#include <algorithm>
#include <string>

#include "mj/error.hpp"
#include "nodes/rules/rule_node.hpp"

namespace mj {

namespace {

void add_subtree(const Node& node, std::vector<const Node*>& out) {
  out.push_back(&node);
  if (const Branch* b = node.as_branch())
    for (const NodePtr& child : b->children) add_subtree(*child, out);
}

}  // namespace

bool BreakpointWatch::Watched::holds(const Node* n) const {
  return std::binary_search(within.begin(), within.end(), n);
}

BreakpointWatch::BreakpointWatch(const std::vector<Breakpoint>& breakpoints, const Branch& root,
                                 const XmlDocument& doc) {
  for (const Breakpoint& bp : breakpoints) {
    const Node* node = node_at_line(root, bp.line);
    if (!node) throw Error(doc.file(), bp.line, "breakpoint: no node is written on line " + std::to_string(bp.line));
    const RuleNode* rules = nullptr;
    if (bp.rule >= 0) {
      rules = dynamic_cast<const RuleNode*>(node);
      if (!rules)
        throw Error(doc.file(), bp.line, "breakpoint: the <" + std::string(node->kind) + "> node has no rules");
      if (bp.rule >= rules->rules_as_written())
        throw Error(doc.file(), bp.line,
                    "breakpoint: rule " + std::to_string(bp.rule) + " of a node with " +
                        std::to_string(rules->rules_as_written()) + " rules (counted from 0)");
    }
    Watched& w = watched_.emplace_back(Watched{bp, node, rules, {}});
    add_subtree(*node, w.within);
    std::sort(w.within.begin(), w.within.end());
  }
}

void BreakpointWatch::before_step(const Run& run) {
  if (first_) {
    // The node that worked last, as the run's state tells it (none at the start): resuming where a
    // node breakpoint paused does not pause again at once.
    first_ = false;
    if (run.counter > 0 && run.current) last_worker_ = worker_of_step(run.current, run.current->running, run.current);
  }
  before_ = run.current;
  running_before_ = before_ ? before_->running : 0;
}

std::optional<Breakpoint> BreakpointWatch::after_step(const Run& run) {
  const Node* worker = worker_of_step(before_, running_before_, run.current);
  if (!worker) return std::nullopt;
  const Node* last = last_worker_;
  last_worker_ = worker;
  for (const Watched& w : watched_) {
    if (w.rules ? worker == w.node && w.rules->fired_as_written(w.breakpoint.rule) : w.holds(worker) && !w.holds(last))
      return w.breakpoint;
  }
  return std::nullopt;
}

}  // namespace mj
