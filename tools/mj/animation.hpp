// Animated GIF of a run: one frame per step (or every K steps), the final state last.
#pragma once

#include <filesystem>

#include "outputs.hpp"

namespace mj::cli {

struct AnimationOptions {
  ImageOptions image;
  int every = 1;  // a frame every `every` steps
  int delay = 5;  // centiseconds per frame
};

// Runs `seed` to the end (or `max_steps`) and writes the frames to `file`. Returns the steps taken.
// The canvas fits the largest frame (map and wfc nodes change the grid's size mid-run).
int write_animation(Interpreter& interpreter, int seed, int max_steps, const mj::Palette& palette,
                    const AnimationOptions& options, const std::filesystem::path& file);

}  // namespace mj::cli
