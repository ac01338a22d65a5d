// A models.xml entry as a JavaScript object and back: modelList gives them, load takes one back
// (the page holds its models.xml in memory, so the library gets the entry, not the list's file).
#pragma once

#include <emscripten/val.h>

#include "mj/model_list.hpp"

namespace mjweb {

// {name, line, mx, my, mz, steps, pixelsize, iso, seeds, colors: {symbol: 0xRRGGBB}}.
emscripten::val entry_object(const mj::ModelEntry& entry);
// The same fields read back; those missing keep ModelEntry's defaults.
mj::ModelEntry model_entry(const emscripten::val& object);

}  // namespace mjweb
