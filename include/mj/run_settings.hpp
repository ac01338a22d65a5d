// mj's public API: what a run of a model takes, decided once for every face. The CLI, Python and
// JavaScript turn their arguments into a RunRequest and use the RunSettings that come back: the
// same model given the same way gets the same size, steps, pixel size and colours everywhere.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/model_list.hpp"
#include "mj/notice.hpp"
#include "mj/picture.hpp"

namespace mj {

// How a model is loaded: its grid's size, its resources, the largest grid it may make.
struct LoadOptions {
  int mx = 0, my = 0, mz = 1;         // grid size (length, width, height); mz = 1 for 2D
  std::filesystem::path resources{};  // folder with rules/, samples/, tilesets/; empty = "resources"
  long long max_cells = 0;            // largest grid (also those map and wfc make); <= 0: kMaxCells
};

// What a face was given. Unset fields are decided by resolve_run.
struct RunRequest {
  // A model file, or a name: models/NAME.xml of the current folder, else NAME.xml in one of
  // `model_folders` (where a face keeps mj's own models).
  std::string model;
  std::optional<std::string> xml;  // the model's text instead of a file; `model` then names it in messages
  std::vector<std::filesystem::path> model_folders;
  // The model's entry when the caller holds its list (a page with models.xml in memory); otherwise
  // it is looked for beside the model file (find_listed_entry).
  std::optional<ModelEntry> entry;
  // Sides: `size` for every side (x, y, and z in 3D), or length/width/height one by one; each given
  // side is at least 1 (set_sides reads a face's list of sides).
  std::optional<int> size, length, width, height;
  std::optional<int> dimension;  // 2 or 3; not given: the listed entry's, else what the model's rules need
  // steps: the step limit, 0 for none (never negative); not given: the entry's, else kDefaultSteps.
  // pixelsize: 1 to kMaxPixelsize; not given: the entry's, else kDefaultPixelsize.
  std::optional<int> steps, pixelsize;
  // The seed of a run made from the settings (RunSettings::seed); not given: the entry's first listed seed, else
  // kDefaultSeed.
  std::optional<int> seed;
  std::optional<bool> iso;
  // Pictures (Snapshot::save_picture) draw the reference's GUI sidebar in the margin the listed entry gives
  // (models.xml's gui="N": N pixels), as the reference's batch does; off, no entry's margin is drawn.
  bool gui = false;
  bool backtrack = false;  // every wfc backtracks (Model, from its next start)
  // Files of pins and of a goal (Model::set_pins, set_goal): a PNG in the model's colours (a transparent
  // pixel: free), a VOX (an empty voxel: free) or a state text (mj run --state; '*': free). Empty: none.
  std::filesystem::path pins, goal;
  // The caller sets pins or a goal of its own as cells (Model::set_pins, set_goal, Python's arrays): the entry's
  // are then not read, and nothing is said of them, as when `pins` or `goal` names a file.
  bool own_pins = false, own_goal = false;
  std::filesystem::path resources;  // empty: ../resources from the model file, or ./resources for text
  long long max_cells = 0;          // <= 0: kMaxCells
  // symbol -> 0xRRGGBB over the palette and the entry's colours; each symbol one of the model's.
  std::map<std::string, uint32_t> colors;
};

// A size as faces take it, one meaning everywhere: {n}: n for every side (n x n, or n x n x n for a
// 3D model); {mx, my}: a 2D grid of mx x my; {mx, my, mz}: a 3D grid (2D when mz is 1). {} leaves the
// size to the model. Throws mj::Error (kind argument) for more than 3 sides.
void set_sides(RunRequest& request, const std::vector<int>& sides);

// The request's checks, one message each (mj::Error of kind argument naming the Setting): a step
// limit below 0, a pixel size outside 1..kMaxPixelsize.
void check_steps(int steps);
void check_pixelsize(int pixelsize);
// A colour as a face gives it, symbol -> 0xRRGGBB, as the palette holds it: {symbol, 0xFFRRGGBB}.
// Throws mj::Error (kind argument) for a symbol of other than one character or a colour past 0xFFFFFF.
std::pair<char, uint32_t> given_color(const std::string& symbol, uint32_t rgb);

// What a run of the model is, every default decided.
struct RunSettings {
  std::filesystem::path file;  // the model file; empty when given as text
  std::optional<std::string> xml;
  std::string source;  // what messages call the model: its file, or the name given for its text
  std::string name;    // the model's name (the file's stem): pictures are NAME_SEED.png
  LoadOptions load;    // size, resources, max_cells
  int steps = 0;       // the step limit; <= 0: none (0 from a request, <= 0 from a models.xml entry)
  int pixelsize = kDefaultPixelsize;
  int seed = kDefaultSeed;  // what `mj run` runs: the request's, else the entry's first listed seed (as the gallery)
  bool iso = false;         // 3D pictures isometric rather than VOX
  int gui = 0;              // a 2D picture's margin (pixels) where the node tree is drawn, as the reference's GUI
  bool backtrack = false;   // every wfc backtracks (Model, from its next start)
  std::filesystem::path pins, goal;  // files the Model reads its pins and goal from (RunRequest); empty: none
  Palette palette;  // the built-in palette, the resources' palette.xml, the entry's colours, the request's
  std::optional<ListedEntry> entry;  // the models.xml or demo.xml entry the settings came from
  std::string size_from;             // where the size came from: "given", "models.xml:12", "default size"
  // What the entry writes that nothing reads, its colours for symbols the model lacks, its pins or goal at
  // another size (not read then): notices, which the Model's notices() begin with.
  std::vector<Notice> notices;

  bool is_3d() const { return load.mz > 1; }
};

// Both settings load the same program: the same model file or text, named alike, at the same size,
// with the same resources and cell limit (their steps, pictures and colours may differ).
bool same_program(const RunSettings& a, const RunSettings& b);

// Settings for a request: a listed model takes its entry's size, steps, pixel size, iso and colours
// (the request's own values win); a model alone takes the defaults, 3D when its rules are. Throws
// mj::Error for a missing model, a bad list beside it, a bad palette.xml or a colour's bad symbol.
RunSettings resolve_run(const RunRequest& request);

// 3 when the model's rules need a 3D grid (a pattern of several layers, a 3D symmetry, voxel
// resources), else 2. A model whose rules are flat runs in either: its entry decides.
int model_dimension(const std::string& xml, const std::string& name);

}  // namespace mj
