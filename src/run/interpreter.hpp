// The interpreter of a loaded program: what mj::Model runs (the faces run models through Model alone).
// Private to src/; tests and benchmarks include it to reach below Model.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/error.hpp"
#include "mj/grid_view.hpp"
#include "mj/history.hpp"
#include "mj/inspect.hpp"
#include "mj/node_view.hpp"
#include "mj/notice.hpp"
#include "mj/run_control.hpp"
#include "mj/run_settings.hpp"
#include "mj/tile_layer.hpp"

namespace mj {

class Branch;
class Grid;

class Interpreter {
 public:
  // Loads and checks a model; throws mj::Error with file:line on any problem.
  static Interpreter from_file(const std::filesystem::path& model, const LoadOptions& options);
  static Interpreter from_string(const std::string& xml, const LoadOptions& options,
                                 const std::string& name = "<string>");

  Interpreter(Interpreter&&) noexcept;
  Interpreter& operator=(Interpreter&&) noexcept;
  ~Interpreter();

  // What the model writes that no interpreter reads (a misspelt attribute, an element nothing reads
  // where it stands), in the order written: the model runs as if they were not there.
  const std::vector<Notice>& notices() const;
  // Notices of the settings the model runs with (RunSettings::notices: its models.xml entry's), put before
  // the model's own in notices(), in place of those set before.
  void set_settings_notices(const std::vector<Notice>& notices);
  // What went wrong in the current run without stopping it, in order: a wfc that found no
  // collapse (its grid stays unfinished, as the reference leaves it). Empty before start.
  std::vector<Notice> run_notices() const;
  // Every wfc node backtracks on contradictions, as with backtrack="True" (the runs then differ from
  // the reference's); after undoing kMostUndoneChoices observations it goes on in blocks from a
  // ground, giving up only without one (mj/defaults.hpp). Applies from the
  // next start. Off by default and after reset().
  void set_backtrack(bool backtrack);

  // Begins a fresh run: the same seed always gives the same run, whatever ran before.
  void start(int seed);
  // Back to the state just after loading: no run, the empty grid, and set_initial_cells, set_animated,
  // set_chooser, set_inspecting and set_recording undone. The loaded program is kept.
  void reset();
  // Runs start from these cells (mx*my*mz value indices, x fastest) instead of the empty grid
  // (and the origin); an empty vector goes back to the empty grid. Throws on a wrong size or value.
  void set_initial_cells(std::vector<uint8_t> cells);
  // The same from a picture: a PNG (2D) whose colours are those of `colors` for the model's values,
  // or a VOX (3D) written as mj writes them (colour index v+1 for value v, empty for value 0).
  void set_initial_picture(const std::filesystem::path& file, const std::map<char, uint32_t>& colors);
  // The grid pins and goals name (nodes/pins.hpp): the start grid, or for a model with one <wfc> and no
  // <map> the wfc's grid (its size and legend), as loaded.
  GridShape pinned_grid() const;
  // Pins: per cell of pinned_grid() (x fastest), a value of its legend that the cell holds all run long, or
  // kFreeCell (mj/defaults.hpp). A run starts with them (a wfc model's wfc, with them in its start wave),
  // and no node changes them: a rule's match that would does not match, a path passes over them, a
  // convolution and an observation keep them. An empty vector: none. Applies from the next start; undone
  // by reset(). Throws mj::Error (kind argument) for a wrong size or value, and for a model with a <map>
  // or a second <wfc> (at its line).
  void set_pins(std::vector<uint8_t> cells);
  // A goal: per cell, a value the cell must end with, or kFreeCell. It joins the future of every inference
  // node (a rule node with <observe>, by potentials or search="True"): a goal cell's future is its value,
  // within what the node's observations allow (mj::Error at the node's line otherwise). Empty: none.
  // Applies from the next start; undone by reset(). Throws mj::Error (kind argument) as set_pins does, for
  // a model with a <wfc>, and for a model with no inference node.
  void set_goal(std::vector<uint8_t> cells);
  // One interpreter step; false (and nothing done) once the program has finished.
  bool step();
  // start(seed), then steps until the program ends or `max_steps` (<= 0: no limit). Returns steps taken.
  int run(int seed, int max_steps);
  // start(seed), then advance(control).
  RunEnd run(int seed, const RunControl& control);
  // Goes on with the current run until it ends, reaches control.max_steps or a callback stops it.
  RunEnd advance(const RunControl& control);

  // Sends an input (a key's name, "ArrowLeft") to the run: the next <event> of the mj dialect that runs
  // takes it (inputs queue up, oldest first). Throws mj::Error (kind argument) before a start.
  void send(const std::string& input);
  // Whether the next step waits for an input (an <event> runs next and none is queued): a step then
  // is one of the event's waiting steps, its timeout counted in them.
  bool waiting() const;

  bool finished() const;
  int steps() const;  // steps taken since start
  int seed() const;   // the seed of the current (or last) run; 0 before the first start
  GridView grid() const;
  // How far the search of the step under way (or stopped by a progress callback) has got; nullopt
  // when no search is under way.
  std::optional<SearchProgress> search_progress() const;
  // The node that the next step runs; nullopt before start and after the end.
  std::optional<ActiveNode> active_node() const;
  // Ask nodes to keep their visible state up to date after every step, as `mj run --gif` draws them:
  // a collapsing wfc shows the cells it has decided at every step (off, its grid stays empty until
  // the collapse ends). Applies to the current run from its next step, and to later runs. A run
  // that ends ends on the same grid either way; one stopped by its step limit mid-collapse shows the
  // decided cells when animated and the empty grid when not, as the reference with and without its
  // GIF. Off by default, and cheaper off: a wfc nobody watches does not replay its collapse step by step.
  void set_animated(bool animated);
  bool animated() const;
  // Where a `one` node would draw one of several matches at random, `choose(options)` says which of
  // them (0 to options - 1) instead: mj explore (mj/explore.hpp) follows every choice. An empty
  // function goes back to the seeded draw. Kept across starts.
  void set_chooser(std::function<int(int options)> choose);
  // The node tree and where the run stands, as the reference's GUI sidebar draws it.
  NodeView node_tree() const;
  // The grid as tiles when the run ended on a 2D tile `wfc` node's grid (tiles side by side, no overlap)
  // and every cell is still its tile's (children that rewrote cells leave no tiling): nullopt otherwise.
  std::optional<TileLayer> tile_layer() const;
  // What a node computed to make its choices (mj/inspect.hpp): the node written at `line`, or with
  // line 0 the active one (empty before start and after the end). Throws mj::Error when no node is
  // written at `line`.
  Inspection inspect(int line = 0) const;
  // While on, nodes keep what only a debugger asks for: a guided `one`'s candidates, wfc's failed
  // collapses. Off by default: a run then records nothing. Kept across starts.
  void set_inspecting(bool inspecting);
  // The breakpoint at which the latest advance() paused (RunEnd::breakpoint), else nullopt.
  std::optional<Breakpoint> breakpoint_hit() const;
  // Time travel (mj/history.hpp): on, every step is recorded from now on (the current run from the
  // step it stands at, later runs from their start), in at most `max_bytes`; off drops the record.
  void set_recording(bool on, size_t max_bytes = kDefaultHistoryBytes);
  // The current run's record; null when not recording.
  const History* history() const;
  // The program as loaded: its node tree (a top node that is not a branch wrapped in a markov) and its
  // start grid, which mj explore compiles (src/explore/program.cpp) rather than building them again.
  const Branch& program_root() const;
  const Grid& program_grid() const;

 private:
  struct Impl;
  explicit Interpreter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The model loaded with these settings (mj::Error on any problem in it).
Interpreter load_model(const RunSettings& settings);

}  // namespace mj
