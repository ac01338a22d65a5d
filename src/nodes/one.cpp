// `one`: each step applies one randomly chosen match of its rules.
#include "nodes/registry.hpp"
#include "nodes/rule_node.hpp"

namespace mj {

namespace {

class OneNode : public RuleNode {
 public:
  bool go(Run& run) override {
    if (!RuleNode::go(run)) return false;
    rescan_from = run.step_start;
    if (trajectory) return follow_trajectory(run);
    // A flag and an out-parameter rather than optional<Match>: the optional went through the
    // stack byte by byte, and reading it back whole stalled every step.
    Match m;
    if (!(potentials.empty() ? uniform_match(run, m) : best_match(run, m))) return false;
    fire(m.r);
    apply(run, m);
    counter++;
    return true;
  }

  void reset() override {
    RuleNode::reset();
    // Every set flag belongs to a listed match: few matches are cleared one by one, so that
    // the untouched pages of the flags stay untouched.
    if (size_t(match_count) < listed.sparse_below())
      for (int k = 0; k < match_count; k++) listed.reset(matches[size_t(k)].r, matches[size_t(k)].corner);
    else if (match_count != 0) listed.clear();
    match_count = 0;
  }

 private:
  void remove(int k) {
    const Match& m = matches[size_t(k)];
    listed.reset(m.r, m.corner);
    matches[size_t(k)] = matches[size_t(match_count - 1)];
    match_count--;
  }

  // Draws matches uniformly, dropping stale ones, until one still holds. Dense lists hold many
  // stale matches, each a cache miss: the candidates of the next draws (should the ones before
  // be stale too) are fetched ahead.
  bool uniform_match(Run& run, Match& chosen) {
    const bool large = match_count > kLargeList;
    if (large)
      for (int ahead = 1; ahead < kAhead; ahead++) prefetch_candidate(run, ahead);
    while (match_count > 0) {
      if (large) prefetch_candidate(run, kAhead);
      int k = run.random.next(match_count);
      chosen = matches[size_t(k)];
      remove(k);
      if (holds(chosen)) return true;
    }
    return false;
  }

  static constexpr int kAhead = 8;
  // Matches past which a list (8 bytes each) outgrows the L2 cache along with the grid and the flags;
  // smaller lists are served from it in fewer cycles than computing the prefetches takes.
  static constexpr int kLargeList = 1 << 16;
  void prefetch_candidate(const Run& run, int ahead) const {
    int draw = 0;
    if (match_count > ahead && run.random.peek(ahead, draw))
      __builtin_prefetch(&matches[size_t(draw * (1.0 / 2147483647.0) * (match_count - ahead + 1))]);
  }

  // Picks the match with the best potential key (fields or observations).
  int goal_hint_ = 0;  // for is_goal_reached

  bool best_match(Run& run, Match& chosen) {
    if (!observations.empty() && is_goal_reached(grid->state.data(), future.data(), grid->size(), goal_hint_,
                                                 2 * (grid->mz > 1 ? grid->mx * grid->my : grid->mx))) {
      future_computed = false;
      return false;
    }
    double max = -1000.0, first = 0.0;
    bool first_computed = false;
    int argmax = -1;
    for (int k = 0; k < match_count; k++) {
      const Match& m = matches[size_t(k)];
      if (!holds(m)) {
        remove(k--);
        continue;
      }
      std::optional<int> h = delta(m);
      if (!h) continue;
      if (heuristic_beats(run, *h, first, first_computed, max)) argmax = k;
    }
    if (argmax < 0) return false;
    chosen = matches[size_t(argmax)];
    return true;
  }

  void apply(Run& run, const Match& m) {
    for (const RuleOutput& o : outputs_[size_t(m.r)]) {
      uint8_t& cell = grid->state[size_t(m.corner + o.offset)];
      if (cell == o.value) continue;
      run.changes.write(m.corner + o.offset, cell);
      cell = o.value;
    }
  }
};

}  // namespace

NodePtr load_one(const XmlElement& e, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<OneNode>();
  node->grid = &grid;
  node->load_rule_node(e, symmetry, grid, context, RuleNode::Matches::kTracked);
  return node;
}

}  // namespace mj
