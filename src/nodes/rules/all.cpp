// `all`: each step applies every non-overlapping match, in random (or potential) order.
#include <algorithm>

#include "nodes/registry.hpp"
#include "nodes/rules/rule_node.hpp"

namespace mj {

namespace {

class AllNode : public RuleNode {
 public:
  bool go(Run& run) override {
    if (!RuleNode::go(run)) return false;
    matcher.matched_in(run);
    if (guidance.follows_trajectory()) return follow_trajectory(run);
    if (matcher.count() == 0) return false;
    std::vector<uint8_t>& written = run.workspace.marks;
    if (written.size() < grid->state.size()) written.assign(grid->state.size(), 0);
    if (run.chooser) refuse_random_order();
    if (!guidance.guides()) shuffle_order(run);
    else sort_order_by_potential(run);
    const std::vector<int>& order = order_;
    const size_t logged = run.changes.size();
    // The order is random: in long lists, fetch the matches and cells a few steps ahead of their
    // use. Short ones stay in the cache, and computing the prefetches would only cost.
    const size_t ahead = order.size() > kLargeList ? order.size() : 0;
    for (size_t k = 0; k < order.size(); k++) {
      if (k + kAhead < ahead) __builtin_prefetch(matcher.data() + order[k + kAhead]);
      if (k + kAhead / 2 < ahead) __builtin_prefetch(&written[size_t(matcher[order[k + kAhead / 2]].corner)]);
      const Match& m = matcher[order[k]];
      matcher.unlist(m);
      fit(run, m, written.data());
    }
    for (size_t n = logged; n < run.changes.size(); n++) written[size_t(run.changes.cell(n))] = 0;
    counter++;
    matcher.empty_list();
    return true;
  }

 private:
  static constexpr size_t kAhead = 16;
  static constexpr size_t kLargeList = 1 << 14;  // matches
  std::vector<int> order_;                       // the matches to apply this step, by index

  // The reference's shuffle: an inside-out Fisher-Yates of 0..count-1.
  void shuffle_order(Run& run) {
    order_.resize(static_cast<size_t>(matcher.count()));
    for (int i = 0; i < matcher.count(); i++) {
      int j = run.random.next(i + 1);
      order_[size_t(i)] = order_[size_t(j)];
      order_[size_t(j)] = i;
    }
  }

  // Matches with a defined potential change, best key first (stable, as LINQ's OrderBy).
  void sort_order_by_potential(Run& run) {
    struct Keyed {
      int k;
      double key;
    };
    std::vector<Keyed> keyed;
    double first = 0.0;
    bool first_computed = false;
    for (int k = 0; k < matcher.count(); k++) {
      std::optional<int> h = guidance.delta(*grid, matcher[k]);
      if (h) keyed.push_back({k, guidance.heuristic_key(run, *h, first, first_computed)});
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) { return -a.key < -b.key; });
    order_.clear();
    for (const Keyed& item : keyed) order_.push_back(item.k);
  }

  // Writes the match unless its output overlaps a cell already `written` this step.
  // mj explore enumerates `one`'s choices, not `all`'s orders: an `all` step whose matches write a cell
  // in common depends on the order it draws, and is refused rather than counted as one outcome.
  void refuse_random_order() const {
    std::vector<uint8_t> writes(grid->state.size(), 0);
    for (int k = 0; k < matcher.count(); k++)
      for (const RuleOutput& o : outputs_[size_t(matcher[k].rule)])
        if (writes[size_t(matcher[k].corner + o.offset)]++ > 0)
          throw Error("", line,
                      "mj explore cannot enumerate this <all>: matches that write the same cell are applied in a "
                      "random order, which can change the result");
  }

  void fit(Run& run, const Match& m, uint8_t* written) {
    const std::vector<RuleOutput>& outputs = outputs_[size_t(m.rule)];
    for (const RuleOutput& o : outputs)
      if (written[size_t(m.corner + o.offset)]) return;
    fire(m.rule);
    for (const RuleOutput& o : outputs) {
      const int i = m.corner + o.offset;
      written[size_t(i)] = 1;
      run.changes.write(i, grid->state[size_t(i)]);
      grid->state[size_t(i)] = o.value;
    }
  }
};

}  // namespace

NodePtr load_all(const XmlElement& e, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<AllNode>();
  node->grid = &grid;
  node->load_rule_node(e, symmetry, grid, context, nullptr, Applies::kAll);
  return node;
}

}  // namespace mj
