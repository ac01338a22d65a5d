#include "c_errors.hpp"

namespace mj::capi {

namespace {

// Thread-local, so that a failure in one thread never overwrites what another is about to read.
struct LastError {
  mj_status status = MJ_OK;
  std::string file, message, text;
  int line = 0;
  mj_setting setting = MJ_SETTING_NONE;
};
thread_local LastError last;

}  // namespace

const SettingNames& c_setting_names() {
  static const SettingNames names{"mj_load_options.size (or .length, .width, .height)",
                                  "the step limit",
                                  "the seed",
                                  "mj_load_options.pixelsize",
                                  "mj_load_options.max_cells",
                                  "mj_load_options.resources",
                                  "the number of workers",
                                  "the state limit"};
  return names;
}

mj_status fail(mj_status status, const std::string& file, int line, const std::string& message, const std::string& text,
               Setting setting) {
  last.setting = mj_setting(setting);  // the same order: mj.h says so
  try {
    last.status = status, last.file = file, last.line = line, last.message = message, last.text = text;
  } catch (...) {  // no memory even for the message: the status still says what happened
    last.status = status, last.line = line;
  }
  return status;
}

mj_status fail(const Failure& f) {
  mj_status status = MJ_ERROR_INTERNAL;
  switch (f.kind) {
    case ErrorKind::model: status = MJ_ERROR_MODEL; break;
    case ErrorKind::missing_file: status = MJ_ERROR_MISSING_FILE; break;
    case ErrorKind::argument: status = MJ_ERROR_ARGUMENT; break;
    case ErrorKind::io: status = MJ_ERROR_IO; break;
    case ErrorKind::limit: status = MJ_ERROR_LIMIT; break;
    case ErrorKind::memory: status = MJ_ERROR_MEMORY; break;
    case ErrorKind::internal: break;
  }
  return fail(status, f.file, f.line, f.message, f.text, f.setting);
}

}  // namespace mj::capi

extern "C" {

mj_status mj_last_error_status(void) { return mj::capi::last.status; }
const char* mj_last_error_file(void) { return mj::capi::last.file.c_str(); }
int mj_last_error_line(void) { return mj::capi::last.line; }
const char* mj_last_error_message(void) { return mj::capi::last.message.c_str(); }
const char* mj_last_error_text(void) { return mj::capi::last.text.c_str(); }
mj_setting mj_last_error_setting(void) { return mj::capi::last.setting; }

const char* const* mj_command_line_setting_names(void) {
  static const mj::SettingNames& n = mj::command_line_setting_names();
  static const char* const names[] = {n.size.c_str(),      n.steps.c_str(),     n.seed.c_str(),   n.pixelsize.c_str(),
                                      n.max_cells.c_str(), n.resources.c_str(), n.workers.c_str()};
  return names;
}

}  // extern "C"
