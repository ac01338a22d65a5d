// mj's public API: every default and bound a face would otherwise have to restate, in one place. The CLI,
// C, .NET, Python and JavaScript read these (C: mj_defaults(); Python: markovjunior.DEFAULTS; JavaScript:
// mj.defaults) rather than writing the numbers again; tests/restated_test.py fails when a face writes one.
#pragma once

#include <cstddef>

namespace mj {

// The seed of a run when the caller gives none (`mj run`, Python's generate, the playground).
constexpr int kDefaultSeed = 1;
// Where pictures and other outputs go when the caller names no folder (`mj`, `mj run`, Snapshot::save_picture).
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
// A backtracking wfc (backtrack="True", `mj run --backtrack`) that has undone this many observations goes on
// in blocks from a ground (a collapse in which one pattern fills all it may: a tileset's Empty tile), which
// always finishes; without a ground it gives up, leaving its grid unfinished as one that finds no good seed does.
constexpr int kMostUndoneChoices = 100000;
// The largest grid a model may make, in cells, when the caller gives no bound (RunRequest::max_cells <= 0): the
// start grid and every grid a map or wfc makes. 2^28 cells, a quarter of a GiB of values.
constexpr long long kMaxCells = 1LL << 28;
// The most states (grids) mj explore enumerates when the caller gives no bound (ExploreOptions::max_states): more
// is an mj::Error, the model is not small enough.
constexpr long long kMaxStates = 1000000;
// A world's chunk side (mj/world.hpp) when the caller gives none, 2D and 3D, and the largest a caller may give.
constexpr int kDefaultChunk2d = 64, kDefaultChunk3d = 16, kMaxChunk = 1024;
// The runs a world's chunk tries, each with its own seed, before the world gives up on it: a wfc that finds no
// collapse meeting its neighbours' cells tries again from another seed.
constexpr int kWorldTries = 8;
// A cell of a pins or goal grid (Model::set_pins, set_goal) that is left free: any other value is one of the
// model's legend, which a pin holds all run long and a goal asks of the run's end.
constexpr unsigned char kFreeCell = 0xFF;

}  // namespace mj
