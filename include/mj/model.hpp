// mj's public API, the engine: a loaded model with its decided settings, what every face (the CLI, the C
// interface, .NET, Python, JavaScript, the playground) runs through: load, start, step, advance, run, send,
// replay, where the run stands and its grid. A face converts its arguments into a RunRequest and the results
// into its own types; what a run is and its step limit are decided here, once. Beside it, built on these calls
// alone: mj/outputs.hpp (a grid's pictures, files and names: Snapshot) and mj/debugger.hpp (inspection,
// breakpoints, the record, back, next node), which the faces without a debugger do not link.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/grid_view.hpp"
#include "mj/notice.hpp"
#include "mj/run_control.hpp"
#include "mj/run_settings.hpp"

namespace mj {

class Interpreter;

// Where a run stands, everything a page's frame or a progress report shows, in one call.
struct RunStatus {
  bool started = false;                     // a run has begun (start or run)
  int seed = 0;                             // its seed
  int steps = 0;                            // steps taken since its start
  int step_limit = 0;                       // the limit it runs to (<= 0: none)
  bool ended = false;                       // the program has finished
  bool finished = true;                     // nothing to step: before a start, or ended (every face's "finished")
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

// A grid of a run with what draws, saves and names it (mj/outputs.hpp).
struct Snapshot;
class Debugger;

class Model {
 public:
  // resolve_run(request), then the model loaded with those settings. Throws mj::Error.
  explicit Model(const RunRequest& request);
  explicit Model(RunSettings settings);
  // A Model of these settings that takes over `earlier`'s loaded program when both load the same one
  // (same_program), as it stands after loading: a list of runs of one model at one
  // size loads it once, whatever each run's steps, pictures and colours. Else it loads anew, as
  // Model(settings). The model file and resources are not read again; `earlier` is not to be used again.
  Model(RunSettings settings, Model&& earlier);
  Model(Model&&) noexcept;
  Model& operator=(Model&&) noexcept;
  ~Model();

  const RunSettings& settings() const { return settings_; }
  // What the model writes that no interpreter reads (a misspelt attribute, an element nothing reads
  // where it stands), with file and line, in the order written: every face shows them (mj prints them on
  // stderr, Python warns), and the model runs as written.
  const std::vector<Notice>& notices() const;
  // What went wrong in the current run without stopping it (a wfc that found no collapse, its grid left
  // unfinished as the reference leaves it): every face shows them as it shows notices. Empty before a start.
  std::vector<Notice> run_notices() const;

  // Runs start from these cells (mx*my*mz value indices, x fastest) instead of the empty grid (and the
  // origin); an empty vector goes back to the empty grid. Throws mj::Error on a wrong size or value.
  void set_initial_cells(std::vector<uint8_t> cells);
  // The grid pins and goals name, its size and legend, from loading on: the grid the program ends on, which is
  // the start grid, or for a model with one <wfc> and no <map> the wfc's grid (docs/constraints.md).
  GridShape pinned_grid() const;
  // Pins and a goal (one value per cell of pinned_grid(), x fastest, then y, then z, each of its legend or
  // kFreeCell), taking effect at the next start; an empty vector drops them. A wfc model's pins fix its wfc's start
  // wave before the first observation, the nodes before the wfc running unpinned. The settings' files
  // (RunRequest::pins, goal) are read when the Model is made. Throws mj::Error (kind argument) for a wrong size or
  // value, a model with a <map> or a second <wfc> (a goal: any <wfc>), and (a goal) a model with no inference node.
  void set_pins(std::vector<uint8_t> cells);
  void set_goal(std::vector<uint8_t> cells);
  // Begins a fresh run of `seed` (not given: the settings' seed, RunSettings::seed: the entry's first listed
  // seed, as `mj run` runs it) whose step limit is `steps` (0: none; not given: the settings' limit).
  void start(std::optional<int> seed = {}, std::optional<int> steps = {});
  // start(seed, steps), then advance(control): the run to its end, its step limit or until a
  // callback of `control` stops it (control.max_steps as advance takes it).
  RunEnd run(std::optional<int> seed = {}, std::optional<int> steps = {}, RunControl control = {});
  // Goes on with the current run under `control` up to the run's step limit (`steps` when given: the
  // run's new limit, counted from its start), or to control.max_steps when that comes first (it never
  // goes past the run's limit). Throws mj::Error (kind argument) before a start.
  RunEnd advance(RunControl control = {}, std::optional<int> steps = {});
  // Up to `n` more steps (n >= 0), never past the run's step limit; returns the steps taken (fewer
  // than n once the program ends or reaches its limit). Throws mj::Error (kind argument) before a start
  // or for n < 0.
  int step(int n = 1);

  // Sends an input (a key's name, "ArrowLeft") to the run, taken by the next <event> that runs (mj
  // dialect), and notes it with the step it came at. Throws mj::Error (kind argument)
  // before a start.
  void send(const std::string& key);
  // The current run's inputs, in the order sent, each with its step.
  const std::vector<Input>& inputs() const { return inputs_; }
  // The run of `seed` again (step limit `steps`, as start), each input sent when the run stands at its
  // step: a game's seed and inputs() give the same grids at every step. Inputs must come in the order of
  // their steps (mj::Error, kind argument, otherwise); then the run goes on to its end or limit.
  RunEnd replay(int seed, const std::vector<Input>& inputs, std::optional<int> steps = {});

  RunStatus status() const;
  GridView grid() const;
  // The current grid with what draws, saves and names it (mj/outputs.hpp, where Snapshot is), kept apart
  // from this Model.
  Snapshot snapshot() const;

 private:
  void require_started(const char* what) const;
  void read_constraint_files();  // the settings' pins and goal
  // start without its checks: the run of `seed` to `limit`.
  void begin(int seed, int limit);
  friend class Debugger;  // the debugger reaches the nodes the engine runs (mj/debugger.hpp)

  RunSettings settings_;
  std::unique_ptr<Interpreter> interpreter_;
  bool started_ = false;
  int limit_ = 0;              // the current run's step limit
  std::vector<Input> inputs_;  // the current run's, as sent
  // The line of the program's first <event> (0: none), found on the first run_notices() that needs it: the node
  // tree is built once, not at every run's notices (a world asks them of every chunk).
  mutable std::optional<int> event_line_;
};

}  // namespace mj
