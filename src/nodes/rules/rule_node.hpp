// The common part of `one`, `all` and `prl`: rules, the matcher that finds where they match, and
// the guidance (fields, observations, temperature) that picks among the matches.
#pragma once

#include <cstdint>
#include <vector>

#include "nodes/node.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/rules/rule_guidance.hpp"
#include "nodes/rules/rule_matcher.hpp"

namespace mj {

class RuleNode : public Node {
 public:
  void reset() override;
  void restart() override {
    matcher.restart();
    guidance.restart();
  }
  // The shared first half of a step: checks limits, sets up inference, updates matches and
  // fields. False when the node cannot run this step.
  bool go(Run& run) override;
  void ended(Run& run) override { guidance.note_end(run, *grid, kind, line); }
  void describe(NodeView& view) const override;
  void inspect(Inspection& view) const override;
  // For breakpoints: the rules as written (each with its symmetric images), and whether one of them
  // (its index as written) fired in the node's latest step.
  int rules_as_written() const;
  bool fired_as_written(int written) const;

  std::vector<Rule> rules;
  const RuleGuidance& guide() const { return guidance; }  // mj explore reads the fields
  int counter = 0;                                        // steps this node made since its last reset
  int steps = 0;                                          // limit on `counter`, 0 for none
  // Per rule image, its weight (the mj dialect, `one` only); empty when the rules are all alike.
  std::vector<double> weights;

  // Reads rules (with their symmetric images), steps, fields and observations. `taker`: null for
  // a node that keeps a list of its matches (one, all), else who applies them as found (prl).
  void load_rule_node(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context,
                      RuleMatcher::Taker* taker, Applies applies);

 protected:
  RuleMatcher matcher;
  RuleGuidance guidance;
  std::vector<std::vector<RuleOutput>> outputs_;  // per rule: the cells it writes

  // A step along a searched trajectory: its next state; false at its end.
  bool follow_trajectory(Run& run) {
    if (!guidance.follow_trajectory(run, *grid, counter)) return false;
    counter++;
    return true;
  }

  // Rule r fired in the latest step (for the GUI): stamped with the step rather than cleared
  // every step.
  void fire(int r) { fired_[size_t(r)] = stamp_; }
  bool fired(size_t r) const { return fired_[r] == stamp_; }

 private:
  Applies applies_ = Applies::kOne;
  std::vector<uint64_t> fired_;
  uint64_t stamp_ = 1;
};

}  // namespace mj
