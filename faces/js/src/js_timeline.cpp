#include "js_timeline.hpp"

#include "mj/debugger.hpp"
#include "mj/error.hpp"

namespace mjweb {

using emscripten::val;

val history_range(mj::Model& model) {
  const mj::History* h = mj::Debugger(model).history();
  if (!h) return val::null();
  val range = val::object();
  range.set("first", h->first_step()), range.set("last", h->last_step()), range.set("bytes", double(h->bytes()));
  return range;
}

val grid_at(mj::Model& model, int step, std::vector<uint8_t>& keep) {
  const mj::History* h = mj::Debugger(model).history();
  if (!h) throw mj::argument_error("the run is not recorded (setRecording(true) first)");
  const mj::GridView v = h->grid_at(step);
  keep.assign(v.cells, v.cells + v.size());
  val g = val::object();
  g.set("mx", v.mx), g.set("my", v.my), g.set("mz", v.mz), g.set("legend", v.legend);
  g.set("cells", val(emscripten::typed_memory_view(keep.size(), keep.data())));
  return g;
}

std::vector<mj::Breakpoint> breakpoints(const val& list) {
  std::vector<mj::Breakpoint> out;
  if (list.isNull() || list.isUndefined()) return out;
  const int n = list["length"].as<int>();
  for (int i = 0; i < n; i++) {
    const val b = list[i];
    const val rule = b["rule"];
    out.push_back({b["line"].as<int>(), rule.isNumber() ? rule.as<int>() : -1});
  }
  return out;
}

val breakpoint_hit(mj::Model& model) {
  const auto hit = mj::Debugger(model).breakpoint_hit();
  if (!hit) return val::null();
  val b = val::object();
  b.set("line", hit->line), b.set("rule", hit->rule);
  return b;
}

}  // namespace mjweb
