// mj's public API: a loaded model with its decided settings, what every face (the CLI, the C
// interface, .NET, Python, JavaScript, the playground) runs, draws and saves through. A face converts
// its arguments into a RunRequest and the results into its own types; what a run is, its step limit,
// its pictures, its files and their names are decided here, once.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "mj/animation.hpp"
#include "mj/interpreter.hpp"
#include "mj/picture.hpp"
#include "mj/run_settings.hpp"

namespace mj {

// Where a run stands, everything a page's frame or a progress report shows, in one call.
struct RunStatus {
  bool started = false;                     // a run has begun (start or run)
  int seed = 0;                             // its seed
  int steps = 0;                            // steps taken since its start
  int step_limit = 0;                       // the limit it runs to (<= 0: none)
  bool ended = false;                       // the program has finished
  bool at_step_limit = false;               // not finished, but the step limit is reached: run and step go no further
  std::optional<ActiveNode> node;           // the node that runs next; nullopt before a start and at the end
  std::optional<SearchProgress> search;     // the search under way inside a step (search="True")
  int history_first = 0, history_last = 0;  // the steps the record holds (both 0 when not recording)
  bool recording = false;
  bool waiting = false;  // the next step waits for an input (an <event> of the mj dialect)
};

// An input sent to a run (Model::send) and the step the run stood at when it came: a run's seed and its
// inputs replay it exactly (Model::replay), time being counted in steps.
struct Input {
  int step = 0;
  std::string key;
  bool operator==(const Input&) const = default;
};

// Options of Model::save, for the formats that take them.
struct SaveOptions {
  std::optional<GridFormat> format;  // the format, whatever the extension; not given: the extension's
  std::optional<int> pixelsize;      // .png, .tmj, .gif: the settings' when not given (1..kMaxPixelsize)
  int every = 1;                     // .gif: a frame every `every` steps
  int delay = 5;                     // .gif: centiseconds per frame
};

// A grid of a model's run kept apart from its Model (Python's Result), with what its files name: drawn
// and written as the Model draws and writes its own.
struct GridAt {
  GridView grid;
  int seed = 0, steps = 0;           // the run's: a .txt names them
  const TileLayer* tiles = nullptr;  // a tile model's tiles (Interpreter::tile_layer): its .tmj maps them
};

// The colour of each value of `legend` for a model with these settings, 0xFFRRGGBB.
std::vector<uint32_t> grid_colors(const RunSettings& settings, const std::string& legend);
// The grid drawn as `mj run` draws it: 2D as squares of `pixelsize` pixels, 3D as isometric cubes
// (pixelsize: the settings' when not given; 1..kMaxPixelsize).
RgbaImage draw_grid(const RunSettings& settings, const GridView& grid, std::optional<int> pixelsize = {});
// draw_grid's picture as the bytes of a PNG file.
std::vector<uint8_t> grid_png(const RunSettings& settings, const GridView& grid, std::optional<int> pixelsize = {});
// Writes the grid in the format of `file`'s extension (or options.format), whole or not at all: .png
// (3D drawn isometric), .vox, .glb, .tmj (with its tileset beside it) or .txt (the state text). A .gif
// is a run, not a grid: Model::save writes it.
void save_grid(const RunSettings& settings, const std::filesystem::path& file, const GridAt& at,
               const SaveOptions& options = {});

class Model {
 public:
  // resolve_run(request), then the model loaded with those settings. Throws mj::Error.
  explicit Model(const RunRequest& request);
  explicit Model(RunSettings settings);
  // A Model of these settings that takes over `earlier`'s loaded program when both load the same one
  // (same_program), as it stands after loading (Interpreter::reset): a list of runs of one model at one
  // size loads it once, whatever each run's steps, pictures and colours. Else it loads anew, as
  // Model(settings). The model file and resources are not read again; `earlier` is not to be used again.
  Model(RunSettings settings, Model&& earlier);

  const RunSettings& settings() const { return settings_; }
  // What the model writes that no interpreter reads, with file and line (Interpreter::notices): every
  // face shows them (mj prints them on stderr, Python warns), and the model runs as written.
  const std::vector<Notice>& notices() const { return interpreter_.notices(); }
  // What went wrong in the current run without stopping it (Interpreter::run_notices): every face
  // shows them as it shows notices.
  std::vector<Notice> run_notices() const { return interpreter_.run_notices(); }
  // The interpreter, for what a debugger does beyond running (inspect, history, breakpoints,
  // explore, set_initial_cells...). Runs are begun through the Model, which keeps their step limit.
  Interpreter& interpreter() { return interpreter_; }
  const Interpreter& interpreter() const { return interpreter_; }

  // Pins and a goal (Interpreter::set_pins, set_goal: one value per cell of the start grid, x fastest,
  // then y, then z, each of the legend or kFreeCell), taking effect at the next start; an empty vector
  // drops them. The settings' files (RunRequest::pins, goal) are read when the Model is made. Throws
  // mj::Error (kind argument) for a wrong size or value, a model with a <map> or <wfc>, and (a goal) a model
  // with no inference node.
  void set_pins(std::vector<uint8_t> cells) { interpreter_.set_pins(std::move(cells)); }
  void set_goal(std::vector<uint8_t> cells) { interpreter_.set_goal(std::move(cells)); }
  // The cells of a pins or goal file for this model (RunRequest::pins's formats, in the settings' colours), for
  // set_pins or set_goal. Throws mj::Error naming the file for a wrong size, colour, symbol or format.
  std::vector<uint8_t> constraint_cells(const std::filesystem::path& file) const;

  // Begins a fresh run whose step limit is `steps` (0: none; not given: the settings' limit).
  void start(int seed, std::optional<int> steps = {});
  // start(seed, steps), then advance(control): the run to its end, its step limit or until a
  // callback of `control` stops it (control.max_steps as advance takes it).
  RunEnd run(int seed, std::optional<int> steps = {}, RunControl control = {});
  // Goes on with the current run under `control` up to the run's step limit (`steps` when given: the
  // run's new limit, counted from its start), or to control.max_steps when that comes first (it never
  // goes past the run's limit). Throws mj::Error (kind argument) before a start.
  RunEnd advance(RunControl control = {}, std::optional<int> steps = {});
  // Up to `n` more steps (n >= 0), never past the run's step limit; returns the steps taken (fewer
  // than n once the program ends or reaches its limit). Throws mj::Error (kind argument) before a start
  // or for n < 0.
  int step(int n = 1);

  // The debugger's "next node": steps until another node runs next (RunEnd::next_node), the program
  // ends, the run reaches its step limit (or control.max_steps), or control.progress, called about
  // every control.interval, returns false (RunEnd::stopped: a node that runs on and on). Throws
  // mj::Error (kind argument) before a start.
  RunEnd to_next_node(const RunControl& control = {});

  // Sends an input (a key's name, "ArrowLeft") to the run, taken by the next <event> that runs (mj
  // dialect; Interpreter::send), and notes it with the step it came at. Throws mj::Error (kind argument)
  // before a start.
  void send(const std::string& key);
  // The current run's inputs, in the order sent, each with its step.
  const std::vector<Input>& inputs() const { return inputs_; }
  // The run of `seed` again (step limit `steps`, as start), each input sent when the run stands at its
  // step: a game's seed and inputs() give the same grids at every step. Inputs must come in the order of
  // their steps (mj::Error, kind argument, otherwise); then the run goes on to its end or limit.
  RunEnd replay(int seed, const std::vector<Input>& inputs, std::optional<int> steps = {});

  RunStatus status() const;
  // The node the next step runs; nullopt before a start and at the end.
  std::optional<ActiveNode> next_node() const { return interpreter_.active_node(); }
  GridView grid() const { return interpreter_.grid(); }
  // The colour of each value of the current grid, 0xFFRRGGBB (colors()[v] for value v).
  std::vector<uint32_t> colors() const;

  // The grid drawn as `mj run` draws it: 2D as squares of `pixelsize` pixels, 3D as isometric cubes
  // (pixelsize: the settings' when not given; 1..kMaxPixelsize).
  RgbaImage image(std::optional<int> pixelsize = {}) const;
  // Another grid of this model (a past step from the run's record) drawn the same way.
  RgbaImage image(const GridView& grid, std::optional<int> pixelsize = {}) const;
  // Writes the current grid (or, for .gif, the current run again, animated) in the format of `file`'s
  // extension (grid_format): .png (3D drawn isometric), .vox, .glb, .tmj (with its tileset beside it),
  // .gif, or .txt (the state text). Each file is written whole or not at all.
  void save(const std::filesystem::path& file, const SaveOptions& options = {});
  // The run of `seed` again, to its step limit `steps` (not given: the settings'; 0: none), recorded
  // as an animated GIF (what save writes for .gif, and a kept result's GIF), under `control`'s
  // progress and cancel: RunEnd::stopped leaves no file. The Model then stands where that run ended.
  RunEnd save_run(const std::filesystem::path& file, int seed, std::optional<int> steps,
                  const SaveOptions& options = {}, RunControl control = {});
  // The steps `from` to `to` of the run's record (not given: its first, its last) as an animated GIF,
  // drawn as save_run draws a run: the whole record of a run gives save_run's GIF of it, byte for byte.
  // Throws mj::Error (kind argument) when the run is not recorded or a step is outside the record.
  void save_record(const std::filesystem::path& file, std::optional<int> from, std::optional<int> to,
                   const SaveOptions& options = {}) const;
  // The picture `mj run` writes into `folder` (made when missing): FOLDER/STEM.png for a 2D grid or
  // when the settings say iso, else FOLDER/STEM.vox. Returns the file written.
  std::filesystem::path save_picture(const std::filesystem::path& folder);
  // "NAME_SEED" of the current run, made safe for a file name (safe_name): what its files are called.
  std::string output_stem() const;
  // The grid as text: "NAME FX FY FZ SEED STEPS", the legend, the rows (mj run --state).
  std::string state_text() const;

 private:
  void require_started(const char* what) const;
  void read_constraint_files();  // the settings' pins and goal
  // A GIF's options from save's, checked, the pixel size the settings' when not given.
  AnimationOptions animation_options(const SaveOptions& options) const;

  RunSettings settings_;
  Interpreter interpreter_;
  bool started_ = false;
  int limit_ = 0;              // the current run's step limit
  std::vector<Input> inputs_;  // the current run's, as sent
};

// The line `mj run` prints for a run: "NAME seed SEED (MXxMYxMZ, where the size came from): STEPS
// steps, T ms -> FILE", the size left out when given, the time when no `milliseconds` are given (a
// run's time differs from run to run: the faces' lines, which tests compare, leave it out), the arrow
// when no file was `written`.
std::string run_summary(const Model& model, const std::string& written,
                        std::optional<long long> milliseconds = std::nullopt);

}  // namespace mj
