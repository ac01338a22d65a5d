// A run recorded as an animated GIF, a frame every few steps (save, save_run, Debugger::save_record), drawn
// from the engine's public calls alone.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "mj/history.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "mj/picture.hpp"
#include "mj/run_control.hpp"

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

// A GIF's options from save's, checked (mj::Error, kind argument), the pixel size the settings' when not
// given, the colours of each frame's legend as Snapshot::colors gives them. `settings` must outlive them.
AnimationOptions animation_options(const RunSettings& settings, const SaveOptions& options);

// Runs the model's run of `seed` to its step limit `steps` (Model::run's) under `control` (its progress and
// cancel; its `frame`, `every` and `animated` are the animation's) and writes the frames to `file`, whole or
// not at all. The canvas fits the largest frame (map and wfc change the grid's size mid-run). Throws
// mj::Error before making the file when the frames would be too large for a GIF, or more than
// options.max_frames.
RunEnd write_animation(Model& model, int seed, std::optional<int> steps, const RunControl& control,
                       const AnimationOptions& options, const std::filesystem::path& file);

// The steps `from` to `to` of a run's record, drawn as write_animation draws the run itself: a frame at
// every `every`-th step (counted from the run's start) and at `to`, so that a record of a whole run
// gives mj run --gif's frames. A debugger's "record GIF" of what it ran, however fast it was shown.
// Throws mj::Error for steps outside the record, or frames too large for a GIF.
void write_animation(const History& history, int from, int to, const Palette& palette, const AnimationOptions& options,
                     const std::filesystem::path& file);

}  // namespace mj
