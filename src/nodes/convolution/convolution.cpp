// `convolution`: a cellular automaton. Every step rewrites all cells at once, each by the first
// rule whose input, probability and neighbour sum (a kernel over the 3x3 or 3x3x3 block around the
// cell, counting the rule's values in the grid as it was before the step) agree.
// The rules are parsed in convolution_rule; rows of the common shape of rules go to convolution_lanes.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "nodes/convolution/convolution_lanes.hpp"
#include "nodes/convolution/convolution_rule.hpp"
#include "nodes/convolution/neighbour_count.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/pins.hpp"
#include "nodes/registry.hpp"

namespace mj {

namespace {

class ConvolutionNode : public Node {
 public:
  std::vector<ConvolutionRule> rules;
  std::vector<KernelEntry> kernel;
  bool periodic = false;
  int steps = -1;

  void reset() override { counter_ = 0; }

  bool go(Run& run) override {
    if (steps > 0 && counter_ >= steps) return false;
    prepare();
    // Without draws a cell's outcome depends only on its 3x3(x3) block: when nothing else wrote
    // the grid since this node's last step (before_ was brought up to that step's end), only the
    // blocks around that step's changes can change, in any order. Worth it while the blocks
    // cover a small part of the grid.
    const size_t block = grid->mz == 1 ? 9 : 27;
    if (!draws_ && counter_ > 0 && changed_.size() * block * 4 < size_t(grid->size()) &&
        run.changes.unchanged_since(taken_))
      rewrite_around_changes(run);
    else rewrite_all(run);
    if (run.pins) return keep_pins(run);
    mark_step(run.changes);
    counter_++;
    return !changed_.empty() || rows_changed_;
  }

 private:
  void rewrite_around_changes(Run& run) {
    mark_blocks_around_changes();
    changed_.clear();
    for (const Point& c : blocks_)
      if (rewrite(run.random, c.x, c.y, c.z, grid->index(c.x, c.y, c.z), interior(c.x, c.y, c.z), false))
        changed_.push_back(c);  // draws nothing
  }

  void rewrite_all(Run& run) {
    before_ = grid->state;
    count_sums();
    // A local copy of the generator: the compiler cannot keep it in registers while writes to
    // the grid's bytes might alias it.
    Random random = run.random;
    changed_.clear();
    rows_changed_ = false;
    const Grid& g = *grid;
    const bool sums_ready = std::all_of(counted_.begin(), counted_.end(), [](const Counted& c) { return c.ready; });
    for (int z = 0, i = 0; z < g.mz; z++)
      for (int y = 0; y < g.my; y++, i += g.mx) {
        const bool inner_row = y > 0 && y < g.my - 1 && (g.mz == 1 || (z > 0 && z < g.mz - 1));
        if (inner_row && sums_ready && g.mx > 2) {
          rewrite_edge(random, 0, y, z, i);
          rewrite_inner(random, y, z, i);
          rewrite_edge(random, g.mx - 1, y, z, i + g.mx - 1);
          continue;
        }
        for (int x = 0; x < g.mx; x++) rewrite_edge(random, x, y, z, i + x);
      }
    run.random = random;
  }

  // A row's cells off the edges: by lanes where the rules have the common shape.
  void rewrite_inner(Random& random, int y, int z, int i) {
    if (simple_ && grid->mx - 2 >= 16) {
      if (draws_) lanes_.rewrite_row<true>(random, lane_row(y, z, i), changed_, rows_changed_);
      else lanes_.rewrite_row<false>(random, lane_row(y, z, i), changed_, rows_changed_);
    } else {
      rewrite_inner_row(random, y, z, i);
    }
  }

  // The sums of one `values` multiplicity for the interior cells, counted for a whole step at
  // once (count_interior); `ready` when this step's are there.
  struct Counted {
    const std::vector<int>* multiplicity;
    std::vector<uint8_t> sums;
    bool ready = false;
  };
  std::vector<Counted> counted_;

  // With pins (nodes/pins.hpp): the step's rewrites of pinned cells undone (every cell read the grid as the
  // step found it, so undoing one changes no other), then the step marked; it worked when another cell changed.
  bool keep_pins(Run& run) {
    uint8_t* state = grid->state.data();
    for (int i = 0; i < grid->size(); i++)
      if (run.pins[i] != kFreeCell) state[i] = run.pins[i];
    bool changed = false;
    if (draws_) {  // before_ is the grid as the step found it
      for (int i = 0; i < grid->size() && !changed; i++) changed = state[i] != before_[size_t(i)];
    } else {
      for (const Point& c : changed_) changed |= run.pins[grid->index(c.x, c.y, c.z)] == kFreeCell;
    }
    mark_step(run.changes);
    counter_++;
    return changed;
  }

  int counter_ = 0;
  std::vector<uint8_t> before_;  // the grid as the step found it: all cells change at once
  ChangeCursor taken_;           // the log after this node's last step
  std::vector<int> offsets_;     // flat index offset of each kernel entry
  ChoiceTable table_;
  bool indexed_ = false;
  bool moore_2d_ = false;       // the kernel is the full 3x3 block without its centre
  bool draws_ = false;          // some rule has p != 1, so every step visits every cell in order
  std::vector<Point> changed_;  // the cells the last step changed
  std::vector<uint8_t> dirty_;  // per cell, all zero between steps
  std::vector<Point> blocks_;   // the cells mark_blocks_around_changes found

  // A step rewrites the whole grid at once, and the log is told so: listing the cells that changed
  // cost GameOfLife 10% and gained the corpus' other convolution models nothing. Without draws,
  // before_ is brought up to the step's end for the next step.
  void mark_step(ChangeLog& log) {
    log.rewrite_all();
    taken_ = log.now();
    if (draws_) return;
    for (const Point& c : changed_) {
      const size_t i = size_t(grid->index(c.x, c.y, c.z));
      before_[i] = grid->state[i];
    }
  }

  // blocks_: the cells of the 3x3(x3) blocks (wrapped when periodic) around the last step's
  // changes, each once.
  void mark_blocks_around_changes() {
    const Grid& g = *grid;
    dirty_.resize(size_t(g.size()), 0);
    blocks_.clear();
    const int depth = g.mz == 1 ? 0 : 1;
    for (const Point& c : changed_) {
      // An interior cell's block lies in the grid: no coordinate needs placing.
      const bool inner = interior(c.x, c.y, c.z);
      for (int dz = -depth; dz <= depth; dz++)
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++) {
            int x = c.x + dx, y = c.y + dy, z = c.z + dz;
            if (!inner && (!place(x, g.mx) || !place(y, g.my) || !place(z, g.mz))) continue;
            uint8_t& dirty = dirty_[size_t(g.index(x, y, z))];
            if (!dirty) dirty = 1, blocks_.push_back({x, y, z});
          }
    }
    for (const Point& c : blocks_) dirty_[size_t(g.index(c.x, c.y, c.z))] = 0;
  }

  void rewrite_edge(Random& random, int x, int y, int z, int i) {
    if (rewrite(random, x, y, z, i, interior(x, y, z), true)) changed_.push_back({x, y, z});
  }

  // rewrite() for the interior cells of a row, whose sums are counted: with its tables in locals
  // (writes to the grid's bytes could otherwise alias every member the loop reads).
  void rewrite_inner_row(Random& random, int y, int z, int row) {
    uint8_t* __restrict cells = grid->state.data() + row;
    const ConvolutionChoice* __restrict choices = table_.choices.data();
    const uint32_t* __restrict first = table_.first.data();
    std::array<const uint8_t*, 8> sums{};
    const size_t counts = std::min(counted_.size(), sums.size());
    for (size_t k = 0; k < counts; k++) sums[k] = counted_[k].sums.data() + row;
    for (int x = 1, mx = grid->mx; x < mx - 1; x++) {
      const int output = fired_output(random, choices, first, cells[x], [&](const ConvolutionChoice& c) {
        return size_t(c.counted) < counts ? sums[size_t(c.counted)][x]
                                          : neighbour_sum(c.multiplicity, x, y, z, row + x, true);
      });
      if (output < 0) continue;
      cells[x] = uint8_t(output);
      changed_.push_back({x, y, z});
    }
  }

  ConvolutionLanes lanes_;
  bool simple_ = false;        // the rules have the shape that lanes_ takes
  bool rows_changed_ = false;  // a simple row changed a cell in this step, which draws

  // A row's interior for lanes_: its sums' rows of counted_, then (for rules without a sum
  // condition, which read any) the row as the step found it.
  LaneRow lane_row(int y, int z, int row) {
    LaneRow r{before_.data() + row, grid->state.data() + row, grid->mx - 1, {}, y, z};
    r.sums.fill(before_.data() + row);
    for (size_t k = 0; k < std::min(counted_.size(), kMaxLaneSums); k++) r.sums[k] = counted_[k].sums.data() + row;
    return r;
  }

  // Rewrites cell i by the first rule that fires. The probability is drawn before the sum is
  // checked, as in the reference, so that the random sequence is the same.
  // `inner`: the cell is in the interior; `counted`: the step's sums are in counted_ (for
  // interior cells, where they are ready).
  bool rewrite(Random& random, int x, int y, int z, int i, bool inner, bool counted) {
    uint8_t& cell = grid->state[size_t(i)];
    const auto sum_of = [&](const ConvolutionChoice& c) { return sum_for(c, x, y, z, i, inner, counted); };
    const int output = fired_output(random, table_.choices.data(), table_.first.data(), cell, sum_of);
    if (output < 0) return false;
    cell = uint8_t(output);
    return true;
  }

  void prepare() {
    offsets_.clear();
    for (const KernelEntry& k : kernel) offsets_.push_back(grid->index(k.dx, k.dy, k.dz));
    moore_2d_ = grid->mz == 1 && kernel.size() == 8;
    if (indexed_) return;
    for (int v = 0; v < 256; v++) {
      table_.first[size_t(v)] = uint32_t(table_.choices.size());
      for (const ConvolutionRule& rule : rules)
        if (rule.input == v && rule.output != rule.input)
          table_.choices.push_back({rule.p == 1.0 ? -1 : draw_bound(rule.p),
                                    rule.multiplicity.empty() ? nullptr : rule.multiplicity.data(), counted_index(rule),
                                    rule.sums, rule.output});
    }
    table_.first[256] = uint32_t(table_.choices.size());
    simple_ = lanes_.index(table_, counted_.size(), grid->values);
    draws_ = std::any_of(table_.choices.begin(), table_.choices.end(),
                         [](const ConvolutionChoice& c) { return c.bound >= 0; });
    indexed_ = true;
  }

  // The entry of counted_ for the rule's multiplicity, shared by rules with the same one.
  int counted_index(const ConvolutionRule& rule) {
    if (rule.multiplicity.empty()) return -1;
    for (size_t k = 0; k < counted_.size(); k++)
      if (*counted_[k].multiplicity == rule.multiplicity) return int(k);
    counted_.push_back({&rule.multiplicity, {}, false});
    return int(counted_.size()) - 1;
  }

  void count_sums() {
    const Grid& g = *grid;
    for (Counted& c : counted_) {
      c.sums.resize(size_t(g.size()));
      c.ready = count_interior(before_.data(), g.mx, g.my, g.mz, offsets_, *c.multiplicity, c.sums.data());
    }
  }

  bool interior(int x, int y, int z) const {
    const Grid& g = *grid;
    return x > 0 && y > 0 && x < g.mx - 1 && y < g.my - 1 && (g.mz == 1 || (z > 0 && z < g.mz - 1));
  }

  int sum_for(const ConvolutionChoice& c, int x, int y, int z, int i, bool inner, bool counted) const {
    if (inner && counted && counted_[size_t(c.counted)].ready) return counted_[size_t(c.counted)].sums[size_t(i)];
    return neighbour_sum(c.multiplicity, x, y, z, i, inner);
  }

  // Weighted count of the neighbours (before the step) that hold the rule's values.
  int neighbour_sum(const int* m, int x, int y, int z, int i, bool inner) const {
    const Grid& g = *grid;
    int sum = 0;
    if (inner) {
      const uint8_t* a = before_.data() + i;
      if (moore_2d_) {  // the common kernel, unrolled
        const int w = g.mx;
        return m[a[-w - 1]] + m[a[-w]] + m[a[-w + 1]] + m[a[-1]] + m[a[1]] + m[a[w - 1]] + m[a[w]] + m[a[w + 1]];
      }
      for (int offset : offsets_) sum += m[a[offset]];
      return sum;
    }
    for (const KernelEntry& k : kernel) {
      int sx = x + k.dx, sy = y + k.dy, sz = z + k.dz;
      if (!place(sx, g.mx) || !place(sy, g.my) || !place(sz, g.mz)) continue;
      sum += m[before_[size_t(g.index(sx, sy, sz))]];
    }
    return sum;
  }

  // Brings a coordinate one step outside the grid back in when periodic; false when it stays out.
  bool place(int& v, int length) const {
    if (v >= 0 && v < length) return true;
    if (!periodic) return false;
    v += v < 0 ? length : -length;
    return v >= 0 && v < length;
  }

 public:
  void describe(NodeView& view) const override { view.counter = counter_, view.steps = steps; }
};

}  // namespace

NodePtr load_convolution(const XmlElement& e, const SymmetryGroup&, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<ConvolutionNode>();
  std::vector<XmlElement> xrules = e.children({"rule"});
  if (xrules.empty()) xrules.push_back(e);
  for (const XmlElement& xrule : xrules) node->rules.push_back(load_convolution_rule(xrule, grid));
  node->steps = count_attribute(e, "steps", -1, grid, context);
  node->periodic = e.boolean("periodic", false);
  node->kernel = load_kernel(e, grid.mz == 1);
  return node;
}

}  // namespace mj
