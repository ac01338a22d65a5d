#include "nodes/rule_node.hpp"

#include <algorithm>
#include <cmath>

#include "nodes/search.hpp"

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

RulePattern compile_rule(const Rule& rule, const Grid& grid) {
  RulePattern c;
  // Cells that accept every value always match; an alphabet of 32 keeps them (its '*' is empty).
  Wave every = grid.C >= 32 ? 0 : Wave((1u << grid.C) - 1u);
  for (int dz = 0, di = 0; dz < rule.imz; dz++)
    for (int dy = 0; dy < rule.imy; dy++)
      for (int dx = 0; dx < rule.imx; dx++, di++) {
        Wave w = rule.input[size_t(di)];
        if (every != 0 && (w & every) == every) continue;
        c.offsets.push_back(grid.index(dx, dy, dz));
        c.waves.push_back(w);
      }
  c.single = rule.imx * rule.imy * rule.imz == 1;
  for (const auto& shifts : rule.ishifts) {
    if (!shifts.empty()) c.accepted |= uint64_t(1) << c.shift_start.size();
    c.shift_start.push_back(uint32_t(c.shifts.size()));
    for (const Point& p : shifts) {
      c.shifts.push_back(p);
      c.shift_offsets.push_back(grid.index(p.x, p.y, p.z));
    }
  }
  c.shift_start.push_back(uint32_t(c.shifts.size()));
  // Values the grid may hold beyond the rule's alphabet have no shifts.
  c.shift_start.resize(257, uint32_t(c.shifts.size()));
  return c;
}

}  // namespace

void RuleNode::load_rule_node(const XmlElement& e, const SymmetryGroup& parent_symmetry, Grid& g,
                              LoadContext& context, bool track_matches) {
  rules = load_rules(e, element_symmetry(e, g.mz == 1, parent_symmetry), g, context);
  last.assign(rules.size(), false);
  for (const Rule& rule : rules) patterns_.push_back(compile_rule(rule, g));
  steps = e.integer("steps", 0);
  temperature = e.real("temperature", 0.0);

  std::vector<XmlElement> xfields = e.children({"field"});
  if (!xfields.empty()) {
    fields.assign(size_t(g.C), std::nullopt);
    for (const XmlElement& xfield : xfields) {
      char symbol = xfield.symbol("for");
      int value = g.value_of(symbol);
      if (value < 0) xfield.fail(std::string("unknown field value '") + symbol + "'");
      fields[size_t(value)].emplace(xfield, g);
    }
    potentials.resize(g.C, g.size());
  }

  std::vector<XmlElement> xobservations = e.children({"observe"});
  if (!xobservations.empty()) {
    observations.assign(size_t(g.C), std::nullopt);
    for (const XmlElement& xobs : xobservations) {
      char symbol = xobs.symbol("value");
      int value = g.value_of(symbol);
      if (value < 0) xobs.fail(std::string("unknown observed value '") + symbol + "'");
      char from = xobs.symbol("from", g.characters[size_t(value)]);
      if (g.value_of(from) < 0) xobs.fail(std::string("unknown value '") + from + "' in 'from'");
      observations[size_t(value)] = Observation{uint8_t(g.value_of(from)), g.wave(xobs.str("to"), xobs)};
    }
    search = e.boolean("search", false);
    if (search) {
      limit = e.integer("limit", -1);
      depth_coefficient = e.real("depthCoefficient", 0.5);
    } else {
      potentials.resize(g.C, g.size());
    }
    future.assign(size_t(g.size()), 0);
  }
  if (track_matches) match_mask.assign(rules.size() * size_t(g.size()), 0);
}

void RuleNode::reset() {
  last_matched_turn = -1;
  counter = 0;
  future_computed = false;
  std::fill(last.begin(), last.end(), false);
}

bool RuleNode::go(Run& run) {
  std::fill(last.begin(), last.end(), false);
  if (steps > 0 && counter >= steps) return false;
  if (!observations.empty() && !future_computed && !prepare_inference(run)) return false;
  if (last_matched_turn >= 0) scan_changes(run);
  else scan_grid(run);
  return fields.empty() || compute_fields();
}

bool RuleNode::prepare_inference(Run& run) {
  if (!compute_future_set_present(future, grid->state, observations)) return false;
  future_computed = true;
  if (!search) {
    compute_backward_potentials(potentials, future.data(), grid->mx, grid->my, grid->mz, rules);
    return true;
  }
  trajectory.reset();
  SearchOptions options{applies_all(), limit, depth_coefficient, line};
  int tries = limit < 0 ? 1 : 20;
  for (int k = 0; k < tries && !trajectory; k++)
    trajectory = run_search(grid->state, future, rules, *grid, options, run.random.next());
  return true;
}

void RuleNode::add(Run&, int r, int x, int y, int z) {
  mask_of(r)[grid->index(x, y, z)] = 1;
  Match m{r, x, y, z};
  if (match_count < int(matches.size())) matches[size_t(match_count)] = m;
  else matches.push_back(m);
  match_count++;
}

// Looks for new matches only around the cells changed since this node last matched.
void RuleNode::scan_changes(Run& run) {
  const int mx = grid->mx, my = grid->my, mz = grid->mz;
  for (size_t n = size_t(run.first[size_t(last_matched_turn)]); n < run.changes.size(); n++) {
    Point c = run.changes[n];
    uint8_t value = grid->state[size_t(grid->index(c.x, c.y, c.z))];
    for (int r = 0; r < int(rules.size()); r++) {
      const Rule& rule = rules[size_t(r)];
      const uint8_t* mask = mask_of(r);
      for (const Point& s : rule.ishifts[value]) {
        int sx = c.x - s.x, sy = c.y - s.y, sz = c.z - s.z;
        if (sx < 0 || sy < 0 || sz < 0 || sx + rule.imx > mx || sy + rule.imy > my || sz + rule.imz > mz) continue;
        int si = grid->index(sx, sy, sz);
        if (!mask[si] && holds(r, si)) add(run, r, sx, sy, sz);
      }
    }
  }
}

// Finds every match: a match of an a x b x c rule contains exactly one cell of the lattice
// with that spacing, so only lattice cells need to be looked up. Matches are found in the
// reference's order (rule, lattice cell, shift), which the random choices depend on.
void RuleNode::scan_grid(Run& run) {
  const int mx = grid->mx, my = grid->my, mz = grid->mz;
  const uint8_t* state = grid->state.data();
  match_count = 0;
  for (int r = 0; r < int(rules.size()); r++) {
    const Rule& rule = rules[size_t(r)];
    const RulePattern& p = patterns_[size_t(r)];
    for (int z = rule.imz - 1; z < mz; z += rule.imz)
      for (int y = rule.imy - 1; y < my; y += rule.imy) {
        const int row = grid->index(0, y, z);
        for (int x = rule.imx - 1; x < mx; x += rule.imx) {
          const uint8_t v = state[row + x];
          if (!((p.accepted >> (v & 63)) & 1)) continue;
          for (uint32_t k = p.shift_start[v], end = p.shift_start[v + 1u]; k < end; k++) {
            const Point s = p.shifts[k];
            int sx = x - s.x, sy = y - s.y, sz = z - s.z;
            if (sx < 0 || sy < 0 || sz < 0 || sx + rule.imx > mx || sy + rule.imy > my || sz + rule.imz > mz) continue;
            if (p.single || holds(r, row + x - p.shift_offsets[k])) add(run, r, sx, sy, sz);
          }
        }
      }
  }
}

bool RuleNode::compute_fields() {
  bool any_success = false, any_computation = false;
  for (int c = 0; c < int(fields.size()); c++) {
    const auto& field = fields[size_t(c)];
    if (!field || (counter != 0 && !field->recompute)) continue;
    bool success = field->compute(potentials[c], *grid, field_queue_);
    if (!success && field->essential) return false;
    any_success |= success;
    any_computation = true;
  }
  return !any_computation || any_success;
}

std::optional<int> RuleNode::delta(const Match& m) const {
  return delta_pointwise(grid->state.data(), rules[size_t(m.r)], m.x, m.y, m.z, fields, potentials, grid->mx, grid->my);
}

double RuleNode::heuristic_key(Run& run, int h, double& first, bool& first_computed) const {
  if (!first_computed) {
    first = h;
    first_computed = true;
  }
  double u = run.random.next_double();
  return temperature > 0 ? std::pow(u, std::exp((h - first) / temperature)) : -h + 0.001 * u;
}

bool RuleNode::follow_trajectory() {
  if (counter >= int(trajectory->size())) return false;
  const std::vector<uint8_t>& next = (*trajectory)[size_t(counter)];
  std::copy(next.begin(), next.end(), grid->state.begin());
  counter++;
  return true;
}

void RuleNode::describe(NodeSketch& sketch) const {
  for (size_t r = 0; r < rules.size(); r++) sketch.rules.push_back(sketch_rule(rules[r], last[r]));
  sketch.counter = counter;
  sketch.steps = steps;
  sketch.has_fields = !fields.empty();
  for (size_t c = 0; c < fields.size(); c++)
    if (fields[c]) sketch.fields.push_back({int(c), fields[c]->zero, fields[c]->substrate, fields[c]->inversed});
}

}  // namespace mj
