// The C interface's side of errors: the calling thread's last error, and the guard that turns every C++
// exception into a status before it can reach C.
#pragma once

#include <string>

#include "mj/error.hpp"
#include "mj/failure.hpp"
#include "mj/mj.h"

namespace mj::capi {

// The C names of the settings, for handles and loads that were given none.
const SettingNames& c_setting_names();

// Records the thread's last error and returns its status. `text` is "file:line: message" (the library words it).
mj_status fail(mj_status status, const std::string& file, int line, const std::string& message, const std::string& text,
               Setting setting);

// The thread's last error from the library's translation of the exception being handled.
mj_status fail(const Failure& failure);

// Runs `body`; any exception becomes the thread's last error (worded with `names`).
template <class Body>
mj_status guarded(const SettingNames& names, Body&& body) noexcept {
  try {
    body();
    return MJ_OK;
  } catch (...) {
    return fail(failure_of(std::current_exception(), names));
  }
}

template <class T>
T& require(T* pointer, const char* what) {
  if (!pointer) throw argument_error(std::string(what) + " is NULL");
  return *pointer;
}

}  // namespace mj::capi
