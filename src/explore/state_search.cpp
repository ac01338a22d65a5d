#include "explore/state_search.hpp"

#include <algorithm>

#include "explore/refusals.hpp"
#include "explore/state_packing.hpp"
#include "explore/state_table.hpp"
#include "explore/stepper.hpp"
#include "io/formats/state_text.hpp"

namespace mj {

namespace {

// The key the tests' oracle gives the same state (tests/explore_oracles): the cells, the size, ended or not, then per
// node of the tree its running child, whether it is current, and its step count when it has a limit.
std::string replay_key(const ExploreProgram& p, const Machine& m) {
  std::string k(m.cells.begin(), m.cells.end());
  k += std::to_string(p.mx) + "x" + std::to_string(p.my) + "x" + std::to_string(p.mz) + (m.finished() ? "!" : "|");
  for (const ProgramNode& n : p.nodes) {
    k += std::to_string(n.is_branch() ? m.running[size_t(n.branch)] : 0);
    k += n.is_branch() && n.branch == m.current ? "*" : ",";
    if (n.steps > 0) k += std::to_string(m.counter[size_t(n.counter)]);
    k += ";";
  }
  return k;
}

// Thrown by a search without the graph at a transition to a state found before the one it leaves: the
// states' order is then not one the probabilities can flow in as they are found.
struct NotForward {};

class StateSearch {
 public:
  StateSearch(const ExploreProgram& program, const ExploreOptions& options, std::vector<std::string>* keys)
      : program_(program), options_(options), keys_(keys), packing_(program), table_(packing_.words()),
        stepper_(program), packed_(size_t(packing_.words())), base_(size_t(packing_.words())) {}

  StateSpace run() {
    Machine m = Machine::start_of(program_);
    add(m, 0);
    if (!options_.graph) mass_[0] = 1;
    for (size_t u = 0; u < table_.size(); u++) expand(int(u), m);
    space_.state_count = (long long)table_.size();
    if (options_.graph)
      for (const auto& edges : space_.edges) space_.transitions += (long long)edges.size();
    else
      for (StateSpace::Outcome& o : space_.outcomes) o.probability = mass_[size_t(o.state)];
    return std::move(space_);
  }

 private:
  const ExploreProgram& program_;
  ExploreOptions options_;
  std::vector<std::string>* keys_;
  StatePacking packing_;
  StateTable table_;
  Stepper stepper_;
  StateSpace space_;
  // Steps from the start, the fewest: found breadth first, states come in order of it, so the first
  // state of each depth says it for all (a few ints, not one a state).
  std::vector<int> layers_;
  int depth_of(int u) const { return int(std::upper_bound(layers_.begin(), layers_.end(), u) - layers_.begin()) - 1; }
  std::vector<uint64_t> packed_, base_;
  std::vector<uint8_t> undo_;
  std::vector<int> path_;  // the choices the step takes (Stepper::step)
  // Without the graph: the probability of reaching each state, and the successors of the one expanded.
  std::vector<double> mass_;
  std::vector<StateSpace::Edge> out_;

  int add(Machine& m, int depth) {
    packing_.pack(m, packed_.data());
    return insert(m, depth, nullptr);
  }

  // The state packed_ holds: `m` unpacked, but for draw `d` when given (written into `m` only when the
  // state is new and its grid is needed).
  int insert(Machine& m, int depth, const Draw* d) {
    const auto [id, fresh] = table_.insert(packed_.data());
    if (!fresh) return id;
    if ((long long)table_.size() > options_.max_states)
      throw Error("", 0,
                  "more than " + std::to_string(options_.max_states) +
                      " states: mj explore is for small models (a smaller grid, or a higher {setting})",
                  Setting::max_states);
    if ((table_.size() & 1023) == 0 && options_.poll) options_.poll();
    if (depth >= int(layers_.size())) layers_.push_back(id);
    if (options_.graph) space_.edges.emplace_back();
    else mass_.push_back(0);
    if (!options_.graph && !m.finished() && !keys_) return id;
    if (d) stepper_.apply(*d, m.cells, undo_);
    const GridView view = program_.view(m.cells.data());
    if (options_.graph) space_.grids.push_back(grid_rows(view));
    if (m.finished()) space_.outcomes.push_back({id, 0, state_text(program_.name, view, 0, depth), grid_rows(view)});
    if (keys_) keys_->push_back(replay_key(program_, m));
    if (d) stepper_.unapply(*d, m.cells, undo_);
    return id;
  }

  void link(int from, int to, double probability) {
    std::vector<StateSpace::Edge>& out = options_.graph ? space_.edges[size_t(from)] : out_;
    for (StateSpace::Edge& e : out)
      if (e.to == to) return void(e.probability += probability);
    out.push_back({to, probability});
  }

  // Every way the step can go: each path of the prl draws' choices (most steps have none), then the
  // `one` draw it ends with, if any. Without the graph, the state's probability flows on to its
  // successors: found after it, they are expanded after every state that leads to them.
  void expand(int u, Machine& m) {
    path_.clear();
    out_.clear();
    for (;;) {
      packing_.unpack(table_.state(size_t(u)), m);
      if (m.finished()) return;
      stepper_.step(m, path_);
      double chance = 1;
      for (const Stepper::Choice& c : stepper_.choices()) chance *= c.probability;
      link_draws(u, m, chance);
      if (!next_path(stepper_.choices())) break;
    }
    if (options_.graph) return;
    space_.transitions += (long long)out_.size();
    for (const StateSpace::Edge& e : out_) {
      if (e.to <= u) throw NotForward{};
      mass_[size_t(e.to)] += mass_[size_t(u)] * e.probability;
    }
  }

  void link_draws(int u, Machine& m, double chance) {
    const int depth = depth_of(u) + 1;
    const std::vector<Draw>& draws = stepper_.draws();
    if (draws.empty()) return link(u, add(m, depth), chance);
    // Each draw is as likely as its weight over the draws' total (all 1 without weights).
    double total = 0;
    for (const Draw& d : draws) total += stepper_.weight(d);
    // Each draw's state is the state before it with the draw's cells set, packed.
    packing_.pack(m, base_.data());
    for (const Draw& d : draws) {
      std::copy(base_.begin(), base_.end(), packed_.begin());
      for (const CompiledRule::Write& w : stepper_.writes(d))
        packing_.set_cell(packed_.data(), d.corner + w.offset, w.value);
      link(u, insert(m, depth, &d), chance * stepper_.weight(d) / total);
    }
  }

  // The next path in the order of an odometer whose last digit turns fastest; false after the last.
  bool next_path(const std::vector<Stepper::Choice>& made) {
    path_.resize(made.size());
    for (size_t i = 0; i < made.size(); i++) path_[i] = made[i].chosen;
    for (size_t i = made.size(); i-- > 0;)
      if (path_[i] + 1 < made[i].options) {
        path_[i]++;
        path_.resize(i + 1);
        return true;
      }
    return false;
  }
};

}  // namespace

StateSpace search_states(const ExploreProgram& program, const ExploreOptions& options, std::vector<std::string>* keys) {
  return StateSearch(program, options, keys).run();
}

StateSpace explore_program(const ExploreProgram& program, const ExploreOptions& options) {
  if (!options.graph) {
    try {
      StateSpace space = StateSearch(program, options, nullptr).run();
      sort_outcomes(space);
      return space;
    } catch (const NotForward&) {
      // a cycle, or a state reached again from a later one: the graph's flow below
    }
  }
  ExploreOptions with_graph = options;
  with_graph.graph = true;
  StateSpace space = StateSearch(program, with_graph, nullptr).run();
  add_end_probabilities(space);
  if (!options.graph) space.edges = {}, space.grids = {};
  return space;
}

}  // namespace mj
