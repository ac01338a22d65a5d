// `map`: rewrites the grid into a new grid of scaled size, then runs its children on the new grid.
// Each rule matches the old grid (periodically, periodic_match) and writes its output at the scaled
// position (map_scale).
#include <array>
#include <vector>

#include "core/rule.hpp"
#include "nodes/map/map_scale.hpp"
#include "nodes/map/periodic_match.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/registry.hpp"
#include "nodes/rules/rule_load.hpp"
#include "nodes/rules/rule_pattern.hpp"

namespace mj {

namespace {

class MapNode : public Branch {
 public:
  static NodePtr load(const XmlElement& e, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);

  Grid* newgrid = nullptr;
  std::vector<Rule> rules;
  std::array<Scale, 3> scales;

  bool go(Run& run) override {
    if (running >= 0) return Branch::go(run);
    newgrid->clear();
    if (!match_.compiled()) compile();
    match_.take_grid();
    for (size_t r = 0; r < rules.size(); r++)
      match_.for_each_match(r, [&](int x, int y, int z) {
        apply(r, int(scales[0].apply(x)), int(scales[1].apply(y)), int(scales[2].apply(z)));
      });
    run.grid = newgrid;
    run.changes.rewrite_all();
    running++;
    return true;
  }

  void reset() override {
    Branch::reset();
    running = -1;
  }

 protected:
  bool returns_to_parent() const override { return false; }
  bool reads_child(std::string_view name) const override { return name == "rule"; }

 private:
  PeriodicMatch match_;                           // where the rules match the grid
  std::vector<std::vector<RuleOutput>> outputs_;  // per rule: the cells it writes on the new grid

  void compile() {
    match_.compile(rules, *grid, line);
    for (const Rule& rule : rules) outputs_.push_back(rule_outputs(rule, *newgrid));
  }

  // Writes rule r's output with its corner at (x, y, z) of the new grid; an output past an edge
  // wraps around it.
  void apply(size_t r, int x, int y, int z) {
    const Rule& rule = rules[r];
    uint8_t* state = newgrid->state.data();
    if (x + rule.out_size.x <= newgrid->mx && y + rule.out_size.y <= newgrid->my &&
        z + rule.out_size.z <= newgrid->mz) {
      const int corner = newgrid->index(x, y, z);
      for (const RuleOutput& o : outputs_[r]) state[corner + o.offset] = o.value;
      return;
    }
    for (const RuleOutput& o : outputs_[r])
      state[wrapped_index(*newgrid, x + o.at.x, y + o.at.y, z + o.at.z, line)] = o.value;
  }

 public:
  void describe(NodeView& view) const override {
    for (const Rule& rule : rules) view.rules.push_back(view_of_rule(rule, false));
    view.output_legend = newgrid->characters;
  }
};

NodePtr MapNode::load(const XmlElement& e, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<MapNode>();
  node->scales = parse_scales(e);
  node->newgrid = &make_new_grid(e, grid, node->scales, context);
  node->load_children(e, parent_symmetry, *node->newgrid, context);
  bool d2 = grid.mz == 1;
  SymmetryGroup symmetry = element_symmetry(e, d2, parent_symmetry);
  for (const XmlElement& xrule : e.children({"rule"})) {
    Rule rule = load_rule(xrule, grid, *node->newgrid, context.resources);
    rule.original = true;
    for (Rule& r : rule.symmetries(symmetry, d2)) node->rules.push_back(std::move(r));
  }
  return node;
}

}  // namespace

NodePtr load_map(const XmlElement& e, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context) {
  return MapNode::load(e, parent_symmetry, grid, context);
}

}  // namespace mj
