// The one error path from C++ into JavaScript: every binding runs its work through guard(), which
// catches what it throws and keeps it as the module's failure; api.mjs reads failure() after every
// call and throws MjError. No C++ exception crosses into JavaScript and no return value is a sentinel
// (a failed call returns an empty value that api.mjs never looks at).
#pragma once

#include <emscripten/val.h>

#include <exception>
#include <type_traits>

namespace mjweb {

void clear_failure();
// Keeps the exception being handled as the failure, worded with the face's setting names.
void record_failure(std::exception_ptr error);

template <class F>
auto guard(F&& work) -> decltype(work()) {
  using Result = decltype(work());
  clear_failure();
  try {
    return work();
  } catch (...) {
    record_failure(std::current_exception());
  }
  if constexpr (std::is_same_v<Result, emscripten::val>) return emscripten::val::undefined();
  else if constexpr (!std::is_void_v<Result>) return Result{};
}

}  // namespace mjweb
