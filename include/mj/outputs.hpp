// mj's public API, the outputs beside the engine (mj/model.hpp), built on its public calls alone: a grid of a
// run kept with what draws, saves and names it (Snapshot: pictures, the state text, VOX, glTF, Tiled, the GUI
// sidebar, file names), a run written as an animated GIF, the files of pictures read as a model's cells, and
// the line `mj run` prints for a run. Every face draws, saves and names its grids here, once.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mj/grid_view.hpp"
#include "mj/model.hpp"
#include "mj/node_view.hpp"
#include "mj/picture.hpp"
#include "mj/run_control.hpp"
#include "mj/run_settings.hpp"
#include "mj/tile_layer.hpp"

namespace mj {

// Options of the saves, for the formats that take them.
struct SaveOptions {
  std::optional<GridFormat> format;  // the format, whatever the extension; not given: the extension's
  std::optional<int> pixelsize;      // .png, .tmj, .gif: the settings' when not given (1..kMaxPixelsize)
  int every = 1;                     // .gif: a frame every `every` steps
  int delay = 5;                     // .gif: centiseconds per frame
};

// A grid of a model's run at one step (Model::snapshot), kept apart from its Model (Python's Result), with
// all that draws, saves and names it: its cells (a copy), the run's seed and step (a .txt names them), a tile
// model's tiles (its .tmj maps them), the node tree when the settings draw the GUI's sidebar, and the settings
// (colours, pixel size, name).
struct Snapshot {
  std::vector<uint8_t> cells;  // x fastest, then y, then z
  int mx = 0, my = 0, mz = 1;
  std::string legend;
  int seed = 0, step = 0;
  // A 2D tile wfc model's grid as its tiles, when the run ended on one and every cell is still its tile's.
  std::optional<TileLayer> tiles;
  RunSettings settings;
  std::optional<NodeView> tree;  // the node tree and where the run stands, when settings.gui > 0

  GridView grid() const;
  // The colour of each value of the legend, 0xFFRRGGBB (a symbol without one: mj::Error at its model's line).
  std::vector<uint32_t> colors() const;
  // The grid drawn as `mj run` draws it: 2D as squares of `pixelsize` pixels, 3D as isometric cubes
  // (pixelsize: the settings' when not given; 1..kMaxPixelsize).
  RgbaImage image(std::optional<int> pixelsize = {}) const;
  // image()'s picture as the bytes of a PNG file.
  std::vector<uint8_t> png(std::optional<int> pixelsize = {}) const;
  // Writes the grid in the format of `file`'s extension (or options.format), whole or not at all: .png
  // (3D drawn isometric), .vox, .glb, .tmj (with its tileset beside it) or .txt (the state text). A .gif
  // is a run, not a grid: save and save_run write it.
  void save(const std::filesystem::path& file, const SaveOptions& options = {}) const;
  // The grid as text: "NAME FX FY FZ SEED STEPS", the legend, the rows (mj run --state).
  std::string state_text() const;
  // "NAME_SEED" of the run, made safe for a file name (safe_name): what its files are called.
  std::string output_stem() const;
  // The picture `mj run` writes into `folder` (made when missing): FOLDER/STEM.png for a 2D grid or when the
  // settings say iso, else FOLDER/STEM.vox; a PNG with the node tree drawn in the settings' gui margin when
  // they have one (the batch's, from its models.xml entry). STEM is output_stem(), or NAME_SEED made safe for
  // a `name` given (a models.xml entry's, which the batch names its pictures after). Returns the file written.
  std::filesystem::path save_picture(const std::filesystem::path& folder, const std::string& name = {}) const;
  // save_picture's picture named STEM.png or STEM.vox (its folder there already); returns the file written.
  std::filesystem::path save_picture_as(const std::filesystem::path& stem) const;
};

// Writes the model's current grid as Snapshot::save does, or, for .gif, the current run again, animated, to
// where it stands (its step limit kept). Each file is written whole or not at all.
void save(Model& model, const std::filesystem::path& file, const SaveOptions& options = {});
// The run of `seed` again, to its step limit `steps` (not given: the settings'; 0: none), recorded as an
// animated GIF under `control`'s progress and cancel (its frames are the animation's): RunEnd::stopped leaves
// no file. The Model then stands where that run ended. Throws mj::Error before making the file when the frames
// would be too large for a GIF, or more than kMaxGifFrames.
RunEnd save_run(Model& model, const std::filesystem::path& file, int seed, std::optional<int> steps,
                const SaveOptions& options = {}, RunControl control = {});

// The cells of a picture for Model::set_initial_cells: a PNG (2D) in the settings' colours for the model's
// values, or a VOX (3D) written as mj writes them (colour index v+1 for value v, empty for value 0), the size of
// the model's grid before a run.
std::vector<uint8_t> initial_cells(const Model& model, const std::filesystem::path& file);
// The cells of a pins or goal file for the model's pinned grid (Model::pinned_grid; RunRequest::pins's
// formats, in the settings' colours), for Model::set_pins or set_goal. Throws mj::Error naming the file for a wrong
// size, colour, symbol or format.
std::vector<uint8_t> constraint_cells(const Model& model, const std::filesystem::path& file);

// The line `mj run` prints for a run: "NAME seed SEED (MXxMYxMZ, where the size came from): STEPS
// steps, T ms -> FILE", the size left out when given, the time when no `milliseconds` are given (a
// run's time differs from run to run: the faces' lines, which tests compare, leave it out), the arrow
// when no file was `written`.
std::string run_summary(const Model& model, const std::string& written,
                        std::optional<long long> milliseconds = std::nullopt);

}  // namespace mj
