// The module's failure: null after a call that succeeded, else {file, line, detail, text}, where text
// is the library's "file:line: detail" (file "" for a problem in no file).
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
    failure_ = Failure{e.file(), e.line(), e.message(), e.what()};
  } catch (const std::bad_alloc&) {
    failure_ = Failure{"", 0, "out of memory", "out of memory"};
  } catch (const std::exception& e) {
    failure_ = Failure{"", 0, e.what(), e.what()};
  } catch (...) {
    failure_ = Failure{"", 0, "unknown error", "unknown error"};
  }
}

}  // namespace mjweb

EMSCRIPTEN_BINDINGS(mj_failure) { emscripten::function("failure", &mjweb::failure); }
