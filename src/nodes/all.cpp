// `all`: each step applies every non-overlapping match, in random (or potential) order.
#include <algorithm>

#include "nodes/kinds.hpp"
#include "nodes/rule_node.hpp"

namespace mj {

namespace {

class AllNode : public RuleNode {
 public:
  bool go(Run& run) override {
    if (!RuleNode::go(run)) return false;
    last_matched_turn = run.counter;
    if (trajectory) return follow_trajectory();
    if (match_count == 0) return false;
    const std::vector<int> order = potentials.empty() ? shuffled_order(run) : potential_order(run);
    for (size_t k = 0; k < order.size(); k++) {
      // The order is random: fetch the matches and cells a few steps ahead of their use.
      if (k + kAhead < order.size()) __builtin_prefetch(&matches[size_t(order[k + kAhead])]);
      if (k + kAhead / 2 < order.size()) {
        __builtin_prefetch(&grid->mask[size_t(matches[size_t(order[k + kAhead / 2])].corner)]);
      }
      const Match& m = matches[size_t(order[k])];
      listed.reset(m.r, m.corner);
      fit(run, m);
    }
    for (size_t n = size_t(run.first[size_t(last_matched_turn)]); n < run.changes.size(); n++) {
      const Point& c = run.changes[n];
      grid->mask[size_t(grid->index(c.x, c.y, c.z))] = 0;
    }
    counter++;
    match_count = 0;
    return true;
  }

 private:
  static constexpr size_t kAhead = 16;
  bool applies_all() const override { return true; }

  // The reference's shuffle: an inside-out Fisher-Yates of 0..count-1.
  std::vector<int> shuffled_order(Run& run) {
    std::vector<int> order(static_cast<size_t>(match_count));
    for (int i = 0; i < match_count; i++) {
      int j = run.random.next(i + 1);
      order[size_t(i)] = order[size_t(j)];
      order[size_t(j)] = i;
    }
    return order;
  }

  // Matches with a defined potential change, best key first (stable, as LINQ's OrderBy).
  std::vector<int> potential_order(Run& run) {
    struct Keyed {
      int k;
      double key;
    };
    std::vector<Keyed> keyed;
    double first = 0.0;
    bool first_computed = false;
    for (int k = 0; k < match_count; k++) {
      std::optional<int> h = delta(matches[size_t(k)]);
      if (h) keyed.push_back({k, heuristic_key(run, *h, first, first_computed)});
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) { return -a.key < -b.key; });
    std::vector<int> order;
    for (const Keyed& item : keyed) order.push_back(item.k);
    return order;
  }

  // Writes the match unless its output overlaps a cell already written this step.
  void fit(Run& run, const Match& m) {
    const Rule& rule = rules[size_t(m.r)];
    auto each_output = [&](auto&& f) {
      for (int dz = 0, di = 0; dz < rule.omz; dz++)
        for (int dy = 0; dy < rule.omy; dy++)
          for (int dx = 0; dx < rule.omx; dx++, di++)
            if (rule.output[size_t(di)] != kKeep) f(dx, dy, dz, rule.output[size_t(di)]);
    };
    bool blocked = false;
    each_output([&](int dx, int dy, int dz, uint8_t) {
      blocked = blocked || grid->mask[size_t(m.corner + grid->index(dx, dy, dz))];
    });
    if (blocked) return;
    last[size_t(m.r)] = true;
    const Point corner = grid->point(m.corner);
    each_output([&](int dx, int dy, int dz, uint8_t value) {
      const size_t i = size_t(m.corner + grid->index(dx, dy, dz));
      grid->mask[i] = 1;
      grid->state[i] = value;
      run.changes.push_back({corner.x + dx, corner.y + dy, corner.z + dz});
    });
  }
};

}  // namespace

NodePtr load_all(const XmlElement& e, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<AllNode>();
  node->grid = &grid;
  node->load_rule_node(e, symmetry, grid, context, true);
  return node;
}

}  // namespace mj
