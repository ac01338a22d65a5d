// Random explorable programs for the explore tests: a few values, rules of one to four cells with
// wildcards, symmetries, one/all/prl with and without step limits, in markov and sequence trees, on
// grids of a few cells. Seeded: the same programs every run.
#pragma once

#include <random>
#include <string>

#include "mj/run_settings.hpp"

namespace mjtest {

struct RandomProgram {
  std::string xml;
  int mx = 1, my = 1;
};

// A program's settings as the library resolves them, its file named M.xml in messages.
inline mj::RunSettings settings_of(const std::string& xml, int mx, int my) {
  mj::RunRequest r;
  r.model = "M.xml";
  r.xml = xml;
  r.length = mx, r.width = my;
  return mj::resolve_run(r);
}
inline mj::RunSettings settings_of(const RandomProgram& p) { return settings_of(p.xml, p.mx, p.my); }

// Draws beyond a `one`'s: `p` below 1 on prl rules, fields (temperature 0) on one and all. `memory`: the
// shapes where what a rule node remembers of its matches matters: four values as well (fields towards
// values absent at the start, undefined at first), two fields on a node, nested branches more often
// (a markov re-entered, cells changed and changed back).
struct Draws {
  bool chances = false, fields = false, memory = false;
};

class ProgramMaker {
 public:
  explicit ProgramMaker(unsigned seed, Draws draws = {}) : rng_(seed), draws_(draws) {}

  // `single`: one rule node, alone or as the only child of a markov or sequence (--all-grids' programs).
  RandomProgram make(bool single = false) {
    RandomProgram p;
    static const char* const alphabets[] = {"BW", "BRW", "BRGW"};
    values_ = draws_.memory ? alphabets[pick(3)] : pick(2) == 0 ? "BW" : "BRW";
    p.mx = 2 + pick(3), p.my = 1 + pick(3);
    while (p.mx * p.my > 9) p.my--;
    const std::string head = "values=\"" + values_ + "\"" + (pick(5) == 0 ? " origin=\"True\"" : "");
    if (single) {
      const std::string node = rule_node(!single);
      const int wrap = pick(3);
      p.xml = wrap == 0 ? insert_head(node, head)
                        : "<" + std::string(wrap == 1 ? "markov " : "sequence ") + head + ">\n" + node + "</" +
                              (wrap == 1 ? "markov" : "sequence") + ">";
      return p;
    }
    const std::string kind = pick(2) == 0 ? "markov" : "sequence";
    p.xml = "<" + kind + " " + head + ">\n" + children(2) + "</" + kind + ">";
    return p;
  }

 private:
  std::mt19937 rng_;
  Draws draws_;
  std::string values_;

  char value() { return values_[size_t(pick(int(values_.size())))]; }

  std::string chance(const std::string& kind) {
    static const char* const ps[] = {"0.25", "0.5", "0.75"};
    return draws_.chances && kind == "prl" && pick(2) == 0 ? std::string(" p=\"") + ps[pick(3)] + "\"" : "";
  }

  // A field for a value, towards or away from another, on one or two values, recomputed or not.
  std::string field(const std::string& kind) {
    if (!draws_.fields || kind == "prl" || pick(2) == 0) return "";
    std::string on(1, value());
    if (pick(2) == 0) {
      const char more = value();
      if (on.find(more) == std::string::npos) on += more;
    }
    const std::string to = pick(4) == 0 ? "from" : "to";
    std::string xml = std::string("<field for=\"") + value() + "\" " + to + "=\"" + value() + "\" on=\"" + on +
                      "\" recompute=\"" + (pick(2) == 0 ? "True" : "False") + "\"" +
                      (pick(4) == 0 ? " essential=\"True\"" : "") + "/>";
    if (draws_.memory && pick(2) == 0) {  // a second field (for the same value, it takes the first's place)
      const char for_value = value(), to_value = value(), on_value = value();
      xml += std::string("<field for=\"") + for_value + "\" to=\"" + to_value + "\" on=\"" + on_value +
             "\" recompute=\"" + (pick(2) == 0 ? "True" : "False") + "\"/>";
    }
    return xml;
  }

  int pick(int n) { return int(rng_() % unsigned(n)); }

  static std::string insert_head(const std::string& node, const std::string& head) {
    const size_t space = node.find(' ');
    return node.substr(0, space + 1) + head + " " + node.substr(space + 1);
  }

  std::string children(int depth) {
    std::string xml;
    const int count = 1 + pick(3);
    for (int k = 0; k < count; k++) {
      if (depth > 0 && pick(draws_.memory ? 3 : 4) == 0) {
        const std::string kind = pick(2) == 0 ? "markov" : "sequence";
        xml += "<" + kind + ">\n" + children(depth - 1) + "</" + kind + ">\n";
      } else {
        xml += rule_node(true);
      }
    }
    return xml;
  }

  // Wildcards: an input cell that accepts anything, an output cell left as it is.
  char symbol(bool input) {
    if (pick(input ? 5 : 8) == 0) return '*';
    return values_[size_t(pick(int(values_.size())))];
  }

  // A rule's in and out: 1x1, 2x1, 1x2, 3x1 or 2x2 cells, rows separated by '/'.
  std::string rule_attributes() {
    static const int sizes[][2] = {{1, 1}, {2, 1}, {1, 2}, {2, 1}, {3, 1}, {2, 2}};
    const auto& size = sizes[pick(6)];
    std::string in, out;
    for (int y = 0; y < size[1]; y++) {
      if (y > 0) in += '/', out += '/';
      for (int x = 0; x < size[0]; x++) in += symbol(true), out += symbol(false);
    }
    return "in=\"" + in + "\" out=\"" + out + "\"";
  }

  std::string rule_node(bool limits) {
    static const char* const kinds[] = {"one", "one", "all", "prl"};
    static const char* const symmetries[] = {"", "", " symmetry=\"()\"", " symmetry=\"(x)\"", " symmetry=\"(xy)\""};
    const std::string kind = kinds[pick(4)];
    const std::string steps = limits && pick(3) == 0 ? " steps=\"" + std::to_string(1 + pick(3)) + "\"" : "";
    const std::string symmetry = symmetries[pick(5)];
    if (pick(3) > 0) {
      const std::string attributes = rule_attributes() + chance(kind), guide = field(kind);
      if (guide.empty()) return "<" + kind + " " + attributes + steps + symmetry + "/>\n";
      return "<" + kind + " " + attributes + steps + symmetry + ">" + guide + "</" + kind + ">\n";
    }
    std::string xml = "<" + kind + steps + symmetry + ">";
    for (int k = 0, rules = 1 + pick(2); k < rules; k++) xml += "<rule " + rule_attributes() + chance(kind) + "/>";
    return xml + field(kind) + "</" + kind + ">\n";
  }
};

}  // namespace mjtest
