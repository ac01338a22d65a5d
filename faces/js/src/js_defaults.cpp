// The library's defaults and bounds for JavaScript (mj.defaults): what a page shows before a model is loaded.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "mj/defaults.hpp"

namespace {

using emscripten::val;

val defaults() {
  val d = val::object();
  d.set("seed", mj::kDefaultSeed);
  d.set("outputFolder", std::string(mj::kDefaultOutputFolder));
  d.set("steps", mj::kDefaultSteps);
  d.set("gifSteps", mj::kDefaultGifSteps);
  d.set("pixelsize", mj::kDefaultPixelsize);
  d.set("maxPixelsize", mj::kMaxPixelsize);
  d.set("size2d", mj::kDefaultSize2d);
  d.set("size3d", mj::kDefaultSize3d);
  d.set("historyBytes", double(mj::kDefaultHistoryBytes));
  d.set("progressMilliseconds", mj::kDefaultProgressMilliseconds);
  d.set("maxGifFrames", mj::kMaxGifFrames);
  d.set("maxCells", double(mj::kMaxCells));
  d.set("freeCell", int(mj::kFreeCell));
  d.set("maxStates", double(mj::kMaxStates));
  d.set("chunk2d", mj::kDefaultChunk2d);
  d.set("chunk3d", mj::kDefaultChunk3d);
  d.set("maxChunk", mj::kMaxChunk);
  return d;
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_defaults) { emscripten::function("defaults", &defaults); }
