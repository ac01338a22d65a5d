// mj explore --all-grids: the one-step dynamics of a program of one rule node over every grid of a size,
// its Garden of Eden grids, halting grids, closed classes and their basins.
#include <algorithm>

#include "explore/grid_dynamics.hpp"
#include "explore/refusals.hpp"
#include "mj/explore.hpp"
#include "nodes/registry.hpp"
#include "run/interpreter.hpp"

namespace mj {

namespace {

// p below 1 (prl): a step whose matches all fail their draws ends the run on a grid where rules
// match, which the one-step graph of grids cannot say.
void refuse_chances(const XmlElement& e) {
  if (e.has("p") && e.real("p", 1.0) < 1.0)
    e.fail(
        "exploring every grid and the backward questions cannot take p below 1: a step whose draws all "
        "fail ends the run where rules still match");
  for (const XmlElement& child : e.children()) refuse_chances(child);
}

// Fields: a match's key depends on the potentials, which a node not recomputing them keeps from its
// first step; the one-step graph of grids takes each match alike.
void refuse_fields(const XmlElement& e) {
  for (const XmlElement& child : e.children({"field"}))
    child.fail(
        "exploring every grid and the backward questions cannot take <field>: they take each match of a "
        "step alike, where a field keeps only the best");
}

}  // namespace

// A program of one rule node: branches of one node each down to it (every other node kind is refused
// as unexplorable before), with no step limit. Else an mj::Error at the line of what makes it more.
void require_one_rule_node(const XmlElement& e) {
  if (e.name() == "markov" || e.name() == "sequence") {
    std::vector<XmlElement> nodes;
    for (const XmlElement& child : e.children())
      if (is_node_name(child.name())) nodes.push_back(child);
    if (nodes.size() != 1)
      e.fail("exploring every grid and the backward questions take a program of one rule node: this <" +
             std::string(e.name()) + "> has " + std::to_string(nodes.size()) + " nodes");
    return require_one_rule_node(nodes[0]);
  }
  if (e.has("steps"))
    e.fail("exploring every grid cannot take a step limit: a grid alone would not say where a run stands");
  refuse_chances(e);
  refuse_fields(e);
  refuse_weights(e, "exploring every grid and the backward questions");
}

AllGrids all_grids_of(const RunSettings& settings, const ExploreOptions& options) {
  require_one_rule_node(load_explorable(settings)->root());
  Interpreter ip = load_model(settings);
  const GridView view = ip.grid();
  const int values = int(view.legend.size());
  // Grids are numbered in an int.
  const long long most = std::min(options.max_states, 1LL << 30);
  long long grids = 1;
  for (size_t i = 0; i < view.size(); i++)
    if ((grids *= values) > most)
      throw Error(settings.source, 0,
                  std::to_string(values) + "^" + std::to_string(view.size()) + " grids are more than " +
                      std::to_string(most) +
                      ": exploring every grid is for small grids (a smaller size, or a higher {setting})",
                  Setting::max_states);
  return {compile_program(settings), grids};
}

GridDynamics explore_all_grids(const RunSettings& settings, const ExploreOptions& options) {
  const AllGrids all = all_grids_of(settings, options);
  return grid_dynamics(all.program, all.grids, options.threads, options.poll);
}

std::string grid_dynamics_json(const GridDynamics& d) {
  std::string classes;
  for (const GridDynamics::ClosedClass& c : d.classes)
    classes += (classes.empty() ? "" : ", ") + std::string("{\"size\": ") + std::to_string(c.size) +
               ", \"basin\": " + std::to_string(c.basin) + "}";
  return "{\"grids\": " + std::to_string(d.grids) + ", \"gardens_of_eden\": " + std::to_string(d.gardens_of_eden) +
         ", \"halting\": " + std::to_string(d.halting) + ", \"classes\": [" + classes + "]}\n";
}

}  // namespace mj
