#include "request.hpp"

#include "entry.hpp"

namespace mjweb {

using emscripten::val;

namespace {

std::optional<int> int_if_given(const val& options, const char* key) {
  if (!options.hasOwnProperty(key) || options[key].isNull() || options[key].isUndefined()) return std::nullopt;
  return options[key].as<int>();
}

}  // namespace

mj::RunRequest run_request(const std::string& xml, const std::string& name, const val& options) {
  mj::RunRequest r;
  r.model = name, r.xml = xml;
  r.size = int_if_given(options, "size");
  r.length = int_if_given(options, "length"), r.width = int_if_given(options, "width");
  r.height = int_if_given(options, "height");
  if (options.hasOwnProperty("entry") && !options["entry"].isNull() && !options["entry"].isUndefined())
    r.entry = model_entry(options["entry"]);
  if (options.hasOwnProperty("maxCells")) r.max_cells = (long long)options["maxCells"].as<double>();
  if (options.hasOwnProperty("resources")) r.resources = options["resources"].as<std::string>();
  if (options.hasOwnProperty("colors")) {
    const val colors = options["colors"];
    const val keys = val::global("Object").call<val>("keys", colors);
    for (const std::string& symbol : emscripten::vecFromJSArray<std::string>(keys))
      r.colors[symbol] = uint32_t(colors[symbol].as<int>());  // a negative int is past 0xFFFFFF too
  }
  return r;
}

val settings_object(const mj::RunSettings& s) {
  val settings = val::object(), size = val::array();
  for (int side : {s.load.mx, s.load.my, s.load.mz}) size.call<void>("push", side);
  settings.set("name", s.name), settings.set("size", size), settings.set("steps", s.steps);
  settings.set("pixelsize", s.pixelsize), settings.set("iso", s.iso), settings.set("sizeFrom", s.size_from);
  return settings;
}

}  // namespace mjweb
