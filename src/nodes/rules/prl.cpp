// `prl`: each step applies every match at once, each with its rule's probability p.
#include <memory>

#include "core/wave_scan.hpp"
#include "nodes/pins.hpp"
#include "nodes/registry.hpp"
#include "nodes/rules/rule_node.hpp"

namespace mj {

namespace {

// Takes the matches as the matcher finds them: nothing is listed.
class PrlNode : public RuleNode, public RuleMatcher::Taker {
 public:
  bool go(Run& run) override {
    // Made on the first step (many prl nodes never run), and left unset: a cell of it is read only
    // after a match wrote it, so that only the pages matches write are ever faulted in.
    if (!next_state_) next_state_.reset(new uint8_t[size_t(grid->size())]);  // default-initialised: not zeroed
    applied_ = 0;
    if (!RuleNode::go(run)) return false;
    // This step's writes, decided while matching (observe's, before them, are hidden and made).
    for (size_t n = size_t(run.step_start); n < run.changes.size(); n++) {
      const int cell = run.changes.written()[n];
      if (cell >= 0) grid->state[size_t(cell)] = next_state_[size_t(cell)];
    }
    counter++;
    return applied_ > 0;
  }

  // The draw of a match of each rule passes when next() < draw_bounds_[r].
  void prepare() {
    for (const Rule& rule : rules) draw_bounds_.push_back(Random::draws_not_above(rule.p));
  }

 private:
  // Matches are applied into a buffer as they are found, so they all read the old state.
  void take(Run& run, int r, int corner) override {
    if (run.random.next() >= draw_bounds_[size_t(r)]) return;
    fire(r);
    for (const RuleOutput& w : outputs_[size_t(r)]) {
      const int i = corner + w.offset;
      if (w.value == grid->state[size_t(i)]) continue;
      next_state_[size_t(i)] = w.value;
      run.changes.write(i, grid->state[size_t(i)]);
    }
    applied_++;
  }

  // The whole grid against a one-cell rule, a row at a time: its accepted cells, then their
  // draws in one go. On dense grids (a forest fire draws for nearly every cell each step) a call
  // per match would cost more than the match.
  size_t take_cells(Run& run, int r) override {
    const int bound = draw_bounds_[size_t(r)];
    const uint8_t value = outputs_[size_t(r)].empty() ? kKeep : outputs_[size_t(r)][0].value;
    row_cells_.resize(size_t(grid->mx));
    size_t found = 0;
    int fired = 0;
    for (int z = 0; z < grid->mz; z++)
      for (int y = 0; y < grid->my; y++) {
        const int row = grid->index(0, y, z);
        const uint8_t* cells = grid->state.data() + row;
        const int count = collect_in_wave(cells, 0, grid->mx, rules[size_t(r)].input[0], row_cells_.data());
        found += size_t(count);
        run.random.draws_below(count, bound, [&](int k) {
          const int x = row_cells_[size_t(k)];
          if (run.pins && value != kKeep && breaks_pin(run.pins, row + x, value)) return;  // does not match
          fired++;
          if (value == kKeep || value == cells[x]) return;
          next_state_[size_t(row + x)] = value;
          run.changes.write(row + x, cells[x]);
        });
      }
    applied_ += fired;
    if (fired > 0) fire(r);
    return found;
  }

  int applied_ = 0;  // matches whose draw passed this step
  std::unique_ptr<uint8_t[]> next_state_;
  std::vector<int> draw_bounds_;  // per rule
  std::vector<int> row_cells_;    // take_cells: the accepted cells of a row
};

}  // namespace

NodePtr load_prl(const XmlElement& e, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<PrlNode>();
  node->grid = &grid;
  node->load_rule_node(e, symmetry, grid, context, node.get(), Applies::kOne);
  node->prepare();
  return node;
}

}  // namespace mj
