// A C++ list as a JavaScript array, each item converted by the caller: the one loop behind every list
// the wasm layer hands to JavaScript.
#pragma once

#include <emscripten/val.h>

namespace mjweb {

template <class List, class Convert>
emscripten::val js_array(const List& list, Convert convert) {
  emscripten::val out = emscripten::val::array();
  for (const auto& item : list) out.call<void>("push", convert(item));
  return out;
}

}  // namespace mjweb
