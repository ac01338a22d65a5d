#include "node_tree.hpp"

#include <string>
#include <vector>

#include "js_array.hpp"

namespace mjweb {

namespace {

using emscripten::val;

// A rule side as MJ writes it: a symbol per cell, '*' for a cell of several values (input) or left
// as it is (output), rows separated by '/', layers by ' '.
std::string side_text(const std::vector<uint8_t>& cells, const std::string& legend, int mx, int my) {
  std::string out;
  for (size_t i = 0; i < cells.size(); i++) {
    if (i > 0 && i % size_t(mx * my) == 0) out += ' ';
    else if (i > 0 && i % size_t(mx) == 0) out += '/';
    out += cells[i] < legend.size() ? legend[cells[i]] : '*';
  }
  return out;
}

val rule(const mj::RuleView& rule, const mj::NodeView& node) {
  val r = val::object();
  r.set("original", rule.original), r.set("fired", rule.fired);
  const std::string& out_legend = node.output_legend.empty() ? node.legend : node.output_legend;
  r.set("input", side_text(rule.input, node.legend, rule.in_size.x, rule.in_size.y));
  r.set("output", side_text(rule.output, out_legend, rule.out_size.x, rule.out_size.y));
  return r;
}

}  // namespace

val node_tree(const mj::NodeView& v) {
  val n = val::object();
  n.set("kind", v.kind), n.set("line", v.line), n.set("legend", v.legend);
  // the symbols a rule's output may hold: a map's are its new grid's
  n.set("outputLegend", v.output_legend.empty() ? v.legend : v.output_legend);
  n.set("branch", v.branch), n.set("running", v.running), n.set("current", v.current);
  n.set("counter", v.counter), n.set("steps", v.steps);
  n.set("children", js_array(v.children, [](const mj::NodeView& child) { return node_tree(child); }));
  n.set("rules", js_array(v.rules, [&v](const mj::RuleView& r) { return rule(r, v); }));
  return n;
}

}  // namespace mjweb
