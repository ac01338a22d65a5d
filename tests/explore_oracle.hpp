// The explore tests' oracle: the reference's semantics (its Interpreter, Branch, RuleNode, OneNode,
// AllNode, ParallelNode and Field), written again plainly and slowly, apart from mj's interpreter and
// explorer (it reads the XML itself and uses no mj code). It keeps what the reference keeps between
// steps: the grid, where each branch stands, and per rule node its step count, its list of matches
// (in the reference's order), their flags (matchMask), the cells changed since the node last matched
// (from ip.first[lastMatchedTurn], or none while lastMatchedTurn is -1) and its potentials. A step is
// replayed once per path of random draws (a `one`'s index, the best match among equal potential
// changes, an `all`'s next match, a `prl` match's p), each path weighted by its draws' chances; equal
// states merged. Small programs only: 2D, values given as letters, rules of letters and '*'.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace oracle {

// A program the oracle does not take on (too many states or draws): not a mismatch.
struct TooBig : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ---- a small XML reader: elements with attributes, nested; no text, comments or entities ----
struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<Element> children;
  std::string get(const std::string& key, const std::string& otherwise = "") const {
    const auto at = attributes.find(key);
    return at == attributes.end() ? otherwise : at->second;
  }
};

class XmlReader {
 public:
  explicit XmlReader(const std::string& text) : s_(text) {}
  Element element() {
    space();
    expect('<');
    Element e;
    e.name = word();
    for (;;) {
      space();
      if (s_.compare(i_, 2, "/>") == 0) return i_ += 2, e;
      if (s_[i_] == '>') break;
      const std::string key = word();
      space(), expect('='), space(), expect('"');
      const size_t end = s_.find('"', i_);
      e.attributes[key] = s_.substr(i_, end - i_);
      i_ = end + 1;
    }
    i_++;
    for (;;) {
      space();
      if (s_.compare(i_, 2, "</") == 0) {
        i_ = s_.find('>', i_) + 1;
        return e;
      }
      e.children.push_back(element());
    }
  }

 private:
  const std::string& s_;
  size_t i_ = 0;
  void space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) i_++;
  }
  void expect(char c) {
    if (i_ >= s_.size() || s_[i_] != c) throw std::runtime_error(std::string("oracle: expected ") + c);
    i_++;
  }
  std::string word() {
    const size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) i_++;
    return s_.substr(start, i_ - start);
  }
};

// ---- the program ----
struct Rule {
  int mx = 1, my = 1;
  std::vector<uint32_t> in;  // per cell (x fastest): the values it accepts
  std::vector<int> out;      // per cell: the value written, -1 for '*'
  double p = 1;
  double weight = 1;  // the mj dialect's weight="W" of a `one`'s rule, shared by its images
  bool operator==(const Rule& o) const { return mx == o.mx && my == o.my && in == o.in && out == o.out; }
};

struct Field {
  bool recompute = false, essential = false, inversed = false;
  uint32_t zero = 0, substrate = 0;
};

struct Node {
  std::string kind;  // markov, sequence, one, all, prl
  int parent = -1;   // branches: the branch above (-1 for the root)
  std::vector<int> children;
  std::vector<Rule> rules;
  int steps = 0;
  std::vector<std::optional<Field>> fields;  // per value; empty when the node has none
  int slot = -1;                             // branches: index in State::n; rule nodes: in State::memory
  bool branch() const { return kind == "markov" || kind == "sequence"; }
};

struct Program {
  std::string values;
  int mx = 1, my = 1;
  bool origin = false;
  std::vector<Node> nodes;  // node 0 the root branch
  int branches = 0, rule_nodes = 0;
  int cells() const { return mx * my; }
};

// The symmetry subgroups of the square: of the images id, r(id), t(id), r(t(id)), t^2(id), ... (t a
// quarter turn, r the mirror in x) those each keeps.
inline std::vector<bool> subgroup(const std::string& name) {
  if (name == "()") return {1, 0, 0, 0, 0, 0, 0, 0};
  if (name == "(x)") return {1, 1, 0, 0, 0, 0, 0, 0};
  if (name == "(y)") return {1, 0, 0, 0, 0, 1, 0, 0};
  if (name == "(x)(y)") return {1, 1, 0, 0, 1, 1, 0, 0};
  if (name == "(xy+)") return {1, 0, 1, 0, 1, 0, 1, 0};
  if (name == "(xy)") return {1, 1, 1, 1, 1, 1, 1, 1};
  throw std::runtime_error("oracle: symmetry " + name);
}

inline Rule mirrored(const Rule& a) {
  Rule b = a;
  for (int y = 0; y < a.my; y++)
    for (int x = 0; x < a.mx; x++) {
      b.in[size_t(x + y * a.mx)] = a.in[size_t(a.mx - 1 - x + y * a.mx)];
      b.out[size_t(x + y * a.mx)] = a.out[size_t(a.mx - 1 - x + y * a.mx)];
    }
  return b;
}

inline Rule turned(const Rule& a) {
  Rule b = a;
  b.mx = a.my, b.my = a.mx;
  for (int y = 0; y < b.my; y++)
    for (int x = 0; x < b.mx; x++) {
      const int from = a.mx - 1 - y + x * a.mx;  // the reference's quarter turn (its order decides prl's writes)
      b.in[size_t(x + y * b.mx)] = a.in[size_t(from)];
      b.out[size_t(x + y * b.mx)] = a.out[size_t(from)];
    }
  return b;
}

class ProgramReader {
 public:
  Program read(const std::string& xml, int mx, int my) {
    const Element root = XmlReader(xml).element();
    p_.values = root.get("values");
    p_.mx = mx, p_.my = my;
    p_.origin = root.get("origin") == "True";
    const std::vector<bool> full(8, true);
    if (root.name == "markov" || root.name == "sequence") {
      add(root, -1, full);
    } else {  // a rule node at the top runs in a markov of its own
      p_.nodes.push_back({});
      p_.nodes[0].kind = "markov", p_.nodes[0].slot = p_.branches++;
      const int child = add(root, 0, full);
      p_.nodes[0].children.push_back(child);
    }
    return p_;
  }

 private:
  Program p_;

  uint32_t wave(const std::string& symbols) const {
    uint32_t w = 0;
    for (char c : symbols) w |= 1u << p_.values.find(c);
    return w;
  }

  Rule rule(const Element& e) const {
    Rule r;
    const std::string in = e.get("in"), out = e.get("out");
    std::vector<std::string> rows, outs;
    for (size_t a = 0, b; a <= in.size(); a = b + 1)
      rows.push_back(in.substr(a, (b = std::min(in.find('/', a), in.size())) - a));
    for (size_t a = 0, b; a <= out.size(); a = b + 1)
      outs.push_back(out.substr(a, (b = std::min(out.find('/', a), out.size())) - a));
    r.my = int(rows.size()), r.mx = int(rows[0].size());
    if (outs.size() != rows.size() || outs[0].size() != rows[0].size()) throw std::runtime_error("oracle: sizes");
    for (int y = 0; y < r.my; y++)
      for (int x = 0; x < r.mx; x++) {
        const char i = rows[size_t(y)][size_t(x)], o = outs[size_t(y)][size_t(x)];
        r.in.push_back(i == '*' ? (1u << p_.values.size()) - 1 : 1u << p_.values.find(i));
        r.out.push_back(o == '*' ? -1 : int(p_.values.find(o)));
      }
    r.p = std::stod(e.get("p", "1"));
    r.weight = std::stod(e.get("weight", "1"));
    return r;
  }

  int add(const Element& e, int parent, const std::vector<bool>& inherited) {
    const int index = int(p_.nodes.size());
    p_.nodes.push_back({});
    Node n;
    n.kind = e.name, n.parent = parent;
    const std::string s = e.get("symmetry");
    const std::vector<bool> symmetry = s.empty() ? inherited : subgroup(s);
    if (n.branch()) {
      n.slot = p_.branches++;
      for (const Element& c : e.children) n.children.push_back(add(c, index, symmetry));
    } else {
      n.slot = p_.rule_nodes++;
      n.steps = std::stoi(e.get("steps", "0"));
      std::vector<const Element*> rules;
      for (const Element& c : e.children)
        if (c.name == "rule") rules.push_back(&c);
      if (rules.empty()) rules.push_back(&e);
      for (const Element* r : rules) {
        const std::string rs = r->get("symmetry");
        const std::vector<bool> keep = rs.empty() ? symmetry : subgroup(rs);
        Rule images[8];
        images[0] = rule(*r);
        for (int k = 1; k < 8; k++) images[k] = k % 2 ? mirrored(images[k - 1]) : turned(images[k - 2]);
        std::vector<Rule> kept;
        for (int k = 0; k < 8; k++)
          if (keep[size_t(k)] && std::find(kept.begin(), kept.end(), images[k]) == kept.end())
            kept.push_back(images[k]);
        n.rules.insert(n.rules.end(), kept.begin(), kept.end());
      }
      for (const Element& c : e.children) {
        if (c.name != "field") continue;
        n.fields.resize(p_.values.size());
        Field f;
        f.recompute = c.get("recompute") == "True", f.essential = c.get("essential") == "True";
        f.substrate = wave(c.get("on"));
        f.inversed = !c.get("from").empty();
        f.zero = wave(f.inversed ? c.get("from") : c.get("to"));
        const size_t value = p_.values.find(c.get("for")[0]);
        if (value == std::string::npos) throw std::runtime_error("oracle: field for an unknown value");
        n.fields[value] = f;
      }
    }
    p_.nodes[size_t(index)] = n;
    return index;
  }
};

// ---- the state: what the reference keeps from one step to the next ----
struct Memory {
  int counter = 0;
  bool matched = false;                   // lastMatchedTurn >= 0
  std::vector<int> since;                 // the cells changed since ip.first[lastMatchedTurn], first time each
  std::vector<std::pair<int, int>> list;  // matches[0 .. matchCount): (rule, corner cell)
  std::vector<uint8_t> mask;              // matchMask, per rule then cell
  std::vector<int> potentials;            // per value then cell
};

struct State {
  std::vector<uint8_t> grid;
  int current = 0;     // the node of ip.current, -1 once the run ended
  std::vector<int> n;  // per branch
  std::vector<Memory> memory;

  // Equal keys, equal futures. The key leaves out what the state holds but nothing reads before it is
  // written again: potentials that the node's next step computes anew (a field recomputed every step,
  // or any before the node's first step), and an `all`'s list before a full scan (which makes it
  // anew). And it takes the lists and the changed cells as sets: the draws among the matches (a `one`'s
  // index, an `all`'s shuffle, the u of equal potential changes) are uniform, whatever their order.
  std::string key(const Program& p) const {
    std::string k(grid.begin(), grid.end());
    const auto put = [&](int v) { k += std::to_string(v) + ","; };
    put(current);
    for (int v : n) put(v);
    for (const Node& node : p.nodes) {
      if (node.branch()) continue;
      const Memory& m = memory[size_t(node.slot)];
      k += "|";
      put(m.counter), put(m.matched);
      std::vector<int> since = m.since;
      std::sort(since.begin(), since.end());
      for (int c : since) put(c);
      k += ";";
      std::vector<std::pair<int, int>> list = m.list;
      if (node.kind == "all" && !m.matched) list.clear();
      std::sort(list.begin(), list.end());
      for (auto [r, c] : list) put(r), put(c);
      k += ";";
      for (uint8_t b : m.mask) k += char('0' + b);
      k += ";";
      for (size_t c = 0; c < node.fields.size(); c++)
        if (node.fields[c] && !node.fields[c]->recompute && m.counter > 0)
          for (int i = 0; i < p.cells(); i++) put(m.potentials[c * size_t(p.cells()) + size_t(i)]);
    }
    return k;
  }
};

inline State start_of(const Program& p) {
  State s;
  s.grid.assign(size_t(p.cells()), 0);
  if (p.origin) s.grid[size_t(p.mx / 2 + (p.my / 2) * p.mx)] = 1;
  s.n.assign(size_t(p.branches), 0);
  s.memory.resize(size_t(p.rule_nodes));
  for (const Node& n : p.nodes) {
    if (n.branch()) continue;
    Memory& m = s.memory[size_t(n.slot)];
    m.mask.assign(n.rules.size() * size_t(p.cells()), 0);
    if (!n.fields.empty()) m.potentials.assign(p.values.size() * size_t(p.cells()), 0);
  }
  return s;
}

// The random draws of a step, taken along a path (past its end, option 0), each noted with its chances.
struct Draws {
  std::vector<int> path;
  std::vector<std::vector<double>> made;  // per draw, the chance of each option
  std::vector<int> chosen;
  int draw(std::vector<double> chances) {
    const size_t at = made.size();
    const int c = at < path.size() ? path[at] : 0;
    made.push_back(std::move(chances)), chosen.push_back(c);
    return c;
  }
  int uniform(int options) { return options == 1 ? 0 : draw(std::vector<double>(size_t(options), 1.0 / options)); }
  // Each option as likely as its weight over their total.
  int weighted(const std::vector<double>& weights) {
    if (weights.size() == 1) return 0;
    double total = 0;
    for (double w : weights) total += w;
    std::vector<double> chances;
    for (double w : weights) chances.push_back(w / total);
    return draw(std::move(chances));
  }
  double chance() const {
    double p = 1;
    for (size_t k = 0; k < made.size(); k++) p *= made[k][size_t(chosen[k])];
    return p;
  }
  bool next() {  // the next path, the last draw turning fastest
    path = chosen;
    for (size_t k = made.size(); k-- > 0;)
      if (path[k] + 1 < int(made[k].size())) {
        path[k]++;
        path.resize(k + 1);
        made.clear(), chosen.clear();
        return true;
      }
    return false;
  }
};

// One step of the reference (Interpreter.Run's loop body: ip.current.Go()) on a state, along draws.
class Step {
 public:
  Step(const Program& p, State& s, Draws& d) : p_(p), s_(s), d_(d) {}
  void run() { go(s_.current); }

 private:
  const Program& p_;
  State& s_;
  Draws& d_;
  std::vector<int> changes_;    // this step's changes (from ip.first[ip.counter])
  std::vector<uint8_t> fresh_;  // prl: newstate
  int prl_count_ = 0;

  bool matches(const Rule& r, int x, int y) const {
    for (int dy = 0; dy < r.my; dy++)
      for (int dx = 0; dx < r.mx; dx++)
        if ((r.in[size_t(dx + dy * r.mx)] >> s_.grid[size_t(x + dx + (y + dy) * p_.mx)] & 1u) == 0) return false;
    return true;
  }

  void change(int cell) {
    changes_.push_back(cell);
    for (Memory& m : s_.memory)
      if (m.matched && std::find(m.since.begin(), m.since.end(), cell) == m.since.end()) m.since.push_back(cell);
  }

  void matched_now(Memory& m) {
    m.matched = true;
    m.since.clear();
    for (int c : changes_)
      if (std::find(m.since.begin(), m.since.end(), c) == m.since.end()) m.since.push_back(c);
  }

  bool go(int index) {
    const Node& n = p_.nodes[size_t(index)];
    if (n.kind == "one") return go_one(n);
    if (n.kind == "all") return go_all(n);
    if (n.kind == "prl") return go_prl(n);
    return go_branch(index);
  }

  // Branch.Go (MarkovNode.Go starts from its first child every time).
  bool go_branch(int index) {
    const Node& n = p_.nodes[size_t(index)];
    int& at = s_.n[size_t(n.slot)];
    if (n.kind == "markov") at = 0;
    for (; at < int(n.children.size()); at++) {
      const int child = n.children[size_t(at)];
      if (p_.nodes[size_t(child)].branch()) s_.current = child;
      if (go(child)) return true;
    }
    s_.current = p_.nodes[size_t(s_.current)].parent;
    reset(index);
    return false;
  }

  void reset(int index) {
    const Node& n = p_.nodes[size_t(index)];
    if (n.branch()) {
      for (int c : n.children) reset(c);
      s_.n[size_t(n.slot)] = 0;
      return;
    }
    Memory& m = s_.memory[size_t(n.slot)];
    m.matched = false, m.since.clear(), m.counter = 0;
    if (n.kind == "one" && !m.list.empty()) std::fill(m.mask.begin(), m.mask.end(), 0), m.list.clear();
  }

  void add(const Node& n, Memory& m, int r, int corner) {
    if (n.kind == "prl") return add_prl(n.rules[size_t(r)], corner);
    m.mask[size_t(r * p_.cells() + corner)] = 1;
    m.list.push_back({r, corner});
  }

  // ParallelNode.Add: the match passes its draw (NextDouble() <= p, NextDouble() being k / (2^31 - 1)
  // for k uniform in 0 .. 2^31 - 2) or is left.
  void add_prl(const Rule& r, int corner) {
    if (r.p < 1) {
      const double big = 2147483647.0;
      double passing = std::floor(r.p * big) + 1;
      while (passing > 0 && (passing - 1) * (1.0 / big) > r.p) passing--;
      while ((passing) * (1.0 / big) <= r.p && passing < big) passing++;
      const double chance = passing / big;
      if (d_.draw({chance, 1 - chance}) == 1) return;
    }
    const int x = corner % p_.mx, y = corner / p_.mx;
    for (int dy = 0; dy < r.my; dy++)
      for (int dx = 0; dx < r.mx; dx++) {
        const int v = r.out[size_t(dx + dy * r.mx)], i = x + dx + (y + dy) * p_.mx;
        if (v >= 0 && v != s_.grid[size_t(i)]) fresh_[size_t(i)] = uint8_t(v), change(i);
      }
    prl_count_++;
  }

  // The input offsets of `r` that accept `value` (Rule.ishifts).
  static std::vector<std::pair<int, int>> shifts(const Rule& r, int value) {
    std::vector<std::pair<int, int>> s;
    for (int dy = 0; dy < r.my; dy++)
      for (int dx = 0; dx < r.mx; dx++)
        if (r.in[size_t(dx + dy * r.mx)] >> value & 1u) s.push_back({dx, dy});
    return s;
  }

  void look_around(const Node& n, Memory& m, int r, int x, int y, bool whole) {
    const Rule& rule = n.rules[size_t(r)];
    for (auto [dx, dy] : shifts(rule, s_.grid[size_t(x + y * p_.mx)])) {
      const int sx = x - dx, sy = y - dy;
      if (sx < 0 || sy < 0 || sx + rule.mx > p_.mx || sy + rule.my > p_.my) continue;
      const int corner = sx + sy * p_.mx;
      if ((whole || !m.mask[size_t(r * p_.cells() + corner)]) && matches(rule, sx, sy)) add(n, m, r, corner);
    }
  }

  // RuleNode.Go.
  bool go_rules(const Node& n, Memory& m) {
    if (n.steps > 0 && m.counter >= n.steps) return false;
    if (m.matched) {
      const std::vector<int> since = m.since;
      for (int cell : since)
        for (int r = 0; r < int(n.rules.size()); r++) look_around(n, m, r, cell % p_.mx, cell / p_.mx, false);
    } else {
      m.list.clear();
      for (int r = 0; r < int(n.rules.size()); r++) {
        const Rule& rule = n.rules[size_t(r)];
        for (int y = rule.my - 1; y < p_.my; y += rule.my)
          for (int x = rule.mx - 1; x < p_.mx; x += rule.mx) look_around(n, m, r, x, y, true);
      }
    }
    if (n.fields.empty()) return true;
    bool any_success = false, any_computation = false;
    for (size_t c = 0; c < n.fields.size(); c++) {
      if (!n.fields[c] || !(m.counter == 0 || n.fields[c]->recompute)) continue;
      const bool success = compute(*n.fields[c], &m.potentials[c * size_t(p_.cells())]);
      if (!success && n.fields[c]->essential) return false;
      any_success |= success, any_computation = true;
    }
    return !any_computation || any_success;
  }

  // Field.Compute: distances from the zero cells through the substrate, -1 where none reaches.
  bool compute(const Field& f, int* potential) const {
    std::vector<int> front;
    for (int i = 0; i < p_.cells(); i++) {
      potential[i] = -1;
      if (f.zero >> s_.grid[size_t(i)] & 1u) potential[i] = 0, front.push_back(i);
    }
    if (front.empty()) return false;
    for (size_t k = 0; k < front.size(); k++) {
      const int i = front[k], x = i % p_.mx, y = i / p_.mx;
      const int around[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
      for (const auto& a : around) {
        if (a[0] < 0 || a[1] < 0 || a[0] >= p_.mx || a[1] >= p_.my) continue;
        const int j = a[0] + a[1] * p_.mx;
        if (potential[j] == -1 && (f.substrate >> s_.grid[size_t(j)] & 1u))
          potential[j] = potential[i] + 1, front.push_back(j);
      }
    }
    return true;
  }

  // Field.DeltaPointwise.
  std::optional<int> delta(const Node& n, const Memory& m, int r, int corner) const {
    const Rule& rule = n.rules[size_t(r)];
    const auto potential = [&](int value, int i) { return m.potentials[size_t(value * p_.cells() + i)]; };
    int sum = 0;
    for (int dy = 0; dy < rule.my; dy++)
      for (int dx = 0; dx < rule.mx; dx++) {
        const int v = rule.out[size_t(dx + dy * rule.mx)];
        if (v < 0 || (rule.in[size_t(dx + dy * rule.mx)] >> v & 1u)) continue;
        const int i = corner + dx + dy * p_.mx, old = s_.grid[size_t(i)];
        if (potential(v, i) == -1) return std::nullopt;
        sum += potential(v, i) - potential(old, i);
        if (n.fields[size_t(old)] && n.fields[size_t(old)]->inversed) sum += 2 * potential(old, i);
        if (n.fields[size_t(v)] && n.fields[size_t(v)]->inversed) sum -= 2 * potential(v, i);
      }
    return sum;
  }

  bool holds(const Node& n, std::pair<int, int> e) const {
    return matches(n.rules[size_t(e.first)], e.second % p_.mx, e.second / p_.mx);
  }

  // OneNode.Go and RandomMatch.
  bool go_one(const Node& n) {
    Memory& m = s_.memory[size_t(n.slot)];
    if (!go_rules(n, m)) return false;
    matched_now(m);
    std::pair<int, int> chosen{-1, -1};
    if (!n.fields.empty()) {
      std::vector<std::pair<int, int>> keyed;  // (list index, h): each draws u, the key -h + 0.001 u
      for (int k = 0; k < int(m.list.size()); k++) {
        const auto e = m.list[size_t(k)];
        if (!holds(n, e)) {
          m.mask[size_t(e.first * p_.cells() + e.second)] = 0;
          m.list[size_t(k)] = m.list.back(), m.list.pop_back(), k--;
          continue;
        }
        if (const std::optional<int> h = delta(n, m, e.first, e.second)) keyed.push_back({k, *h});
      }
      // The largest key above -1000 wins: the least h (of 1000 at most), among equal ones each alike.
      int best = 1001;
      for (auto [k, h] : keyed) best = std::min(best, h);
      std::vector<int> ties;
      for (auto [k, h] : keyed)
        if (h == best) ties.push_back(k);
      if (ties.empty()) return false;
      chosen = m.list[size_t(ties[size_t(d_.uniform(int(ties.size())))])];
    } else {
      // RandomMatch draws an index, takes its match off the list, and draws again while the match no
      // longer holds. The stale matches it takes off on the way are a random few; here all of them are
      // (the one shortcut of the oracle, else its draws multiply past counting): the match drawn is as
      // likely any that holds either way, and a stale match of a node without fields, listed or not,
      // is listed again exactly when it holds again (its cells changed since this step began, so the
      // next rescan sees them; the flags of such a node are its list, which a reset clears whole).
      for (int k = 0; k < int(m.list.size()); k++) {
        const auto e = m.list[size_t(k)];
        if (holds(n, e)) continue;
        m.mask[size_t(e.first * p_.cells() + e.second)] = 0;
        m.list[size_t(k)] = m.list.back(), m.list.pop_back(), k--;
      }
      if (!m.list.empty()) {
        // Weights (the mj dialect): a match as likely as its rule's weight over the list's total.
        std::vector<double> weights;
        bool weighted = false;
        for (auto [r, c] : m.list) weights.push_back(n.rules[size_t(r)].weight), weighted |= weights.back() != 1;
        const int k = weighted ? d_.weighted(weights) : d_.uniform(int(m.list.size()));
        chosen = m.list[size_t(k)];
        m.mask[size_t(chosen.first * p_.cells() + chosen.second)] = 0;
        m.list[size_t(k)] = m.list.back(), m.list.pop_back();
      }
      if (chosen.first < 0) return false;
    }
    const Rule& rule = n.rules[size_t(chosen.first)];
    for (int dy = 0; dy < rule.my; dy++)
      for (int dx = 0; dx < rule.mx; dx++) {
        const int v = rule.out[size_t(dx + dy * rule.mx)], i = chosen.second + dx + dy * p_.mx;
        if (v >= 0 && v != s_.grid[size_t(i)]) s_.grid[size_t(i)] = uint8_t(v), change(i);
      }
    m.counter++;
    return true;
  }

  // AllNode.Fit: the match is applied unless a cell it writes was written this step (its input is not
  // tested again).
  std::vector<uint8_t> written_;
  std::vector<int> writes(const Node& n, std::pair<int, int> e) const {
    const Rule& rule = n.rules[size_t(e.first)];
    std::vector<int> w;
    for (int dy = 0; dy < rule.my; dy++)
      for (int dx = 0; dx < rule.mx; dx++)
        if (rule.out[size_t(dx + dy * rule.mx)] >= 0) w.push_back(e.second + dx + dy * p_.mx);
    return w;
  }
  bool fits(const Node& n, std::pair<int, int> e) const {
    for (int i : writes(n, e))
      if (written_[size_t(i)]) return false;
    return true;
  }
  void fit(const Node& n, std::pair<int, int> e) {
    const Rule& rule = n.rules[size_t(e.first)];
    for (int i : writes(n, e)) {
      const int d = i - e.second, dx = (d % p_.mx + p_.mx) % p_.mx, dy = (d - dx) / p_.mx;
      written_[size_t(i)] = 1;
      s_.grid[size_t(i)] = uint8_t(rule.out[size_t(dx + dy * rule.mx)]);
      change(i);
    }
  }
  // A group of matches in a shuffled order: the next one taken is any of those left alike; one that no
  // longer fits never will, and while none left shares a written cell with another, the order is moot.
  void fit_shuffled(const Node& n, Memory& m, std::vector<std::pair<int, int>> left) {
    for (auto e : left) m.mask[size_t(e.first * p_.cells() + e.second)] = 0;
    for (;;) {
      std::vector<std::pair<int, int>> fitting;
      for (auto e : left)
        if (fits(n, e)) fitting.push_back(e);
      if (fitting.empty()) return;
      std::vector<int> writers(size_t(p_.cells()), 0);
      bool shared = false;
      for (auto e : fitting)
        for (int i : writes(n, e)) shared |= ++writers[size_t(i)] > 1;
      if (!shared) {
        for (auto e : fitting) fit(n, e);
        return;
      }
      const int k = d_.uniform(int(fitting.size()));
      fit(n, fitting[size_t(k)]);
      fitting.erase(fitting.begin() + k);
      left = fitting;
    }
  }

  // AllNode.Go.
  bool go_all(const Node& n) {
    Memory& m = s_.memory[size_t(n.slot)];
    if (!go_rules(n, m)) return false;
    matched_now(m);
    if (m.list.empty()) return false;
    written_.assign(size_t(p_.cells()), 0);
    if (!n.fields.empty()) {
      std::vector<std::pair<int, std::pair<int, int>>> keyed;  // (h, match): by -key, the least h first
      for (auto e : m.list)
        if (const std::optional<int> h = delta(n, m, e.first, e.second)) keyed.push_back({*h, e});
      std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (size_t k = 0; k < keyed.size();) {
        std::vector<std::pair<int, int>> group;
        const int h = keyed[k].first;
        for (; k < keyed.size() && keyed[k].first == h; k++) group.push_back(keyed[k].second);
        fit_shuffled(n, m, group);
      }
    } else {
      fit_shuffled(n, m, m.list);
    }
    m.counter++;
    m.list.clear();
    return true;
  }

  // ParallelNode.Go.
  bool go_prl(const Node& n) {
    Memory& m = s_.memory[size_t(n.slot)];
    fresh_.assign(size_t(p_.cells()), 0);
    prl_count_ = 0;
    if (!go_rules(n, m)) return false;
    for (int i : changes_) s_.grid[size_t(i)] = fresh_[size_t(i)];
    m.counter++;
    return prl_count_ > 0;
  }
};

// What the oracle finds: each state's grid, the end grids with their probabilities (summed over end
// states of equal grids), and the probability left on runs not ended after the last round.
struct Result {
  std::set<std::string> grids;
  std::map<std::string, double> outcomes;
  double unended = 0;
  long long states = 0;
};

inline std::string rows(const Program& p, const std::vector<uint8_t>& grid) {
  std::string s;
  for (int y = 0; y < p.my; y++) {
    if (y > 0) s += '/';
    for (int x = 0; x < p.mx; x++) s += p.values[grid[size_t(x + y * p.mx)]];
  }
  return s;
}

inline Result explore(const std::string& xml, int mx, int my, long long most_states = 3000, int most_paths = 1000,
                      long long most_work = 60000) {
  const Program p = ProgramReader().read(xml, mx, my);
  std::vector<State> states{start_of(p)};
  std::unordered_map<std::string, int> number{{states[0].key(p), 0}};
  std::vector<std::vector<std::pair<int, double>>> next;
  for (size_t u = 0; u < states.size(); u++) {
    next.emplace_back();
    if (states[u].current < 0) continue;
    Draws d;
    int paths = 0;
    do {
      if (++paths > most_paths || --most_work < 0) throw TooBig("draws");
      State s = states[u];
      Step(p, s, d).run();
      const auto [at, fresh] = number.try_emplace(s.key(p), int(states.size()));
      if (fresh) {
        if ((long long)states.size() >= most_states) throw TooBig("states");
        states.push_back(std::move(s));
      }
      next[u].push_back({at->second, d.chance()});
    } while (d.next());
  }
  Result r;
  r.states = (long long)states.size();
  for (const State& s : states) r.grids.insert(rows(p, s.grid));
  // The run's distribution, step by step, until what is not ended is below 1e-13 (or 20,000 steps).
  std::vector<double> mass(states.size(), 0), after(states.size());
  mass[0] = 1;
  for (int round = 0; round < 20000; round++) {
    std::fill(after.begin(), after.end(), 0.0);
    double moving = 0;
    for (size_t u = 0; u < states.size(); u++) {
      if (mass[u] == 0) continue;
      if (states[u].current < 0) {
        after[u] += mass[u];
        continue;
      }
      moving += mass[u];
      for (auto [v, chance] : next[u]) after[size_t(v)] += mass[u] * chance;
    }
    mass.swap(after);
    if (moving < 1e-13) break;
  }
  for (size_t u = 0; u < states.size(); u++) {
    if (states[u].current < 0) r.outcomes[rows(p, states[u].grid)] += mass[u];
    else r.unended += mass[u];
  }
  return r;
}

}  // namespace oracle
