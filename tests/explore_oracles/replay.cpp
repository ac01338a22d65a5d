// Today's explorer before the successor engine, kept as the tests' oracle: one interpreter replays
// paths of choices from the start, a start of it per transition.
#include <unordered_map>

#include "explore/refusals.hpp"
#include "explore/state_search.hpp"
#include "explore_oracles/oracles.hpp"
#include "io/formats/state_text.hpp"
#include "run/interpreter.hpp"

namespace mj {

namespace {

// What a replay met past the end of its path: a step that draws among this many matches.
struct Branches {
  int options;
};

// Where the program stands: what makes two states with equal grids equal.
void position(const NodeView& v, std::string& key) {
  key += std::to_string(v.running) + (v.current ? "*" : ",") + (v.steps > 0 ? std::to_string(v.counter) : "") + ";";
  for (const NodeView& child : v.children) position(child, key);
}

// The chooser picks among a `one`'s matches, not among the ties of fields: the oracle takes no fields.
void refuse_fields(const XmlElement& e) {
  if (e.name() == "field") e.fail("explore_by_replay cannot choose among the best matches of a field");
  for (const XmlElement& child : e.children()) refuse_fields(child);
}

// One interpreter replays paths of choices from the start: a state is reached by its path and steps.
class Walker {
 public:
  explicit Walker(const RunSettings& settings) : ip_(load_model(settings)), name_(settings.name) {
    ip_.set_chooser([this](int options) {
      if (next_ < path_.size()) return path_[next_++];
      throw Branches{options};
    });
  }

  // Replays `path` over `steps` steps.
  void reach(const std::vector<int>& path, int steps) {
    path_ = path, next_ = 0;
    ip_.start(0);
    for (int s = 0; s < steps; s++) ip_.step();
  }
  // One more step: 1 when it draws nothing, else the number of matches it draws among (nothing done).
  int options_of_next_step() {
    try {
      ip_.step();
      return 1;
    } catch (const Branches& b) {
      return b.options;
    }
  }
  std::string key() const { return interpreter_state_key(ip_); }
  bool finished() const { return ip_.finished(); }
  GridView grid() const { return ip_.grid(); }
  const std::string& name() const { return name_; }

 private:
  Interpreter ip_;
  std::string name_;
  std::vector<int> path_;
  size_t next_ = 0;
};

struct Found {
  std::vector<int> path;
  int steps = 0;
};

class Explorer {
 public:
  Explorer(const RunSettings& settings, const ExploreOptions& options, std::vector<std::string>* keys)
      : walker_(settings), options_(options), keys_(keys) {}

  StateSpace run() {
    add({{}, 0});
    for (size_t u = 0; u < found_.size(); u++) expand(int(u));
    space_.transitions = 0;
    space_.state_count = (long long)found_.size();
    for (const auto& edges : space_.edges) space_.transitions += (long long)edges.size();
    return std::move(space_);
  }

 private:
  Walker walker_;
  ExploreOptions options_;
  std::vector<std::string>* keys_;
  StateSpace space_;
  std::vector<Found> found_;
  std::unordered_map<std::string, int> ids_;

  // The state the walker stands at, found by `how`: its id, new or known.
  int add(Found how) {
    if (found_.empty()) walker_.reach(how.path, how.steps);
    auto [at, fresh] = ids_.emplace(walker_.key(), int(found_.size()));
    if (!fresh) return at->second;
    if (keys_) keys_->push_back(at->first);
    if ((long long)found_.size() >= options_.max_states)
      throw Error("", 0,
                  "more than " + std::to_string(options_.max_states) +
                      " states: mj explore is for small models (a smaller grid, or a higher {setting})",
                  Setting::max_states);
    if ((found_.size() & 1023) == 0 && options_.poll) options_.poll();
    space_.edges.emplace_back();
    space_.grids.push_back(grid_rows(walker_.grid()));
    if (walker_.finished())
      space_.outcomes.push_back(
          {at->second, 0, state_text(walker_.name(), walker_.grid(), 0, how.steps), space_.grids.back()});
    found_.push_back(std::move(how));
    return at->second;
  }

  void link(int from, int to, double probability) {
    for (StateSpace::Edge& e : space_.edges[size_t(from)])
      if (e.to == to) return void(e.probability += probability);
    space_.edges[size_t(from)].push_back({to, probability});
  }

  void expand(int u) {
    const Found here = found_[size_t(u)];
    walker_.reach(here.path, here.steps);
    if (walker_.finished()) return;
    const int options = walker_.options_of_next_step();
    if (options == 1) return link(u, add({here.path, here.steps + 1}), 1.0);
    for (int i = 0; i < options; i++) {
      Found child{here.path, here.steps + 1};
      child.path.push_back(i);
      walker_.reach(child.path, child.steps);
      link(u, add(std::move(child)), 1.0 / options);
    }
  }
};

}  // namespace

std::string interpreter_state_key(const Interpreter& ip) {
  const GridView g = ip.grid();
  std::string k(reinterpret_cast<const char*>(g.cells), g.size());
  k += std::to_string(g.mx) + "x" + std::to_string(g.my) + "x" + std::to_string(g.mz) + (ip.finished() ? "!" : "|");
  position(ip.node_tree(), k);
  return k;
}

StateSpace explore_by_replay(const RunSettings& settings, const ExploreOptions& options,
                             std::vector<std::string>* keys) {
  const std::unique_ptr<XmlDocument> doc = load_explorable(settings);
  refuse_fields(doc->root());
  refuse_weights(doc->root(), "explore_by_replay");
  StateSpace space = Explorer(settings, options, keys).run();
  add_end_probabilities(space);
  return space;
}

}  // namespace mj
