// Overlap model: the patterns are the n x n squares of a sample picture under the node's symmetry,
// weighted by how often they occur; neighbouring patterns must agree where they overlap.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>

#include "io/formats/png.hpp"
#include "nodes/wfc/helper.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj::wfc {

namespace {

using Pattern = std::vector<uint8_t>;  // n x n values, x fastest

// The cells of an n x n pattern in the w x h window at (x0, y0), row by row.
std::string window(const Pattern& p, int n, int x0, int y0, int w, int h) {
  std::string cells;
  for (int y = y0; y < y0 + h; y++) cells.append(reinterpret_cast<const char*>(p.data()) + x0 + n * y, size_t(w));
  return cells;
}

struct Sample {
  std::vector<uint8_t> cells;  // colour ordinals in order of first appearance
  int mx = 0, my = 0, colors = 0;
};

Sample load_sample(const XmlElement& element, const LoadContext& context) {
  std::string name = element.str("sample");
  std::filesystem::path file = context.resources / "samples" / (name + ".png");
  mj::Image image;
  try {
    image = mj::load_png(file);
  } catch (const Error& e) {
    element.fail("couldn't read sample " + file.string() + ": " + e.message());
  }
  Sample sample{{}, image.width, image.height, 0};
  std::vector<uint32_t> colors;
  sample.cells = ordinals(image.argb, colors);
  sample.colors = int(colors.size());
  return sample;
}

class OverlapNode : public WfcNode {
 public:
  void load(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid, LoadContext& context);

 private:
  void collect_patterns(const Sample& sample, const Grid& grid, const SymmetryGroup& symmetry, bool periodic_input);
  void build_propagator();
  void load_rules(const XmlElement& element, const Grid& grid);
  void update_state() override;
  void visit_covers(int cell, const std::function<void(int i, int at)>& visit) const override;
  uint8_t option_value(int t, int at) const override { return patterns_[size_t(t)][size_t(at)]; }
  Point option_size() const override { return {model.n, model.n, 1}; }
  void draw_all();
  template <bool List>
  void vote(int i, int t, int count);

  std::vector<Pattern> patterns_;
  std::vector<int> votes_;      // [cell][value]: how many allowed patterns cover the cell with the value
  std::vector<uint8_t> stale_;  // [cell]: in redraw_
  std::vector<int> redraw_;     // the cells whose votes changed since they were drawn
};

void OverlapNode::load(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid,
                       LoadContext& context) {
  if (grid.mz != 1) element.fail("the overlap model (sample) works only on 2D grids");
  int n = element.integer("n", 3);
  if (n < 1 || n > 8) element.fail("n=" + std::to_string(n) + " is out of range 1..8");
  SymmetryGroup symmetry = element_symmetry(element, true, parent_symmetry);
  bool periodic_input = element.boolean("periodicInput", true);
  context.grids->push_back(Grid::load(element, grid.mx, grid.my, grid.mz, context.max_cells));
  newgrid = context.grids->back().get();
  model.n = n;
  model.periodic = true;  // the overlap model always wraps its output

  Sample sample = load_sample(element, context);
  if (sample.colors > newgrid->values)
    element.fail("there are " + std::to_string(sample.colors) + " colours in the sample, more than the " +
                 std::to_string(newgrid->values) + " values");
  collect_patterns(sample, grid, symmetry, periodic_input);
  build_propagator();
  load_rules(element, grid);
  load_collapse(element, parent_symmetry, grid, context);
  votes_.assign(size_t(newgrid->size()) * size_t(newgrid->values), 0);
  stale_.assign(size_t(newgrid->size()), 0);
  redraw_.reserve(size_t(newgrid->size()));
}

// A pattern while counting: n x n values (n <= 8) in a fixed array, so that the sample's positions
// and their symmetric images are read and compared without allocating.
using PatternKey = std::array<uint8_t, 64>;

struct PatternKeyHash {
  size_t operator()(const PatternKey& key) const {
    uint64_t h = 0xcbf29ce484222325u;  // FNV-1a over the words: the unused cells are zeros
    for (size_t i = 0; i < key.size(); i += 8) {
      uint64_t word;
      std::memcpy(&word, key.data() + i, 8);
      h = (h ^ word) * 0x100000001b3u;
    }
    return size_t(h ^ h >> 29);
  }
};

// Counts the sample's patterns in order of first appearance. The reference scans the sample over the
// size of the input grid (wrapping around the sample), so the counts depend on that size too.
// Each position counts its images under the symmetry in the order square_symmetries makes them.
void OverlapNode::collect_patterns(const Sample& sample, const Grid& grid, const SymmetryGroup& symmetry,
                                   bool periodic_input) {
  const int n = model.n;
  const int ymax = periodic_input ? grid.my : grid.my - n + 1;
  const int xmax = periodic_input ? grid.mx : grid.mx - n + 1;
  const auto rotate = [n](const PatternKey& p) {
    PatternKey q{};
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) q[size_t(x + y * n)] = p[size_t(n - 1 - y + x * n)];
    return q;
  };
  const auto reflect = [n](const PatternKey& p) {
    PatternKey q{};
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) q[size_t(x + y * n)] = p[size_t(n - 1 - x + y * n)];
    return q;
  };
  std::unordered_map<PatternKey, int, PatternKeyHash> position;
  std::vector<double>& weights = model.weights;
  std::array<PatternKey, 8> images;
  for (int y = 0; y < ymax; y++)
    for (int x = 0; x < xmax; x++) {
      images[0] = PatternKey{};
      for (int dy = 0; dy < n; dy++)
        for (int dx = 0; dx < n; dx++)
          images[0][size_t(dx + dy * n)] =
              sample.cells[size_t((x + dx) % sample.mx + ((y + dy) % sample.my) * sample.mx)];
      images[1] = reflect(images[0]);
      for (size_t k = 2; k < 8; k += 2) images[k] = rotate(images[k - 2]), images[k + 1] = reflect(images[k]);
      for (size_t k = 0; k < 8; k++) {
        if (!symmetry[k]) continue;
        auto [it, added] = position.try_emplace(images[k], int(patterns_.size()));
        if (added) {
          patterns_.emplace_back(images[k].begin(), images[k].begin() + n * n);
          weights.push_back(0);
        }
        weights[size_t(it->second)] += 1;
      }
    }
  model.patterns = int(patterns_.size());
}

void OverlapNode::build_propagator() { model.propagator = overlap_propagator(patterns_, model.n); }

// <rule in="A" out="b|c"/>: where the input grid holds A, only patterns whose first cell is b or c.
// The sample's colours stand for the new grid's values in order of first appearance.
void OverlapNode::load_rules(const XmlElement& element, const Grid& grid) {
  load_start_waves(model, element, grid,
                   [&](const XmlElement& rule, const std::string& out, std::vector<uint8_t>& wave) {
                     const int value = out.empty() ? -1 : newgrid->value_of(out[0]);
                     if (value < 0)
                       rule.fail("unknown output value \"" + out + "\" (values are \"" + newgrid->characters + "\")");
                     for (int t = 0; t < model.patterns; t++)
                       if (patterns_[size_t(t)][0] == value) wave[size_t(t)] = 1;
                   });
}

// Each cell shows the value most voted for by the patterns that cover it: pattern t at cell i covers
// the n x n cells from i, wrapping, and votes its value for each. The votes are kept between the
// steps of an animated run, so a step takes back only the votes of the patterns it banned and draws
// only the cells they cover.
void OverlapNode::update_state() {
  if (!shown.drawn()) return draw_all();
  shown.update(wave, [&](int i, int t) { vote<true>(i, t, -1); });
  for (int cell : redraw_) {
    newgrid->state[size_t(cell)] = most_voted(&votes_[size_t(cell) * size_t(newgrid->values)], newgrid->values);
    stale_[size_t(cell)] = 0;
  }
  redraw_.clear();
}

// The patterns at the n x n wave cells up and left of `cell` (wrapping, as vote() draws them) cover it.
void OverlapNode::visit_covers(int cell, const std::function<void(int i, int at)>& visit) const {
  const int mx = newgrid->mx, my = newgrid->my, n = model.n;
  const int x = cell % mx, y = cell / mx;
  for (int dy = 0; dy < n; dy++)
    for (int dx = 0; dx < n; dx++) visit((x - dx + mx) % mx + ((y - dy + my) % my) * mx, dx + dy * n);
}

void OverlapNode::draw_all() {
  std::fill(votes_.begin(), votes_.end(), 0);
  for (int i = 0; i < wave.cells(); i++)
    for (int t = 0; t < model.patterns; t++)
      if (wave.allows(i, t)) vote<false>(i, t, 1);
  const int C = newgrid->values;
  for (int i = 0; i < newgrid->size(); i++) newgrid->state[size_t(i)] = most_voted(&votes_[size_t(i * C)], C);
  shown.record(wave);
}

// Adds `count` to the votes pattern t at cell i gives; with List, lists the cells whose votes changed
// (a drawing of the whole wave draws every cell anyway).
template <bool List>
void OverlapNode::vote(int i, int t, int count) {
  const int mx = newgrid->mx, my = newgrid->my, C = newgrid->values, n = model.n;
  const int x = i % mx, y = i / mx;
  const Pattern& pattern = patterns_[size_t(t)];
  for (int dy = 0; dy < n; dy++)
    for (int dx = 0; dx < n; dx++) {
      const int cell = (x + dx) % mx + ((y + dy) % my) * mx;
      votes_[size_t(cell * C + pattern[size_t(dx + dy * n)])] += count;
      if (List && !stale_[size_t(cell)]) stale_[size_t(cell)] = 1, redraw_.push_back(cell);
    }
}

}  // namespace

// Pattern t2 may lie at offset d from t when they agree where they overlap: when t's cells in the
// overlap window equal t2's. Patterns are grouped by the window t2 shows, so that each t finds its
// list at once instead of comparing every pair; each list keeps t2 in increasing order.
Propagator overlap_propagator(const std::vector<std::vector<uint8_t>>& patterns, int n) {
  const int P = int(patterns.size());
  std::vector<std::vector<int>> lists(size_t(4 * P));
  for (int d = 0; d < 4; d++) {
    const int dx = kDX[d], dy = kDY[d], w = n - std::abs(dx), h = n - std::abs(dy);
    std::unordered_map<std::string, std::vector<int>> by_window;
    for (int t2 = 0; t2 < P; t2++)
      by_window[window(patterns[size_t(t2)], n, std::max(-dx, 0), std::max(-dy, 0), w, h)].push_back(t2);
    for (int t = 0; t < P; t++) {
      auto it = by_window.find(window(patterns[size_t(t)], n, std::max(dx, 0), std::max(dy, 0), w, h));
      if (it != by_window.end()) lists[size_t(d * P + t)] = it->second;
    }
  }
  return Propagator(4, P, lists);
}

NodePtr load_overlap(const XmlElement& element, const SymmetryGroup& parent_symmetry, Grid& grid,
                     LoadContext& context) {
  auto node = std::make_unique<OverlapNode>();
  node->load(element, parent_symmetry, grid, context);
  return node;
}

}  // namespace mj::wfc
