// Loading a rule node (one, all, prl): its rules with their symmetries, fields, observations, search
// settings, and a check of the memory it will take.
#include "nodes/rules/rule_node.hpp"

#include <algorithm>

#include "nodes/rules/rule_load.hpp"
#include "nodes/rules/rule_weight.hpp"

namespace mj {

namespace {

// The rules with their symmetric images, and `weights` the weight of each (an image shares its rule's);
// `weights` is left empty when the rules are all alike, which a uniform draw serves.
std::vector<Rule> load_rules(const XmlElement& e, const SymmetryGroup& symmetry, const Grid& grid,
                             const LoadContext& context, std::vector<double>& weights) {
  bool d2 = grid.mz == 1;
  std::vector<XmlElement> xrules = e.children({"rule"});
  if (xrules.empty()) xrules.push_back(e);  // shorthand: in/out on the node itself
  std::vector<Rule> rules;
  bool weighted = false;
  for (const XmlElement& xrule : xrules) {
    Rule rule = load_rule(xrule, grid, grid, context.resources);
    rule.original = true;
    const double weight = load_weight(e, xrule, context);
    weighted |= weight > 0;
    for (Rule& image : rule.symmetries(element_symmetry(xrule, d2, symmetry), d2)) {
      rules.push_back(std::move(image));
      weights.push_back(weight > 0 ? weight : 1.0);
    }
  }
  if (!weighted || std::equal(weights.begin() + 1, weights.end(), weights.begin())) weights.clear();
  return rules;
}

// Bytes a rule node keeps per grid: match flags per rule and cell, potentials per value and cell,
// the future and the per-rule flags of inference. Refused above a bound rather than swapping.
void check_memory(const XmlElement& e, size_t rules, const Grid& g, bool track_matches, bool potentials,
                  bool inference) {
  constexpr double kMaxBytes = double(1LL << 32);
  double cells = double(g.size());
  double bytes = (track_matches ? rules * cells : 0) + (potentials ? 4.0 * g.values * cells : 0) +
                 (inference ? (4.0 + rules) * cells : 0);
  if (bytes > kMaxBytes)
    e.fail("this node would need " + std::to_string((long long)(bytes / (1 << 20))) + " MiB for " +
           std::to_string(rules) + " rules (with their symmetric images) on " + std::to_string(g.size()) +
           " cells; the limit is 4096 MiB: use a smaller grid or fewer rules");
}

}  // namespace

void RuleNode::load_rule_node(const XmlElement& e, const SymmetryGroup& parent_symmetry, Grid& g, LoadContext& context,
                              RuleMatcher::Taker* taker, Applies applies) {
  rules = load_rules(e, element_symmetry(e, g.mz == 1, parent_symmetry), g, context, weights);
  check_memory(e, rules.size(), g, taker == nullptr, e.children({"field", "observe"}).size() > 0,
               e.children({"observe"}).size() > 0);
  fired_.assign(rules.size(), 0);
  for (const Rule& rule : rules) outputs_.push_back(rule_outputs(rule, g));
  steps = count_attribute(e, "steps", 0, g, context);
  applies_ = applies;
  matcher.load(rules, g, taker);
  guidance.load(e, g, rules, context);
  watches_end = guidance.infers();
}

}  // namespace mj
