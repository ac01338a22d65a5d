// mj's public API: any exception as one failure a face can report, so that the C interface, the
// wasm layer and Python translate exceptions the same way and word them the same.
#pragma once

#include <exception>
#include <string>

#include "mj/error.hpp"

namespace mj {

struct Failure {
  ErrorKind kind = ErrorKind::internal;
  std::string file;     // empty when the failure has none (a bad argument, no memory)
  int line = 0;         // 0 when unknown
  std::string message;  // worded with the face's names for the settings
  std::string text;     // "file:line: message", as `mj` prints it
  Setting setting = Setting::none;
};

// What `error` is: an mj::Error as it says; std::bad_alloc as memory; a filesystem error as
// missing_file or io naming its path; std::invalid_argument and std::out_of_range as argument;
// anything else as internal. Never throws (with no memory left, the kind alone is filled in).
Failure failure_of(const std::exception_ptr& error, const SettingNames& names) noexcept;

}  // namespace mj
