// The library's bounds a page states (mj.limits): the largest grid and the value of a free cell in pins and
// goals, as include/mj/defaults.hpp has them (a page that asks for less says why: playground/limits.js).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "mj/defaults.hpp"

namespace {

using emscripten::val;

val limits() {
  val l = val::object();
  l.set("maxCells", double(mj::kMaxCells));
  l.set("freeCell", int(mj::kFreeCell));
  return l;
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_limits) { emscripten::function("limits", &limits); }
