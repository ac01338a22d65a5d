// The module's failure: null after a call that succeeded, else {file, line, detail, text}, where text
// is the library's "file:line: detail" (Error::text), worded with the face's names for the settings:
// the JavaScript API's own by default, the page's when it gives them (setSettingNames).
#include "failure.hpp"

#include <emscripten/bind.h>

#include <new>
#include <optional>
#include <string>

#include "mj/error.hpp"

namespace mjweb {

namespace {

using emscripten::val;

struct Failure {
  std::string file;
  int line = 0;
  std::string detail, text;
};

std::optional<Failure> failure_;

// The JavaScript API's words: its option and argument names.
mj::SettingNames names_{"size", "maxSteps", "seed", "pixelsize", "maxCells", "addResource()", "workers"};

// {size, steps, seed, pixelsize, maxCells, resources}: a face's words, each kept as it was when not given.
void set_setting_names(const val& names) {
  const auto take = [&](const char* key, std::string& name) {
    if (names.hasOwnProperty(key)) name = names[key].as<std::string>();
  };
  take("size", names_.size), take("steps", names_.steps), take("seed", names_.seed);
  take("pixelsize", names_.pixelsize), take("maxCells", names_.max_cells), take("resources", names_.resources);
}

// Takes the failure of the last call: a failure is reported once, never to a later call.
val failure() {
  if (!failure_) return val::null();
  val f = val::object();
  f.set("file", failure_->file), f.set("line", failure_->line);
  f.set("detail", failure_->detail), f.set("text", failure_->text);
  failure_.reset();
  return f;
}

}  // namespace

void clear_failure() { failure_.reset(); }

void record_failure(std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const mj::Error& e) {
    failure_ = Failure{e.file(), e.line(), e.message(names_), e.text(names_)};
  } catch (const std::bad_alloc&) {
    failure_ = Failure{"", 0, "out of memory", "out of memory"};
  } catch (const std::exception& e) {
    failure_ = Failure{"", 0, e.what(), e.what()};
  } catch (...) {
    failure_ = Failure{"", 0, "unknown error", "unknown error"};
  }
}

}  // namespace mjweb

EMSCRIPTEN_BINDINGS(mj_failure) {
  emscripten::function("failure", &mjweb::failure);
  emscripten::function("setSettingNames", &mjweb::set_setting_names);
}
