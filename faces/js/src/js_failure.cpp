// The module's failure: null after a call that succeeded, else {kind, file, line, detail, text,
// setting}, the library's translation of what was thrown (mj::failure_of): text is its "file:line:
// detail", worded with the face's names for the settings (the JavaScript API's own by default, the
// page's when it gives them: setSettingNames), kind says what went wrong (mj::ErrorKind) and setting
// which option would fix it, so that no face reads the words.
#include "js_failure.hpp"

#include <emscripten/bind.h>

#include <optional>
#include <string>

#include "mj/failure.hpp"

namespace mjweb {

namespace {

using emscripten::val;

std::optional<mj::Failure> failure_;

// The JavaScript API's words: its option and argument names.
mj::SettingNames names_{"size", "steps", "seed", "pixelsize", "maxCells", "addResource()", "workers", "maxStates"};

// Each setting's key in setSettingNames' object and in a failure's `setting`, and its name in names_.
struct SettingKey {
  mj::Setting setting;
  const char* key;
  std::string mj::SettingNames::*name;
};
constexpr SettingKey kKeys[] = {
    {mj::Setting::size, "size", &mj::SettingNames::size},
    {mj::Setting::steps, "steps", &mj::SettingNames::steps},
    {mj::Setting::seed, "seed", &mj::SettingNames::seed},
    {mj::Setting::pixelsize, "pixelsize", &mj::SettingNames::pixelsize},
    {mj::Setting::max_cells, "maxCells", &mj::SettingNames::max_cells},
    {mj::Setting::resources, "resources", &mj::SettingNames::resources},
    {mj::Setting::workers, "workers", &mj::SettingNames::workers},
    {mj::Setting::max_states, "maxStates", &mj::SettingNames::max_states},
};

val setting_key(mj::Setting setting) {
  for (const SettingKey& k : kKeys)
    if (k.setting == setting) return val(std::string(k.key));
  return val::null();
}

// {size, steps, seed, pixelsize, maxCells, resources, workers, maxStates}: a face's words, each kept as it was when
// not given.
void set_setting_names(const val& names) {
  for (const SettingKey& k : kKeys)
    if (names.hasOwnProperty(k.key)) names_.*k.name = names[k.key].as<std::string>();
}

// Takes the failure of the last call: a failure is reported once, never to a later call.
val failure() {
  if (!failure_) return val::null();
  val f = val::object();
  f.set("kind", std::string(mj::error_kind_name(failure_->kind)));
  f.set("file", failure_->file), f.set("line", failure_->line);
  f.set("detail", failure_->message), f.set("text", failure_->text);
  f.set("setting", setting_key(failure_->setting));
  failure_.reset();
  return f;
}

}  // namespace

void clear_failure() { failure_.reset(); }

void record_failure(std::exception_ptr error) { failure_ = mj::failure_of(error, names_); }

}  // namespace mjweb

EMSCRIPTEN_BINDINGS(mj_failure) {
  emscripten::function("failure", &mjweb::failure);
  emscripten::function("setSettingNames", &mjweb::set_setting_names);
}
