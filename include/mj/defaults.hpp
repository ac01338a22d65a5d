// mj's public API: every default and bound a face would otherwise have to restate, in one place. The CLI,
// C, .NET, Python and JavaScript read these (C: mj_defaults(); Python: markovjunior.DEFAULTS; JavaScript:
// mj.defaults) rather than writing the numbers again; tests/restated_test.py fails when a face writes one.
#pragma once

#include <cstddef>

namespace mj {

// The seed of a run when the caller gives none (`mj run`, Python's generate, the playground).
constexpr int kDefaultSeed = 1;
// Where pictures and other outputs go when the caller names no folder (`mj`, `mj run`, Model::save_picture).
constexpr const char* kDefaultOutputFolder = "output";
// A run's step limit when neither the caller nor an entry gives one; a GIF entry's (gif="True").
constexpr int kDefaultSteps = 50000, kDefaultGifSteps = 1000;
// Pixels per cell when neither the caller nor an entry gives them (the reference's default), and the
// most any way of giving them takes (models.xml's pixelsize, a face's argument).
constexpr int kDefaultPixelsize = 4, kMaxPixelsize = 64;
// Grid sides when neither the caller nor a listed entry gives them.
constexpr int kDefaultSize2d = 64, kDefaultSize3d = 24;
// Runs one entry may ask for: every run is planned up front.
constexpr int kMaxAmount = 1000000;
// The default bound of a run's record (History): 256 MiB.
constexpr size_t kDefaultHistoryBytes = size_t(256) << 20;
// How often a run calls its progress callback, in milliseconds of wall time (RunControl::interval).
constexpr int kDefaultProgressMilliseconds = 100;
// The most frames an animated GIF may have (AnimationOptions::max_frames): a long run's GIF of every step
// is gigabytes (BacktrackerMaze at 201: 20,402 frames, 1.16 GB).
constexpr int kMaxGifFrames = 5000;
// A backtracking wfc (backtrack="True", `mj run --backtrack`) gives up after undoing this many observations,
// leaving its grid unfinished as one that finds no good seed does.
constexpr int kMostUndoneChoices = 100000;
// The most cells a grid may hold (the start grid, and those map and wfc make) unless the caller allows more
// (LoadOptions::max_cells); larger requests are refused before allocating.
constexpr long long kMaxCells = 1LL << 28;
// A cell of a pins or goal grid (Model::set_pins, set_goal) that is left free: any other value is one of the
// model's legend, which a pin holds all run long and a goal asks of the run's end.
constexpr unsigned char kFreeCell = 0xFF;

}  // namespace mj
