#include "entry.hpp"

#include <string>

#include "color.hpp"
#include "mj/run_settings.hpp"

namespace mjweb {

using emscripten::val;

val entry_object(const mj::ModelEntry& e) {
  val entry = val::object(), seeds = val::array(), colors = val::object();
  entry.set("name", e.name), entry.set("line", e.line), entry.set("mx", e.mx), entry.set("my", e.my);
  entry.set("mz", e.mz), entry.set("steps", e.steps), entry.set("pixelsize", e.pixelsize), entry.set("iso", e.iso);
  for (int seed : e.seeds) seeds.call<void>("push", seed);
  for (const auto& [symbol, color] : e.colors) colors.set(std::string(1, symbol), rgb(color));
  entry.set("seeds", seeds), entry.set("colors", colors);
  // pictures beside the list (mj/model_list.hpp); not read back by model_entry: a page passes its own cells
  if (!e.pins.empty()) entry.set("pins", e.pins);
  if (!e.goal.empty()) entry.set("goal", e.goal);
  return entry;
}

namespace {

template <class T>
void read(const val& object, const char* key, T& field) {
  if (object.hasOwnProperty(key)) field = object[key].as<T>();
}

}  // namespace

mj::ModelEntry model_entry(const val& object) {
  mj::ModelEntry e;
  read(object, "name", e.name), read(object, "line", e.line);
  read(object, "mx", e.mx), read(object, "my", e.my), read(object, "mz", e.mz);
  read(object, "steps", e.steps), read(object, "pixelsize", e.pixelsize), read(object, "iso", e.iso);
  if (object.hasOwnProperty("seeds"))
    for (const val& seed : emscripten::vecFromJSArray<val>(object["seeds"])) e.seeds.push_back(seed.as<int>());
  if (object.hasOwnProperty("colors")) {
    const val colors = object["colors"];
    for (const std::string& symbol :
         emscripten::vecFromJSArray<std::string>(val::global("Object").call<val>("keys", colors)))
      e.colors.insert(mj::given_color(symbol, uint32_t(colors[symbol].as<int>())));  // checked as a request's
  }
  return e;
}

}  // namespace mjweb
