#include "inspection.hpp"

#include <emscripten/bind.h>

#include "js_array.hpp"

namespace mjweb {

namespace {

using emscripten::val;

val potentials(const std::vector<mj::PotentialView>& list) {
  return js_array(list, [](const mj::PotentialView& p) {
    val row = val::object();
    row.set("value", p.value), row.set("cells", js_copy("Int32Array", p.cells));
    return row;
  });
}

val candidates(const std::vector<mj::CandidateView>& list) {
  return js_array(list, [](const mj::CandidateView& c) {
    val m = val::object();
    m.set("rule", c.rule), m.set("x", c.x), m.set("y", c.y), m.set("z", c.z);
    m.set("delta", c.delta), m.set("score", c.score);
    return m;
  });
}

}  // namespace

val inspection(const mj::Inspection& v) {
  val o = val::object();
  o.set("kind", v.kind), o.set("line", v.line), o.set("legend", v.legend);
  o.set("mx", v.mx), o.set("my", v.my), o.set("mz", v.mz);
  o.set("fields", potentials(v.fields));
  o.set("future", v.future.empty() ? val::null() : js_copy("Uint32Array", v.future));
  o.set("potentials", potentials(v.potentials));
  o.set("trajectory",
        js_array(v.trajectory, [](const std::vector<uint8_t>& state) { return js_copy("Uint8Array", state); }));
  o.set("trajectoryAt", v.trajectory_at);
  o.set("candidates", candidates(v.candidates));
  o.set("chosen", v.chosen);
  o.set("options", v.options.empty() ? val::null() : js_copy("Int32Array", v.options));
  o.set("patterns", v.patterns), o.set("failedTries", v.failed_tries);
  o.set("undoneChoices", v.undone_choices);
  o.set("contradictions", js_array(v.contradictions, [](int cell) { return val(cell); }));
  if (v.contradiction.cell < 0) {
    o.set("contradiction", val::null());
  } else {
    val c = val::object();
    c.set("cell", v.contradiction.cell), c.set("neighbour", v.contradiction.neighbour);
    c.set("patterns", js_array(v.contradiction.lost, [](int t) { return val(t); }));
    c.set("lost", js_array(v.contradiction.names, [](const std::string& name) { return val(name); }));
    val size = val::array();
    for (int side : {v.contradiction.option_mx, v.contradiction.option_my, v.contradiction.option_mz})
      size.call<void>("push", side);
    c.set("pictureSize", size);
    c.set("pictures", js_array(v.contradiction.pictures,
                               [](const std::vector<uint32_t>& picture) { return js_copy("Uint32Array", picture); }));
    o.set("contradiction", c);
  }
  return o;
}

}  // namespace mjweb
