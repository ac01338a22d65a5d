// The C interface's side of errors: the calling thread's last error, and the guard that turns every C++
// exception into a status before it can reach C.
#pragma once

#include <string>

#include "mj/error.hpp"
#include "mj/mj.h"

namespace mj::capi {

// A caller's mistake (a NULL handle, a step before a start): MJ_ERROR_ARGUMENT, no file.
struct ArgumentError {
  std::string message;
};

// The C names of the settings, for handles and loads that were given none.
const SettingNames& c_setting_names();

// Records the thread's last error and returns its status. `text` is "file:line: message" (the library words it).
mj_status fail(mj_status status, const std::string& file, int line, const std::string& message,
               const std::string& text);

// Runs `body`; any exception becomes the thread's last error (mj::Error worded with `names`).
template <class Body>
mj_status guarded(const SettingNames& names, Body&& body) noexcept {
  try {
    body();
    return MJ_OK;
  } catch (const Error& e) {
    return fail(MJ_ERROR_MODEL, e.file(), e.line(), e.message(names), e.text(names));
  } catch (const ArgumentError& e) {
    return fail(MJ_ERROR_ARGUMENT, "", 0, e.message, e.message);
  } catch (const std::bad_alloc&) {
    return fail(MJ_ERROR_MEMORY, "", 0, "out of memory", "out of memory");
  } catch (const std::exception& e) {
    return fail(MJ_ERROR_INTERNAL, "", 0, e.what(), e.what());
  } catch (...) {
    return fail(MJ_ERROR_INTERNAL, "", 0, "unknown failure", "unknown failure");
  }
}

template <class T>
T& require(T* pointer, const char* what) {
  if (!pointer) throw ArgumentError{std::string(what) + " is NULL"};
  return *pointer;
}

}  // namespace mj::capi
