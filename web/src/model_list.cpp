// Model lists for JavaScript: the entries of a models.xml as mj reads them (sizes, steps, colours).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "mj/error.hpp"
#include "mj/model_list.hpp"

namespace {

using emscripten::val;

// [{name, line, mx, my, mz, steps, pixelsize, seeds, colors}], or {error: {file, line, message}}.
val model_list(const std::string& text, const std::string& name) {
  try {
    val entries = val::array();
    for (const mj::ModelEntry& e : mj::parse_model_list(text, name)) {
      val entry = val::object(), seeds = val::array(), colors = val::object();
      entry.set("name", e.name), entry.set("line", e.line), entry.set("mx", e.mx), entry.set("my", e.my);
      entry.set("mz", e.mz), entry.set("steps", e.steps), entry.set("pixelsize", e.pixelsize);
      for (int seed : e.seeds) seeds.call<void>("push", seed);
      for (const auto& [symbol, color] : e.colors) colors.set(std::string(1, symbol), int(color & 0xFFFFFF));
      entry.set("seeds", seeds), entry.set("colors", colors);
      entries.call<void>("push", entry);
    }
    return entries;
  } catch (const mj::Error& e) {
    val error = val::object(), failure = val::object();
    failure.set("file", e.file()), failure.set("line", e.line()), failure.set("message", e.message());
    error.set("error", failure);
    return error;
  }
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_model_list) { emscripten::function("modelList", &model_list); }
