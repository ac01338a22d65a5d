// `one`: each step applies one randomly chosen match of its rules.
#include <algorithm>

#include "mj/inspect.hpp"
#include "nodes/registry.hpp"
#include "nodes/rules/rule_node.hpp"

namespace mj {

namespace {

class OneNode : public RuleNode {
 public:
  bool go(Run& run) override {
    if (!RuleNode::go(run)) return false;
    matcher.matched_in(run);
    if (guidance.follows_trajectory()) return follow_trajectory(run);
    // A flag and an out-parameter rather than optional<Match>: the optional went through the
    // stack byte by byte, and reading it back whole stalled every step.
    Match m;
    // A debugger's inspection keeps the candidates of guided steps; a run without one tests the flag.
    if (!(guidance.guides()     ? (run.inspecting ? best_match<true>(run, m) : best_match<false>(run, m))
          : run.chooser         ? chosen_match(run, m)
          : acceptance_.empty() ? uniform_match(run, m)
                                : weighted_match(run, m)))
      return false;
    fire(m.rule);
    apply(run, m);
    counter++;
    return true;
  }

  void reset() override {
    RuleNode::reset();
    matcher.clear();
  }
  void restart() override {  // the candidates inspect() shows are this run's
    RuleNode::restart();
    candidates_.clear();
    chosen_ = -1;
  }

 private:
  // Draws matches uniformly, dropping stale ones, until one still holds. Dense lists hold many
  // stale matches, each a cache miss: the candidates of the next draws (should the ones before
  // be stale too) are fetched ahead.
  bool uniform_match(Run& run, Match& chosen) {
    const bool large = matcher.count() > kLargeList;
    if (large)
      for (int ahead = 1; ahead < kAhead; ahead++) prefetch_candidate(run, ahead);
    while (matcher.count() > 0) {
      if (large) prefetch_candidate(run, kAhead);
      int k = run.random.next(matcher.count());
      chosen = matcher[k];
      matcher.remove(k);
      if (matcher.holds(chosen)) return true;
    }
    return false;
  }

  // Weights (the mj dialect): a match drawn uniformly is kept with the chance weight / the largest
  // weight, else drawn again. A match is then taken with probability proportional to its rule's weight,
  // in draws of the uniform list (no sums over it to keep as it changes): on average the largest weight
  // over the mean weight of the matches, one next() and, below the largest weight, one next_double()
  // each. A rejected match stays listed; a stale one leaves as in uniform_match. Weights far apart
  // (a list of light rules' matches and a few heavy ones') would take many draws: after kMostRejections
  // in a row, one draw over the whole list by its weights decides, still in proportion to them.
  bool weighted_match(Run& run, Match& chosen) {
    for (int rejected = 0; matcher.count() > 0;) {
      if (rejected == kMostRejections) return scanned_match(run, chosen);
      const int k = run.random.next(matcher.count());
      chosen = matcher[k];
      if (!matcher.holds(chosen)) {
        matcher.remove(k);
        continue;
      }
      const double acceptance = acceptance_[size_t(chosen.rule)];
      if (acceptance < 1 && run.random.next_double() >= acceptance) {
        rejected++;
        continue;
      }
      matcher.remove(k);
      return true;
    }
    return false;
  }

  // One next_double() over the listed matches that hold, each in proportion to its rule's weight (the stale
  // ones leave the list first, from its end: remove() moves the last match into the place it frees).
  bool scanned_match(Run& run, Match& chosen) {
    double total = 0;
    for (int k = matcher.count() - 1; k >= 0; k--)
      if (matcher.holds(matcher[k])) total += acceptance_[size_t(matcher[k].rule)];
      else matcher.remove(k);
    if (matcher.count() == 0) return false;
    double left = run.random.next_double() * total;
    int k = 0;
    for (; k < matcher.count() - 1; k++)
      if ((left -= acceptance_[size_t(matcher[k].rule)]) < 0) break;
    chosen = matcher[k];
    matcher.remove(k);
    return true;
  }

  // mj explore: every match that still holds is a branch; the chooser says which this run takes.
  bool chosen_match(Run& run, Match& chosen) {
    if (!acceptance_.empty())  // the chooser takes the matches alike: refused rather than weights ignored
      throw Error("", line,
                  "a chooser (Interpreter::set_chooser) takes every match alike: it cannot run weighted rules");
    for (int k = 0; k < matcher.count(); k++)
      if (!matcher.holds(matcher[k])) matcher.remove(k--);
    if (matcher.count() == 0) return false;
    const int k = matcher.count() == 1 ? 0 : (*run.chooser)(matcher.count());
    chosen = matcher[k];
    matcher.remove(k);
    return true;
  }

  static constexpr int kAhead = 8;
  // Matches past which a list (8 bytes each) outgrows the L2 cache along with the grid and the flags;
  // smaller lists are served from it in fewer cycles than computing the prefetches takes.
  static constexpr int kLargeList = 1 << 16;
  void prefetch_candidate(const Run& run, int ahead) const {
    const int count = matcher.count();
    int draw = 0;
    if (count > ahead && run.random.peek(ahead, draw))
      __builtin_prefetch(matcher.data() + size_t(draw * (1.0 / 2147483647.0) * (count - ahead + 1)));
  }

  // Picks the match with the best potential key (fields or observations). `Record`: a debugger
  // inspects the run, and each candidate's key is kept (computed in full, the same draw and the same
  // winner as heuristic_beats, which skips keys that cannot win).
  template <bool Record>
  bool best_match(Run& run, Match& chosen) {
    if constexpr (!Record)
      if (!cell_waves_.empty()) return best_cell_match(run, chosen);
    if (guidance.goal_reached(*grid)) return false;  // no choice made: the last one's candidates stay
    if constexpr (Record) candidates_.clear(), chosen_ = -1;
    double max = -1000.0, first = 0.0;
    int first_h = 0;  // the same, for heuristic_beats
    bool first_computed = false;
    int argmax = -1;
    for (int k = 0; k < matcher.count(); k++) {
      const Match& m = matcher[k];
      if (!matcher.holds(m)) {
        matcher.remove(k--);
        continue;
      }
      std::optional<int> h = guidance.delta(*grid, m);
      if (!h) continue;
      if constexpr (Record) {
        const double key = guidance.heuristic_key(run, *h, first, first_computed);
        candidates_.push_back(candidate(m, *h, key));
        if (key > max) max = key, argmax = k, chosen_ = int(candidates_.size()) - 1;
      } else if (guidance.heuristic_beats(run, *h, first_h, first_computed, max)) {
        argmax = k;
      }
    }
    if (argmax < 0) return false;
    chosen = matcher[argmax];
    return true;
  }

  // best_match<false> for rules that read and write one cell each (Laplace, BlueNoise, growth with
  // fields): the same checks, draws and winner, with the cell's value read once and no lists walked.
  bool best_cell_match(Run& run, Match& chosen) {
    if (guidance.goal_reached(*grid)) return false;
    double max = -1000.0;
    int first_h = 0, argmax = -1;
    bool first_computed = false;
    const uint8_t* state = grid->state.data();
    const RuleGuidance::CellDeltas cell_delta = guidance.cell_deltas();
    for (int k = 0; k < matcher.count(); k++) {
      const Match& m = matcher[k];
      const uint8_t value = state[m.corner];
      if ((cell_waves_[size_t(m.rule)] >> value & 1u) == 0) {
        matcher.remove(k--);
        continue;
      }
      int h;
      if (cell_delta(m.rule, value, m.corner, h) && guidance.heuristic_beats(run, h, first_h, first_computed, max))
        argmax = k;
    }
    if (argmax < 0) return false;
    chosen = matcher[argmax];
    return true;
  }

 public:
  // After loading: weighted rules keep a match with the chance of their weight over the largest.
  void prepare_weights() {
    if (weights.empty()) return;
    const double largest = *std::max_element(weights.begin(), weights.end());
    for (double w : weights) acceptance_.push_back(w == largest ? 1.0 : w / largest);
  }

  // After loading: rules that read and write their corner cell only, and guidance by potentials,
  // take best_cell_match.
  void prepare_cell_rules() {
    if (!matcher.all_single() || !guidance.guides() || !guidance.one_cell_writes()) return;
    for (int r = 0; r < int(rules.size()); r++) {
      ValueSet wave = ~ValueSet(0);  // a wildcard input has no check
      for (const RulePattern::Cell& c : matcher.pattern(r).checks) wave &= c.wave;
      cell_waves_.push_back(wave);
    }
  }

 private:
  std::vector<ValueSet> cell_waves_;          // per rule: the values its one input cell accepts; empty: not such rules
  std::vector<double> acceptance_;            // per rule: its weight over the largest; empty: unweighted
  static constexpr int kMostRejections = 64;  // weighted_match's draws rejected in a row before it scans

  CandidateView candidate(const Match& m, int delta, double key) const {
    const int layer = grid->mx * grid->my;
    const int z = m.corner / layer, y = m.corner % layer / grid->mx, x = m.corner % grid->mx;
    return {m.rule, x, y, z, delta, key};
  }

  void inspect(Inspection& view) const override {
    RuleNode::inspect(view);
    view.candidates = candidates_;
    view.chosen = chosen_;
  }

  // The latest guided step's candidates and the one applied, kept only while inspecting.
  std::vector<CandidateView> candidates_;
  int chosen_ = -1;

  void apply(Run& run, const Match& m) {
    for (const RuleOutput& o : outputs_[size_t(m.rule)]) {
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
  node->load_rule_node(e, symmetry, grid, context, nullptr, Applies::kOne);
  node->prepare_cell_rules();
  node->prepare_weights();
  return node;
}

}  // namespace mj
