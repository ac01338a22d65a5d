// Model lists for JavaScript: the entries of a models.xml as mj reads them (sizes, steps, colours).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "entry.hpp"
#include "js_failure.hpp"
#include "mj/model_list.hpp"

namespace {

using emscripten::val;

// [{name, line, mx, my, mz, steps, pixelsize, iso, seeds, colors, pins?, goal?}].
val model_list(const std::string& text, const std::string& name) {
  return mjweb::guard([&] {
    val entries = val::array();
    for (const mj::ModelEntry& e : mj::parse_model_list(text, name)) entries.call<void>("push", mjweb::entry_object(e));
    return entries;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_model_list) { emscripten::function("modelList", &model_list); }
