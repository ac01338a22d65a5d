// A C++ list as a JavaScript array, each item converted by the caller: the one loop behind every list
// the wasm layer hands to JavaScript.
#pragma once

#include <emscripten/val.h>

#include <vector>

namespace mjweb {

template <class List, class Convert>
emscripten::val js_array(const List& list, Convert convert) {
  emscripten::val out = emscripten::val::array();
  for (const auto& item : list) out.call<void>("push", convert(item));
  return out;
}

// A typed array of its own (`type`: "Uint8Array", "Int32Array" ...): a copy, for a list that is gone when the
// call returns.
template <class T>
emscripten::val js_copy(const char* type, const std::vector<T>& list) {
  return emscripten::val::global(type)
      .new_(emscripten::typed_memory_view(list.size(), list.data()))
      .template call<emscripten::val>("slice");
}

}  // namespace mjweb
