// mj explore for JavaScript: a small model's state space (mj/explore.hpp) as plain objects, for the
// playground's state graph and the JS API's explore().
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "color.hpp"
#include "js_array.hpp"
#include "js_failure.hpp"
#include "mj/explore.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "mj/picture.hpp"
#include "request.hpp"

namespace {

using emscripten::val;

// max_states: null or undefined for the library's limit.
mj::ExploreOptions limits_of(const val& max_states) {
  mj::ExploreOptions limits;
  if (!max_states.isNull() && !max_states.isUndefined()) limits.max_states = (long long)max_states.as<double>();
  return limits;
}

// {states, transitions, cyclic, unending, legend, colors: [0xRRGGBB per legend symbol], grids: [rows],
//  edges: [[[to, probability], ...] per state], outcomes: [{state, probability, text}], json}.
// max_states: null for the library's limit.
val explore_model(const std::string& xml, const std::string& name, const val& options, const val& max_states) {
  return mjweb::guard([&] {
    const mj::RunSettings settings = mj::resolve_run(mjweb::run_request(xml, name, options));
    const mj::ExploreOptions limits = limits_of(max_states);
    const mj::StateSpace space = mj::explore(settings, limits);
    const mj::Model loaded(settings);  // the start grid's legend and its colours
    const std::string legend = loaded.grid().legend;
    val out = val::object();
    const auto edge = [](const mj::StateSpace::Edge& e) {
      val pair = val::array();
      pair.call<void>("push", e.to), pair.call<void>("push", e.probability);
      return pair;
    };
    const auto outcome = [](const mj::StateSpace::Outcome& o) {
      val item = val::object();
      item.set("state", o.state), item.set("probability", o.probability), item.set("text", o.text);
      return item;
    };
    val grids = mjweb::js_array(space.grids, [](const std::string& g) { return val(g); });
    val edges = mjweb::js_array(space.edges, [&](const auto& successors) { return mjweb::js_array(successors, edge); });
    val outcomes = mjweb::js_array(space.outcomes, outcome);
    val colors = mjweb::js_array(loaded.snapshot().colors(), [](uint32_t c) { return val(mjweb::rgb(c)); });
    out.set("states", double(space.states())), out.set("transitions", double(space.transitions));
    out.set("cyclic", space.cyclic), out.set("unending", space.unending);
    out.set("legend", legend), out.set("colors", colors);
    out.set("grids", grids), out.set("edges", edges), out.set("outcomes", outcomes);
    out.set("json", mj::state_space_json(space));
    return out;
  });
}

// {predecessors: [state text, ...], cells: [Uint8Array per predecessor]}: every grid other than `cells`
// (the grid's values, x fastest) that leads to it in one step of the program's rule node (mj explore
// --predecessors). max_states: null for the library's limit.
val predecessors_of(const std::string& xml, const std::string& name, const val& options, const val& cells,
                    const val& max_states) {
  return mjweb::guard([&] {
    const mj::RunSettings settings = mj::resolve_run(mjweb::run_request(xml, name, options));
    const mj::ExploreOptions limits = limits_of(max_states);
    const mj::Predecessors found =
        mj::predecessors(settings, emscripten::convertJSArrayToNumberVector<uint8_t>(cells), 1, limits);
    val out = val::object();
    out.set("predecessors", mjweb::js_array(found.grids, [](const std::string& g) { return val(g); }));
    out.set("cells", mjweb::js_array(found.cells, [](const auto& c) { return mjweb::js_copy("Uint8Array", c); }));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_explore) {
  emscripten::function("explore", &explore_model);
  emscripten::function("predecessors", &predecessors_of);
}
