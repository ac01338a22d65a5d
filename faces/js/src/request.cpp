#include "request.hpp"

#include <vector>

#include "entry.hpp"

namespace mjweb {

using emscripten::val;

namespace {

bool has(const val& options, const char* key) {
  return options.hasOwnProperty(key) && !options[key].isNull() && !options[key].isUndefined();
}

}  // namespace

mj::RunRequest run_request(const std::string& xml, const std::string& name, const val& options) {
  mj::RunRequest r;
  r.model = name, r.xml = xml;
  if (has(options, "sides")) mj::set_sides(r, emscripten::vecFromJSArray<int>(options["sides"]));
  if (has(options, "steps")) r.steps = options["steps"].as<int>();
  if (has(options, "pixelsize")) r.pixelsize = options["pixelsize"].as<int>();
  if (has(options, "entry")) r.entry = model_entry(options["entry"]);
  if (has(options, "maxCells")) r.max_cells = (long long)options["maxCells"].as<double>();
  if (has(options, "backtrack")) r.backtrack = options["backtrack"].as<bool>();
  if (has(options, "resources")) r.resources = options["resources"].as<std::string>();
  if (has(options, "colors")) {
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
  settings.set("name", s.name), settings.set("size", size), settings.set("steps", s.steps),
      settings.set("seed", s.seed);
  settings.set("pixelsize", s.pixelsize), settings.set("iso", s.iso), settings.set("backtrack", s.backtrack),
      settings.set("sizeFrom", s.size_from);
  return settings;
}

}  // namespace mjweb
