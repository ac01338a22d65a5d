// `convchain`: Markov chain texture synthesis (ConvChain). The `on` cells become black or white at
// random, then each step proposes flips of random cells, accepted by the Metropolis rule with the
// weights of the NxN patterns of a black-and-white sample.
#include <array>
#include <cmath>
#include <vector>

#include "io/formats/png.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/pins.hpp"
#include "nodes/registry.hpp"
#include "nodes/value_attribute.hpp"

namespace mj {

namespace {

// The largest pattern side: weights has 2^(N*N) entries.
constexpr int kMaxN = 4;

using Pattern = std::vector<bool>;  // N*N cells, x fastest

Pattern rotated(const Pattern& p, int n) {
  Pattern r(p.size());
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++) r[size_t(x + y * n)] = p[size_t(n - 1 - y + x * n)];
  return r;
}

Pattern reflected(const Pattern& p, int n) {
  Pattern r(p.size());
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++) r[size_t(x + y * n)] = p[size_t(n - 1 - x + y * n)];
  return r;
}

int pattern_index(const Pattern& p) {
  int result = 0;
  for (size_t i = 0; i < p.size(); i++)
    if (p[i]) result += 1 << i;
  return result;
}

// A sample pixel is white exactly when it is opaque white.
struct Sample {
  int width = 0, height = 0;
  std::vector<bool> white;
  bool at(int x, int y) const { return white[size_t(x % width + (y % height) * width)]; }
};

Sample load_sample(const XmlElement& e, const std::filesystem::path& resources) {
  std::filesystem::path file = resources / "samples" / (e.str("sample") + ".png");
  mj::Image image;
  try {
    image = mj::load_png(file);
  } catch (const Error& error) {
    e.fail("couldn't load the convchain sample " + file.string() + ": " + error.message());
  }
  Sample sample{image.width, image.height, {}};
  for (uint32_t argb : image.argb) sample.white.push_back(argb == 0xFFFFFFFFu);
  if (sample.white.empty()) e.fail("the convchain sample " + file.string() + " is empty");
  return sample;
}

// Occurrences of every NxN pattern (and its images under the symmetry) in the periodic sample;
// patterns never seen get a small weight so that no move is impossible.
std::vector<double> pattern_weights(const Sample& sample, int n, const SymmetryGroup& symmetry) {
  std::vector<double> weights(size_t(1) << (n * n), 0.0);
  Pattern p(size_t(n * n));
  auto rotate = [n](const Pattern& q) { return rotated(q, n); };
  auto reflect = [n](const Pattern& q) { return reflected(q, n); };
  auto never_same = [](const Pattern&, const Pattern&) { return false; };
  for (int y = 0; y < sample.height; y++)
    for (int x = 0; x < sample.width; x++) {
      for (int dy = 0; dy < n; dy++)
        for (int dx = 0; dx < n; dx++) p[size_t(dx + dy * n)] = sample.at(x + dx, y + dy);
      for (const Pattern& q : square_symmetries(p, rotate, reflect, never_same, symmetry))
        weights[size_t(pattern_index(q))] += 1;
    }
  for (double& w : weights)
    if (w <= 0) w = 0.1;
  return weights;
}

// Wraps a coordinate into [0, length); the reference wraps once, which is the same for grids
// not smaller than the pattern reach.
int wrap_into(int v, int length) {
  v = v < 0 ? v + length : v >= length ? v - length : v;
  if (v < 0 || v >= length) v = ((v % length) + length) % length;
  return v;
}

class ConvChainNode : public Node {
 public:
  int n = 3;
  double temperature = 1.0;
  std::vector<double> weights;
  uint8_t black = 0, white = 0, on = 0;
  int steps = -1;

  void reset() override {
    std::fill(substrate_.begin(), substrate_.end(), false);
    counter_ = 0;
  }

  bool go(Run& run) override {
    if (steps > 0 && counter_ >= steps) return false;
    const size_t logged = run.changes.size();
    const bool went = counter_ == 0 ? seed_substrate(run) : flip_cells(run);
    run.changes.settle_hidden(logged, grid->state.size());
    counter_++;
    return went;
  }

 private:
  std::vector<bool> substrate_;  // the cells this node may flip
  int counter_ = 0;

  // The first step paints the `on` cells black or white at random.
  bool seed_substrate(Run& run) {
    substrate_.assign(size_t(grid->size()), false);
    bool any = false;
    for (int i = 0; i < grid->size(); i++) {
      uint8_t& cell = grid->state[size_t(i)];
      if (cell != on || (run.pins && run.pins[i] != kFreeCell)) continue;  // a pinned cell is no substrate
      run.changes.write_hidden(i, cell);
      cell = run.random.next(2) == 0 ? black : white;
      substrate_[size_t(i)] = true;
      any = true;
    }
    return any;
  }

  // Later steps: Metropolis over as many random cells as the grid has.
  bool flip_cells(Run& run) {
    for (int k = 0; k < grid->size(); k++) {
      int r = run.random.next(grid->size());
      if (!substrate_[size_t(r)]) continue;
      double q = flip_quality(r % grid->mx, r / grid->mx);
      if (q >= 1) {
        toggle(run.changes, r);
        continue;
      }
      if (temperature != 1) q = std::pow(q, 1.0 / temperature);
      if (q > run.random.next_double()) toggle(run.changes, r);
    }
    return true;
  }

  void toggle(ChangeLog& log, int i) {
    uint8_t& cell = grid->state[size_t(i)];
    log.write_hidden(i, cell);
    cell = cell == black ? white : black;
  }

  // The ratio of pattern weights after and before flipping cell (x, y). The reference multiplies
  // over the (2N-1)^2 windows with a corner at most N-1 cells away; those not holding the cell
  // give factors of exactly 1, so on grids wider than 2N-2 only the N^2 windows holding it count.
  double flip_quality(int x, int y) const {
    if (grid->mx <= 2 * n - 2 || grid->my <= 2 * n - 2) return flip_quality_everywhere(x, y);
    int side = 2 * n - 1;
    std::array<bool, (2 * kMaxN - 1) * (2 * kMaxN - 1)> block;  // whiteness around (x, y)
    for (int by = 0; by < side; by++)
      for (int bx = 0; bx < side; bx++) block[size_t(bx + by * side)] = is_white(x - n + 1 + bx, y - n + 1 + by);
    bool centre = block[size_t((n - 1) * (side + 1))];
    double q = 1;
    for (int wy = 0; wy < n; wy++)
      for (int wx = 0; wx < n; wx++) {
        int index = 0;
        for (int dy = 0; dy < n; dy++)
          for (int dx = 0; dx < n; dx++)
            if (block[size_t(wx + dx + (wy + dy) * side)]) index += 1 << (dy * n + dx);
        int power = 1 << ((n - 1 - wy) * n + n - 1 - wx);
        int difference = centre ? power : -power;
        q *= weights[size_t(index - difference)] / weights[size_t(index)];
      }
    return q;
  }

  bool is_white(int x, int y) const {
    return grid->state[size_t(wrap_into(x, grid->mx) + wrap_into(y, grid->my) * grid->mx)] == white;
  }

  // The reference's loop as it is, for grids so small that windows wrap onto the cell twice.
  double flip_quality_everywhere(int x, int y) const {
    double q = 1;
    for (int sy = y - n + 1; sy <= y + n - 1; sy++)
      for (int sx = x - n + 1; sx <= x + n - 1; sx++) {
        int index = 0, difference = 0;
        for (int dy = 0; dy < n; dy++)
          for (int dx = 0; dx < n; dx++) {
            int X = wrap_into(sx + dx, grid->mx), Y = wrap_into(sy + dy, grid->my);
            bool value = grid->state[size_t(X + Y * grid->mx)] == white;
            int power = 1 << (dy * n + dx);
            if (value) index += power;
            if (X == x && Y == y) difference = value ? power : -power;
          }
        q *= weights[size_t(index - difference)] / weights[size_t(index)];
      }
    return q;
  }

 public:
  Sample sample;  // kept for the GUI

  void describe(NodeView& view) const override {
    view.sample_width = sample.width, view.sample_height = sample.height, view.sample = sample.white;
    view.black = black, view.white = white;
  }
};

}  // namespace

NodePtr load_convchain(const XmlElement& e, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  if (grid.mz != 1) e.fail("convchain works only on 2D grids");
  Sample sample = load_sample(e, context.resources);
  auto node = std::make_unique<ConvChainNode>();
  node->n = e.integer("n", 3);
  if (node->n < 1 || node->n > kMaxN)
    e.fail("n=\"" + std::to_string(node->n) + "\" should be 1.." + std::to_string(kMaxN));
  node->steps = count_attribute(e, "steps", -1, grid, context);
  node->temperature = e.real("temperature", 1.0);
  node->black = value_attribute(e, grid, "black");
  node->white = value_attribute(e, grid, "white");
  node->on = value_attribute(e, grid, "on");
  node->weights = pattern_weights(sample, node->n, symmetry);
  node->sample = std::move(sample);
  return node;
}

}  // namespace mj
