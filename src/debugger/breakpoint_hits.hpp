// The run loop's side of breakpoints (mj/breakpoint.hpp): which one, if any, the step just taken hit.
// A branch (sequence, markov, map, wfc) begins to work when a node below it does after a node outside it.
#pragma once

#include <optional>
#include <vector>

#include "core/xml.hpp"
#include "mj/run_control.hpp"
#include "nodes/node.hpp"

namespace mj {

class RuleNode;

class BreakpointWatch {
 public:
  // Finds each breakpoint's node in the tree; throws mj::Error for a line with no node, a rule
  // breakpoint on a node that has no rules, or a rule index out of range.
  BreakpointWatch(const std::vector<Breakpoint>& breakpoints, const Branch& root, const XmlDocument& doc);
  // Around each step of `run`.
  void before_step(const Run& run);
  std::optional<Breakpoint> after_step(const Run& run);

 private:
  struct Watched {
    Breakpoint breakpoint;
    const Node* node;
    const RuleNode* rules;            // null for a node breakpoint
    std::vector<const Node*> within;  // the node and, for a branch, every node below it (sorted)
    bool holds(const Node* n) const;
  };
  std::vector<Watched> watched_;
  const Branch* before_ = nullptr;
  int running_before_ = 0;
  const Node* last_worker_ = nullptr;  // the node that worked in the step before
  bool first_ = true;
};

}  // namespace mj
