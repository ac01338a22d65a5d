#include "mj/explore.hpp"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <unordered_map>

#include "core/xml.hpp"
#include "explore_refusals.hpp"
#include "mj/state_text.hpp"

namespace mj {

// Elements and attributes whose randomness is not a `one` node's uniform draw.
void refuse_unexplorable(const XmlElement& e) {
  static const char* const kNodes[] = {"path", "map", "convolution", "convchain", "wfc", "field", "observe"};
  for (const char* name : kNodes)
    if (e.name() == name)
      e.fail("mj explore cannot enumerate <" + std::string(name) +
             ">: its choices are not a uniform draw among matches");
  if (e.has("temperature")) e.fail("mj explore cannot enumerate temperature: its draws are weighted");
  if (e.boolean("search", false)) e.fail("mj explore cannot enumerate search");
  if (e.has("p") && e.real("p", 1.0) < 1.0) e.fail("mj explore cannot enumerate rules with p below 1");
  for (const XmlElement& child : e.children()) refuse_unexplorable(child);
}

std::string grid_rows(const GridView& g) {
  std::string text;
  for (int z = 0; z < g.mz; z++)
    for (int y = 0; y < g.my; y++) {
      if (z > 0 || y > 0) text += y == 0 ? ' ' : '/';
      for (int x = 0; x < g.mx; x++) text += g.legend[g.cells[x + g.mx * (y + g.my * z)]];
    }
  return text;
}

std::unique_ptr<XmlDocument> load_explorable(const RunSettings& settings) {
  auto doc =
      settings.xml ? XmlDocument::load_string(*settings.xml, settings.source) : XmlDocument::load_file(settings.file);
  refuse_unexplorable(doc->root());
  return doc;
}

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

// One interpreter replays paths of choices from the start: a state is reached by its path and steps.
class Walker {
 public:
  explicit Walker(const RunSettings& settings) : ip_(settings.load_model()), name_(settings.name) {
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
  std::string key() const {
    const GridView g = ip_.grid();
    std::string k(reinterpret_cast<const char*>(g.cells), g.size());
    k += std::to_string(g.mx) + "x" + std::to_string(g.my) + "x" + std::to_string(g.mz) + (ip_.finished() ? "!" : "|");
    position(ip_.node_tree(), k);
    return k;
  }
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
  Explorer(const RunSettings& settings, const ExploreOptions& options) : walker_(settings), options_(options) {}

  StateSpace run() {
    add({{}, 0});
    for (size_t u = 0; u < found_.size(); u++) expand(int(u));
    space_.transitions = 0;
    for (const auto& edges : space_.edges) space_.transitions += (long long)edges.size();
    return std::move(space_);
  }

 private:
  Walker walker_;
  ExploreOptions options_;
  StateSpace space_;
  std::vector<Found> found_;
  std::unordered_map<std::string, int> ids_;

  // The state the walker stands at, found by `how`: its id, new or known.
  int add(Found how) {
    if (found_.empty()) walker_.reach(how.path, how.steps);
    auto [at, fresh] = ids_.emplace(walker_.key(), int(found_.size()));
    if (!fresh) return at->second;
    if ((long long)found_.size() >= options_.max_states)
      throw Error("", 0,
                  "more than " + std::to_string(options_.max_states) +
                      " states: mj explore is for small models (a smaller grid, or a higher {setting})",
                  Setting::max_states);
    space_.edges.emplace_back();
    space_.grids.push_back(grid_rows(walker_.grid()));
    if (walker_.finished())
      space_.outcomes.push_back({at->second, 0, state_text(walker_.name(), walker_.grid(), 0, how.steps)});
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

// The order of a graph without cycles, or an empty list when it has one (Kahn's algorithm).
std::vector<int> topological_order(const StateSpace& s) {
  std::vector<int> indegree(s.edges.size(), 0), order;
  for (const auto& edges : s.edges)
    for (const auto& e : edges) indegree[size_t(e.to)]++;
  for (size_t v = 0; v < s.edges.size(); v++)
    if (indegree[v] == 0) order.push_back(int(v));
  for (size_t k = 0; k < order.size(); k++)
    for (const auto& e : s.edges[size_t(order[k])])
      if (--indegree[size_t(e.to)] == 0) order.push_back(e.to);
  if (order.size() != s.edges.size()) order.clear();
  return order;
}

// Where the runs end: the start's probability flowing along the edges (once in a graph without cycles,
// else until what still flows stops changing).
std::vector<double> end_probabilities(StateSpace& s) {
  std::vector<double> mass(s.edges.size(), 0.0), ended(s.edges.size(), 0.0);
  mass[0] = 1.0;
  const std::vector<int> order = topological_order(s);
  s.cyclic = order.empty();
  if (!s.cyclic) {
    for (int v : order)
      for (const auto& e : s.edges[size_t(v)]) mass[size_t(e.to)] += mass[size_t(v)] * e.probability;
    return mass;
  }
  // Each round moves every state's mass one step on; what reaches an end stays there. It stops when what
  // still moves is below 1e-17, or has stopped shrinking (it circulates in cycles it cannot leave), or after
  // about 2e8 edge visits.
  long long edges = 1;
  for (const auto& out : s.edges) edges += (long long)out.size();
  const long long rounds = std::max(100000LL, 200000000LL / edges);
  double earlier = 2.0;
  for (long long round = 0; round < rounds; round++) {
    std::vector<double> next(s.edges.size(), 0.0);
    double moving = 0;
    for (size_t v = 0; v < s.edges.size(); v++) {
      if (s.edges[v].empty()) ended[v] += mass[v];
      for (const auto& e : s.edges[v]) next[size_t(e.to)] += mass[v] * e.probability, moving += mass[v] * e.probability;
    }
    mass.swap(next);
    if (moving < 1e-17) break;
    if (round % 1024 == 1023) {
      if (earlier - moving < 1e-16) break;
      earlier = moving;
    }
  }
  return ended;
}

}  // namespace

StateSpace explore(const RunSettings& settings, const ExploreOptions& options) {
  load_explorable(settings);
  StateSpace space = Explorer(settings, options).run();
  const std::vector<double> ended = end_probabilities(space);
  double total = 0;
  for (StateSpace::Outcome& o : space.outcomes) total += o.probability = ended[size_t(o.state)];
  space.unending = std::max(0.0, 1.0 - total);
  std::stable_sort(space.outcomes.begin(), space.outcomes.end(),
                   [](const auto& a, const auto& b) { return a.probability > b.probability; });
  return space;
}

namespace {

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::string json_text(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out + "\"";
}

}  // namespace

std::string state_space_json(const StateSpace& s) {
  std::string outcomes;
  for (const StateSpace::Outcome& o : s.outcomes)
    outcomes += (outcomes.empty() ? "" : ", ") + std::string("{\"probability\": ") + number(o.probability) +
                ", \"state\": " + json_text(o.text) + "}";
  return "{\"states\": " + std::to_string(s.states()) + ", \"transitions\": " + std::to_string(s.transitions) +
         ", \"cyclic\": " + (s.cyclic ? "true" : "false") + ", \"outcomes\": [" + outcomes + "]}\n";
}

std::string state_space_dot(const StateSpace& s) {
  std::vector<double> ending(s.edges.size(), -1);
  for (const StateSpace::Outcome& o : s.outcomes) ending[size_t(o.state)] = o.probability;
  std::string dot = "digraph states {\n  node [shape=box, fontname=monospace];\n";
  for (size_t v = 0; v < s.edges.size(); v++) {
    std::string label = s.grids[v];
    std::replace(label.begin(), label.end(), '/', '\n');
    dot += "  s" + std::to_string(v) + " [label=" + json_text(label) +
           (ending[v] >= 0 ? ", peripheries=2, xlabel=" + json_text(number(ending[v])) : "") +
           (v == 0 ? ", style=bold" : "") + "];\n";
    for (const StateSpace::Edge& e : s.edges[v])
      dot += "  s" + std::to_string(v) + " -> s" + std::to_string(e.to) +
             " [label=" + json_text(number(e.probability)) + "];\n";
  }
  return dot + "}\n";
}

}  // namespace mj
