// A run recorded as an animated GIF, a frame every few steps (Model::save, save_run, save_record).
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "mj/history.hpp"
#include "mj/picture.hpp"
#include "run/interpreter.hpp"

namespace mj {

// 3D grids are drawn as isometric cubes: a GIF has no other way to show them.
struct AnimationOptions {
  int pixelsize = kDefaultPixelsize;
  int every = 1;  // a frame every `every` steps, and the last state
  int delay = 5;  // centiseconds per frame
  // A grid's colours by its legend (Model's: a symbol without a colour named at its model's line); not
  // given: legend_colors of the palette.
  std::function<std::vector<uint32_t>(const std::string& legend)> colors;
  // More frames is an mj::Error before the file is made, naming the `every` that fits; <= 0: no bound.
  int max_frames = kMaxGifFrames;
};

// Runs `seed` under `control` (its step limit, progress and cancel; its `frame` and `every` are the
// animation's) and writes the frames to `file`, whole or not at all. The canvas fits the largest
// frame (map and wfc change the grid's size mid-run). Throws mj::Error before making the file when
// the frames would be too large for a GIF, or more than options.max_frames.
RunEnd write_animation(Interpreter& interpreter, int seed, const RunControl& control, const Palette& palette,
                       const AnimationOptions& options, const std::filesystem::path& file);

// The steps `from` to `to` of a run's record, drawn as write_animation draws the run itself: a frame at
// every `every`-th step (counted from the run's start) and at `to`, so that a record of a whole run
// gives mj run --gif's frames. A debugger's "record GIF" of what it ran, however fast it was shown.
// Throws mj::Error for steps outside the record, or frames too large for a GIF.
void write_animation(const History& history, int from, int to, const Palette& palette, const AnimationOptions& options,
                     const std::filesystem::path& file);

}  // namespace mj
