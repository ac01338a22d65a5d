// mj explore for JavaScript: a small model's state space (mj/explore.hpp) as plain objects, for the
// playground's state graph and the JS API's explore().
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "color.hpp"
#include "failure.hpp"
#include "js_array.hpp"
#include "mj/explore.hpp"
#include "mj/model.hpp"
#include "mj/picture.hpp"
#include "request.hpp"

namespace {

using emscripten::val;

// {states, transitions, cyclic, unending, legend, colors: [0xRRGGBB per legend symbol], grids: [rows],
//  edges: [[[to, probability], ...] per state], outcomes: [{state, probability, text}], json}.
// max_states: null for the library's limit.
val explore_model(const std::string& xml, const std::string& name, const val& options, const val& max_states) {
  return mjweb::guard([&] {
    const mj::RunSettings settings = mj::resolve_run(mjweb::run_request(xml, name, options));
    mj::ExploreOptions limits;
    if (!max_states.isNull() && !max_states.isUndefined()) limits.max_states = (long long)max_states.as<double>();
    const mj::StateSpace space = mj::explore(settings, limits);
    const std::string legend = settings.load_model().grid().legend;
    val out = val::object(), grids = val::array(), edges = val::array(), outcomes = val::array(), colors = val::array();
    for (const std::string& grid : space.grids) grids.call<void>("push", grid);
    for (const auto& successors : space.edges) {
      val list = val::array();
      for (const mj::StateSpace::Edge& e : successors) {
        val edge = val::array();
        edge.call<void>("push", e.to), edge.call<void>("push", e.probability);
        list.call<void>("push", edge);
      }
      edges.call<void>("push", list);
    }
    for (const mj::StateSpace::Outcome& o : space.outcomes) {
      val outcome = val::object();
      outcome.set("state", o.state), outcome.set("probability", o.probability), outcome.set("text", o.text);
      outcomes.call<void>("push", outcome);
    }
    for (uint32_t c : mj::grid_colors(settings, legend)) colors.call<void>("push", mjweb::rgb(c));
    out.set("states", double(space.states())), out.set("transitions", double(space.transitions));
    out.set("cyclic", space.cyclic), out.set("unending", space.unending);
    out.set("legend", legend), out.set("colors", colors);
    out.set("grids", grids), out.set("edges", edges), out.set("outcomes", outcomes);
    out.set("json", mj::state_space_json(space));
    return out;
  });
}

// A state text's cells (mj run --state: a header line, the legend, then the rows) as value indices.
val cells_of(const std::string& text) {
  const size_t legend_at = text.find('\n') + 1, rows_at = text.find('\n', legend_at) + 1;
  const std::string legend = text.substr(legend_at, rows_at - 1 - legend_at);
  std::vector<uint8_t> cells;
  for (size_t i = rows_at; i < text.size(); i++)
    if (text[i] != '\n') cells.push_back((uint8_t)legend.find(text[i]));
  return val::global("Uint8Array").new_(emscripten::typed_memory_view(cells.size(), cells.data())).call<val>("slice");
}

// {predecessors: [state text, ...], cells: [Uint8Array per predecessor]}: every grid other than `cells`
// (the grid's values, x fastest) that leads to it in one step of the program's rule node (mj explore
// --predecessors). max_states: null for the library's limit.
val predecessors_of(const std::string& xml, const std::string& name, const val& options, const val& cells,
                    const val& max_states) {
  return mjweb::guard([&] {
    const mj::RunSettings settings = mj::resolve_run(mjweb::run_request(xml, name, options));
    mj::ExploreOptions limits;
    if (!max_states.isNull() && !max_states.isUndefined()) limits.max_states = (long long)max_states.as<double>();
    const mj::Predecessors found =
        mj::predecessors(settings, emscripten::convertJSArrayToNumberVector<uint8_t>(cells), 1, limits);
    val out = val::object();
    out.set("predecessors", mjweb::js_array(found.grids, [](const std::string& g) { return val(g); }));
    out.set("cells", mjweb::js_array(found.grids, cells_of));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_explore) {
  emscripten::function("explore", &explore_model);
  emscripten::function("predecessors", &predecessors_of);
}
