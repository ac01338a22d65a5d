// Loading a rule node (one, all, prl): its rules with their symmetries, fields, observations, search
// settings, and a check of the memory it will take.
#include "nodes/rule_node.hpp"

#include <algorithm>

#include "nodes/rule_load.hpp"
#include "nodes/value_attribute.hpp"

namespace mj {

namespace {

std::vector<Rule> load_rules(const XmlElement& e, const SymmetryGroup& symmetry, const Grid& grid,
                             const LoadContext& context) {
  bool d2 = grid.mz == 1;
  std::vector<XmlElement> xrules = e.children({"rule"});
  if (xrules.empty()) xrules.push_back(e);  // shorthand: in/out on the node itself
  std::vector<Rule> rules;
  for (const XmlElement& xrule : xrules) {
    Rule rule = load_rule(xrule, grid, grid, context.resources);
    rule.original = true;
    for (Rule& image : rule.symmetries(element_symmetry(xrule, d2, symmetry), d2)) rules.push_back(std::move(image));
  }
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
                              Matches matches) {
  const bool track_matches = matches == Matches::kTracked;
  rules = load_rules(e, element_symmetry(e, g.mz == 1, parent_symmetry), g, context);
  check_memory(e, rules.size(), g, track_matches, e.children({"field", "observe"}).size() > 0,
               e.children({"observe"}).size() > 0);
  fired_.assign(rules.size(), 0);
  for (const Rule& rule : rules) {
    patterns_.push_back(compile_rule(rule, g));
    writes_.push_back(rule_writes(rule, g));
    outputs_.push_back(rule_outputs(rule, g));
  }
  point_of_ = PointOfCell(g);
  steps = e.integer("steps", 0);
  temperature = e.real("temperature", 0.0);

  std::vector<XmlElement> xfields = e.children({"field"});
  if (!xfields.empty()) {
    fields.assign(size_t(g.values), std::nullopt);
    for (const XmlElement& xfield : xfields) fields[value_attribute(xfield, g, "for")].emplace(xfield, g);
    potentials.resize(g.values, g.size());
    inversed_ = inversed_values(fields);
    fields_found_.assign(size_t(g.values), 0);
  }

  std::vector<XmlElement> xobservations = e.children({"observe"});
  if (!xobservations.empty()) {
    observations.assign(size_t(g.values), std::nullopt);
    for (const XmlElement& xobs : xobservations) {
      uint8_t value = value_attribute(xobs, g, "value");
      uint8_t from = value_of_symbol(xobs, g, "from", xobs.symbol("from", g.characters[value]));
      observations[value] = Observation{from, g.wave(xobs.str("to"), xobs)};
    }
    search = e.boolean("search", false);
    if (search) {
      limit = e.integer("limit", -1);
      depth_coefficient = e.real("depthCoefficient", 0.5);
    } else {
      potentials.resize(g.values, g.size());
    }
    future.assign(size_t(g.size()), 0);
  }
  track_matches_ = track_matches;
  all_single_ = std::all_of(patterns_.begin(), patterns_.end(), [](const RulePattern& p) { return p.single; });
  memory_.enable(rules.size(), size_t(g.size()));
}

}  // namespace mj
