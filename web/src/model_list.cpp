// Model lists for JavaScript: the entries of a models.xml as mj reads them (sizes, steps, colours).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "failure.hpp"
#include "mj/model_list.hpp"

namespace {

using emscripten::val;

val entry_object(const mj::ModelEntry& e) {
  val entry = val::object(), seeds = val::array(), colors = val::object();
  entry.set("name", e.name), entry.set("line", e.line), entry.set("mx", e.mx), entry.set("my", e.my);
  entry.set("mz", e.mz), entry.set("steps", e.steps), entry.set("pixelsize", e.pixelsize);
  for (int seed : e.seeds) seeds.call<void>("push", seed);
  for (const auto& [symbol, color] : e.colors) colors.set(std::string(1, symbol), int(color & 0xFFFFFF));
  entry.set("seeds", seeds), entry.set("colors", colors);
  return entry;
}

// [{name, line, mx, my, mz, steps, pixelsize, seeds, colors}].
val model_list(const std::string& text, const std::string& name) {
  return mjweb::guard([&] {
    val entries = val::array();
    for (const mj::ModelEntry& e : mj::parse_model_list(text, name)) entries.call<void>("push", entry_object(e));
    return entries;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_model_list) { emscripten::function("modelList", &model_list); }
