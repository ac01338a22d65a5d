// `map`: rewrites the grid into a new grid of scaled size, then runs its children on the new grid.
// Each rule matches the old grid (periodically) and writes its output at the scaled position.
#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <string_view>
#include <vector>

#include "core/rule.hpp"
#include "core/wave_scan.hpp"
#include "nodes/rule_pattern.hpp"
#include "nodes/kinds.hpp"
#include "nodes/node_view.hpp"

namespace mj {

namespace {

// A scale factor numerator/denominator along one axis.
struct Scale {
  int numerator = 1, denominator = 1;
  long long apply(long long length) const { return length * numerator / denominator; }
};

bool parse_int(std::string_view s, int& result) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), result);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

// "a" or "a/b" with positive a and b.
Scale parse_scale(const XmlElement& e, std::string_view s) {
  Scale scale;
  size_t slash = s.find('/');
  bool ok = slash == std::string_view::npos
                ? parse_int(s, scale.numerator)
                : parse_int(s.substr(0, slash), scale.numerator) && parse_int(s.substr(slash + 1), scale.denominator);
  if (!ok || scale.numerator <= 0 || scale.denominator <= 0)
    e.fail("scale component \"" + std::string(s) + "\" should be a positive number or fraction a/b");
  return scale;
}

// scale="X Y Z": three components separated by single spaces.
std::array<Scale, 3> parse_scales(const XmlElement& e) {
  std::string text = e.str("scale");
  std::vector<std::string_view> parts;
  std::string_view rest = text;
  for (size_t space; (space = rest.find(' ')) != std::string_view::npos; rest.remove_prefix(space + 1))
    parts.push_back(rest.substr(0, space));
  parts.push_back(rest);
  if (parts.size() != 3) e.fail("scale=\"" + text + "\" should have 3 components separated by spaces");
  return {parse_scale(e, parts[0]), parse_scale(e, parts[1]), parse_scale(e, parts[2])};
}

// Wraps a coordinate that went past the end once, as the reference does for patterns at the border.
int wrap(int v, int length) { return v >= length ? v - length : v; }

class MapNode : public Branch {
 public:
  static NodePtr load(const XmlElement& e, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);

  Grid* newgrid = nullptr;
  std::vector<Rule> rules;
  std::array<Scale, 3> scales;

  bool go(Run& run) override {
    if (n >= 0) return Branch::go(run);
    newgrid->clear();
    if (patterns_.empty()) compile();
    if (padding_used_) pad();
    choose_pivots();
    for (size_t r = 0; r < rules.size(); r++)
      for (int z = 0; z < grid->mz; z++)
        for (int y = 0; y < grid->my; y++)
          for_each_match_in_row(r, y, z, [&](int x) {
            apply(r, int(scales[0].apply(x)), int(scales[1].apply(y)), int(scales[2].apply(z)));
          });
    run.grid = newgrid;
    n++;
    return true;
  }

  void reset() override {
    Branch::reset();
    n = -1;
  }

 protected:
  bool returns_to_parent() const override { return false; }
  bool reads_child(std::string_view name) const override { return name == "rule"; }

 private:
  // The flat index of (x, y, z) wrapped once into g; patterns wider than the grid cannot be placed.
  size_t wrapped(const Grid& g, int x, int y, int z) const {
    x = wrap(x, g.mx), y = wrap(y, g.my), z = wrap(z, g.mz);
    if (x >= g.mx || y >= g.my || z >= g.mz) throw Error("", line, "map: a rule is larger than the grid");
    return size_t(g.index(x, y, z));
  }

  // Rules read the grid periodically, wrapping once past its far edges. Rules no larger than the
  // grid are matched on a copy of it extended by their reach with the cells they wrap to
  // (`padded_`), where every position is a plain pattern test. Other rules read cell by cell, and so
  // do all when the copy would take more than twice the grid (rules spanning the grid along
  // different axes would make it up to eight times as large).
  bool fits_grid(const Rule& rule) const {
    return rule.imx <= grid->mx && rule.imy <= grid->my && rule.imz <= grid->mz;
  }

  void compile() {
    Point reach;
    for (const Rule& rule : rules)
      if (fits_grid(rule))
        reach = {std::max(reach.x, rule.imx - 1), std::max(reach.y, rule.imy - 1), std::max(reach.z, rule.imz - 1)};
    const auto volume = [](long long x, long long y, long long z) { return x * y * z; };
    const bool pads = volume(grid->mx + reach.x, grid->my + reach.y, grid->mz + reach.z) <=
                      2 * volume(grid->mx, grid->my, grid->mz) + 1024;
    if (!pads) reach = {};
    padded_.mx = grid->mx + reach.x, padded_.my = grid->my + reach.y, padded_.mz = grid->mz + reach.z;
    padded_.C = grid->C;
    padded_.state.resize(size_t(padded_.mx) * size_t(padded_.my) * size_t(padded_.mz));
    for (const Rule& rule : rules) {
      patterns_.push_back(compile_rule(rule, padded_));
      outputs_.push_back(rule_outputs(rule, *newgrid));
      on_padded_.push_back(pads && fits_grid(rule));
      padding_used_ = padding_used_ || on_padded_.back();
    }
  }

  void pad() {
    uint8_t* cell = padded_.state.data();
    for (int z = 0; z < padded_.mz; z++)
      for (int y = 0; y < padded_.my; y++) {
        const uint8_t* row = grid->state.data() + grid->index(0, wrap(y, grid->my), wrap(z, grid->mz));
        for (int x = 0; x < padded_.mx; x++) *cell++ = row[wrap(x, grid->mx)];
      }
  }

  // A rule read cell by cell, wrapping once.
  bool matches_wrapped(const Rule& rule, int x, int y, int z) const {
    for (int dz = 0, di = 0; dz < rule.imz; dz++)
      for (int dy = 0; dy < rule.imy; dy++)
        for (int dx = 0; dx < rule.imx; dx++, di++) {
          uint8_t v = grid->state[wrapped(*grid, x + dx, y + dy, z + dz)];
          if ((rule.input[size_t(di)] & (1u << v)) == 0) return false;
        }
    return true;
  }

  std::vector<RulePattern> patterns_;             // the rules compiled for padded_
  std::vector<uint8_t> on_padded_;                // per rule: matched on padded_, else cell by cell
  bool padding_used_ = false;                     // some rule is matched on padded_: it is filled every step
  std::vector<std::vector<RuleOutput>> outputs_;  // per rule: the cells it writes on the new grid
  std::vector<size_t> pivots_;                    // per rule: its input cell that the fewest grid cells satisfy
  Grid padded_;

  // Per rule, the input cell whose accepted values the fewest cells of the grid hold now.
  void choose_pivots() {
    const std::array<int, 256> count = value_histogram(grid->state.data(), grid->state.size(), grid->C);
    pivots_.assign(patterns_.size(), 0);
    for (size_t r = 0; r < patterns_.size(); r++) {
      long long fewest = -1;
      for (size_t k = 0; k < patterns_[r].cells.size(); k++) {
        const long long holding = cells_holding(patterns_[r].cells[k].wave, count);
        if (fewest < 0 || holding < fewest) fewest = holding, pivots_[r] = k;
      }
    }
  }

  // Calls f(x) for the positions x of row (y, z) where rule r matches, left to right: only those
  // whose most selective input cell holds a value it accepts are tested.
  template <class F>
  void for_each_match_in_row(size_t r, int y, int z, F&& f) const {
    const RulePattern& p = patterns_[r];
    const int mx = grid->mx;
    if (!on_padded_[r]) {
      for (int x = 0; x < mx; x++)
        if (matches_wrapped(rules[r], x, y, z)) f(x);
      return;
    }
    const uint8_t* state = padded_.state.data();
    if (p.cells.empty()) {
      for (int x = 0; x < mx; x++) f(x);
      return;
    }
    const Point q = p.positions[pivots_[r]];
    const int row = padded_.index(0, y + q.y, z + q.z);
    for_each_in_wave(state + row, q.x, q.x + mx, p.cells[pivots_[r]].wave, [&](int cx) {
      if (p.holds(state, padded_.index(cx - q.x, y, z))) f(cx - q.x);
    });
  }

  // Writes rule r's output with its corner at (x, y, z) of the new grid; an output past an edge
  // wraps around it.
  void apply(size_t r, int x, int y, int z) {
    const Rule& rule = rules[r];
    uint8_t* state = newgrid->state.data();
    if (x + rule.omx <= newgrid->mx && y + rule.omy <= newgrid->my && z + rule.omz <= newgrid->mz) {
      const int corner = newgrid->index(x, y, z);
      for (const RuleOutput& o : outputs_[r]) state[corner + o.offset] = o.value;
      return;
    }
    for (const RuleOutput& o : outputs_[r]) state[wrapped(*newgrid, x + o.at.x, y + o.at.y, z + o.at.z)] = o.value;
  }

 public:
  void describe(NodeView& view) const override {
    for (const Rule& rule : rules) view.rules.push_back(view_of_rule(rule, false));
    view.output_legend = newgrid->characters;
  }
};

Grid& make_new_grid(const XmlElement& e, const Grid& grid, const std::array<Scale, 3>& scales, LoadContext& context) {
  long long mx = scales[0].apply(grid.mx), my = scales[1].apply(grid.my), mz = scales[2].apply(grid.mz);
  if (mx <= 0 || my <= 0 || mz <= 0)
    e.fail("scale=\"" + e.str("scale") + "\" turns the " + std::to_string(grid.mx) + "x" + std::to_string(grid.my) +
           "x" + std::to_string(grid.mz) + " grid into an empty one");
  if (double(mx) * double(my) * double(mz) > std::numeric_limits<int>::max())
    e.fail("scale=\"" + e.str("scale") + "\" makes the grid too large");
  context.grids->push_back(Grid::load(e, int(mx), int(my), int(mz), context.max_cells));
  return *context.grids->back();
}

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
