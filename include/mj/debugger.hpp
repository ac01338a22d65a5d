// mj's public API, the debugger beside the engine (mj/model.hpp): what a debugger asks of a running Model
// (what a node computed, where a run paused, the record of its steps, going back, a past step, the next
// node, the node tree) and nothing a run needs. A Debugger keeps no state of its own: it is a view of its
// Model, made whenever wanted. Its library (mj_debugger) is linked by the faces that debug (Python,
// JavaScript); the CLI, C and .NET do without it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/history.hpp"
#include "mj/inspect.hpp"
#include "mj/model.hpp"
#include "mj/node_view.hpp"
#include "mj/outputs.hpp"
#include "mj/picture.hpp"
#include "mj/run_control.hpp"

namespace mj {

class Debugger {
 public:
  explicit Debugger(Model& model) : model_(model) {}

  // The node tree and where the run stands, as the reference's GUI sidebar draws it.
  NodeView node_tree() const;
  // What a node computed to make its choices (mj/inspect.hpp): the node written at `line`, or with line 0
  // the active one (empty before start and after the end). Throws mj::Error when no node is written there.
  Inspection inspect(int line = 0) const;
  // While on, nodes keep what only a debugger asks for: a guided `one`'s candidates, wfc's failed
  // collapses. Off by default: a run then records nothing. Kept across starts.
  void set_inspecting(bool inspecting);
  // The breakpoint (RunControl::breakpoints) at which the latest advance or run paused (RunEnd::breakpoint),
  // else nullopt.
  std::optional<Breakpoint> breakpoint_hit() const;
  // Nodes keep their visible state up to date after every step, as `mj run --gif` draws them, in every
  // advance and step from now on (RunControl::animated for one advance). Off by default, and cheaper off.
  void set_animated(bool animated);

  // Time travel (mj/history.hpp): on, every step is recorded from now on (the current run from the
  // step it stands at, later runs from their start), in at most `max_bytes`; off drops the record.
  void set_recording(bool on, size_t max_bytes = kDefaultHistoryBytes);
  // The current run's record; null when not recording.
  const History* history() const;
  // The grid after `step` steps, from the run's record, drawn as Snapshot::image draws. Throws mj::Error (kind
  // argument) when the run is not recorded or the step is outside the record.
  RgbaImage image_at(int step, std::optional<int> pixelsize = {}) const;
  // The steps `from` to `to` of the run's record (not given: its first, its last) as an animated GIF,
  // drawn as save_run draws a run: the whole record of a run gives save_run's GIF of it, byte for byte.
  // Throws mj::Error (kind argument) when the run is not recorded or a step is outside the record.
  void save_record(const std::filesystem::path& file, std::optional<int> from, std::optional<int> to,
                   const SaveOptions& options = {}) const;

  // "Next node": steps until another node runs next (RunEnd::next_node), the program ends, the run
  // reaches its step limit (or control.max_steps), or control.progress, called about every
  // control.interval, returns false (RunEnd::stopped: a node that runs on and on). Throws mj::Error
  // (kind argument) before a start.
  RunEnd to_next_node(const RunControl& control = {});
  // The current run taken back `n` steps (n >= 0; to its start at most), exactly: its seed run again to that
  // step under the same step limit, each input sent before it sent again at its step (later ones dropped);
  // a record, when on, is made again alike. step() and advance() then go on as the run went. Throws
  // mj::Error (kind argument) before a start or for n < 0.
  void back(int n = 1);
  // The run of `seed` (step limit `steps`, as Model::start) standing at `step` (or where it ended, when
  // sooner), each input of `inputs` at or before `step` sent at its step: a debugger's view of a past step, on
  // a Model of its own. Goes on from where the Model stands when it is that run at or before `step`, else
  // starts over. Inputs must come in the order of their steps (mj::Error, kind argument, otherwise).
  void replay_to(int seed, const std::vector<Input>& inputs, int step, std::optional<int> steps = {});

 private:
  // replay_to once checked: the run of `seed` under the step limit `limit`.
  void go_to(int seed, const std::vector<Input>& inputs, int step, int limit);
  const History& record() const;

  Model& model_;
};

}  // namespace mj
