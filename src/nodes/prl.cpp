// `prl`: each step applies every match at once, each with its rule's probability p.
#include "nodes/kinds.hpp"
#include "nodes/rule_node.hpp"

namespace mj {

namespace {

class PrlNode : public RuleNode {
 public:
  bool go(Run& run) override {
    if (!RuleNode::go(run)) return false;
    for (size_t n = size_t(run.first[size_t(run.counter)]); n < run.changes.size(); n++) {
      size_t i = size_t(grid->index(run.changes[n].x, run.changes[n].y, run.changes[n].z));
      grid->state[i] = next_state_[i];
    }
    counter++;
    return match_count > 0;
  }

  void prepare() { next_state_.assign(size_t(grid->size()), 0); }

 private:
  // Matches are applied into a buffer as they are found, so they all read the old state.
  void add(Run& run, int r, int x, int y, int z) override {
    const Rule& rule = rules[size_t(r)];
    if (run.random.next_double() > rule.p) return;
    last[size_t(r)] = true;
    for (int dz = 0, di = 0; dz < rule.omz; dz++)
      for (int dy = 0; dy < rule.omy; dy++)
        for (int dx = 0; dx < rule.omx; dx++, di++) {
          uint8_t value = rule.output[size_t(di)];
          size_t i = size_t(grid->index(x + dx, y + dy, z + dz));
          if (value == kKeep || value == grid->state[i]) continue;
          next_state_[i] = value;
          run.changes.push_back({x + dx, y + dy, z + dz});
        }
    match_count++;
  }

  std::vector<uint8_t> next_state_;
};

}  // namespace

NodePtr load_prl(const XmlElement& e, const SymmetryGroup& symmetry, Grid& grid, LoadContext& context) {
  auto node = std::make_unique<PrlNode>();
  node->grid = &grid;
  node->load_rule_node(e, symmetry, grid, context, false);
  node->prepare();
  return node;
}

}  // namespace mj
