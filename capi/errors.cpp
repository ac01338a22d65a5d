#include "errors.hpp"

namespace mj::capi {

namespace {

// Thread-local, so that a failure in one thread never overwrites what another is about to read.
struct LastError {
  mj_status status = MJ_OK;
  std::string file, message, text;
  int line = 0;
};
thread_local LastError last;

}  // namespace

const SettingNames& c_setting_names() {
  static const SettingNames names{"mj_load_options.size (or .length, .width, .height)",
                                  "the step limit",
                                  "the seed",
                                  "mj_load_options.pixelsize",
                                  "mj_load_options.max_cells",
                                  "mj_load_options.resources"};
  return names;
}

mj_status fail(mj_status status, const std::string& file, int line, const std::string& message,
               const std::string& text) {
  try {
    last.status = status, last.file = file, last.line = line, last.message = message, last.text = text;
  } catch (...) {  // no memory even for the message: the status still says what happened
    last.status = status, last.line = line;
  }
  return status;
}

}  // namespace mj::capi

extern "C" {

mj_status mj_last_error_status(void) { return mj::capi::last.status; }
const char* mj_last_error_file(void) { return mj::capi::last.file.c_str(); }
int mj_last_error_line(void) { return mj::capi::last.line; }
const char* mj_last_error_message(void) { return mj::capi::last.message.c_str(); }
const char* mj_last_error_text(void) { return mj::capi::last.text.c_str(); }

}  // extern "C"
