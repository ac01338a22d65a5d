// markovjunior._core.Model: one mj::Model, used by one thread at a time. The library decides the run's
// step limit, its pictures and its files; this file converts. Loading and running release the GIL, so
// that models in different threads run in parallel.
#include <atomic>
#include <mutex>
#include <optional>

#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/debugger.hpp"
#include "mj/inputs_text.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"

namespace mj::python {

namespace {

struct Session {
  explicit Session(RunSettings settings) : model(std::move(settings)) {}
  Model model;
  std::mutex busy;
  // Set by another thread (batch, on Ctrl-C) to stop the run in progress, or the next one: a
  // thread's runs see no signals, only the main thread's do.
  std::atomic<bool> stop{false};
};

// Two threads stepping one interpreter would corrupt it: the second is told so instead.
class Exclusive {
 public:
  explicit Exclusive(Session& s) : lock_(s.busy, std::try_to_lock) {
    if (!lock_.owns_lock())
      throw std::runtime_error("this Model is being run by another thread; give each thread its own (Model.copy())");
  }

 private:
  std::unique_lock<std::mutex> lock_;
};

std::unique_ptr<Session> load(const RunSettings& settings) {
  RunSettings decided = settings;
  py::gil_scoped_release unlocked;
  return std::make_unique<Session>(std::move(decided));
}

// Breakpoints as Python gives them: (line, rule) pairs, rule -1 for the node itself.
using BreakpointList = std::vector<std::pair<int, int>>;

// A run's progress callback, called by the library about every 0.1 s with the GIL released: it takes
// the GIL to see Ctrl-C (KeyboardInterrupt) and the stop of another thread, and to call `report`
// (a progress bar) with the steps taken. False stops the run, with the Python error set.
RunControl python_control(Session& s, const py::object& report, const BreakpointList& breakpoints = {}) {
  RunControl control;
  for (auto [line, rule] : breakpoints) control.breakpoints.push_back({line, rule});
  control.progress = [&s, &report] {  // no py::object copied without the GIL
    py::gil_scoped_acquire locked;
    if (s.stop.exchange(false)) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
      return false;
    }
    if (PyErr_CheckSignals() != 0) return false;
    if (report.is_none()) return true;
    try {
      report(s.model.status().steps);
    } catch (py::error_already_set& e) {
      e.restore();
      return false;
    }
    return true;
  };
  return control;
}

// A run stopped by its progress callback left its reason as the Python error: raise it (one stopped before a
// waiting step, until_waiting, left none).
void raise_if_stopped(RunEnd end) {
  if (end == RunEnd::stopped && PyErr_Occurred()) throw py::error_already_set();
}

// A whole run, the GIL released: runs in other threads go on meanwhile, and a run that never ends
// can be stopped from a notebook with Ctrl-C. `seed`, `steps`: None, the settings' (mj::Model::run).
int run(Session& s, std::optional<int> seed, std::optional<int> steps, const py::object& report,
        const BreakpointList& breakpoints) {
  Exclusive guard(s);
  const RunControl control = python_control(s, report, breakpoints);
  RunEnd end;
  {
    py::gil_scoped_release unlocked;
    end = s.model.run(seed, steps, control);
  }
  raise_if_stopped(end);
  return s.model.status().steps;
}

// The same, going on from where the run stands (`steps`: the run's new limit); until_waiting: also stopping
// before a step that waits for an input.
int advance(Session& s, std::optional<int> steps, const py::object& report, const BreakpointList& breakpoints,
            bool until_waiting) {
  Exclusive guard(s);
  RunControl control = python_control(s, report, breakpoints);
  control.until_waiting = until_waiting;
  RunEnd end;
  {
    py::gil_scoped_release unlocked;
    end = s.model.advance(control, steps);
  }
  raise_if_stopped(end);
  return s.model.status().steps;
}

int step(Session& s, int count) {
  Exclusive guard(s);
  py::gil_scoped_release unlocked;
  return s.model.step(count);
}

py::object breakpoint_hit(Session& s) {
  Exclusive guard(s);
  std::optional<Breakpoint> hit = Debugger(s.model).breakpoint_hit();
  if (!hit) return py::none();
  return py::make_tuple(hit->line, hit->rule);
}

// The record's facts: (first step, last step, bytes), or None when not recording.
py::object history_range(Session& s) {
  Exclusive guard(s);
  const History* h = Debugger(s.model).history();
  if (!h) return py::none();
  return py::make_tuple(h->first_step(), h->last_step(), h->bytes());
}

const History& recorded(Session& s) {
  const History* h = Debugger(s.model).history();
  if (!h) throw std::runtime_error("this Model is not recording: model.record() first");
  return *h;
}

// mj::save: the current grid by the file's extension (a .gif: the run again, animated).
void save(Session& s, const std::string& file, std::optional<int> pixelsize) {
  Exclusive guard(s);
  SaveOptions options;
  options.pixelsize = pixelsize;
  py::gil_scoped_release unlocked;
  mj::save(s.model, file, options);
}

// mj::save_run: the run of `seed` to `steps` recorded as a GIF, stopped by Ctrl-C (no file then).
void save_run(Session& s, const std::string& file, int seed, std::optional<int> steps, std::optional<int> pixelsize,
              std::optional<int> every) {
  Exclusive guard(s);
  const py::object no_report = py::none();
  const RunControl control = python_control(s, no_report);
  SaveOptions options;
  options.pixelsize = pixelsize;
  if (every) options.every = *every;  // else the library's
  RunEnd end;
  {
    py::gil_scoped_release unlocked;
    end = mj::save_run(s.model, file, seed, steps, options, control);
  }
  raise_if_stopped(end);
}

py::object active_node(Session& s) {
  Exclusive guard(s);
  std::optional<ActiveNode> node = s.model.status().node;
  if (!node) return py::none();
  return py::make_tuple(node->kind, node->line, node->depth);
}

// Where the run stands (mj::RunStatus): steps, seed, ended (the program finished), finished (nothing left
// to step: before the first start or once ended), at_step_limit.
py::dict status(Session& s) {
  Exclusive guard(s);
  const RunStatus r = s.model.status();
  py::dict d;
  d["started"] = r.started, d["seed"] = r.seed, d["steps"] = r.steps, d["step_limit"] = r.step_limit;
  d["ended"] = r.ended, d["finished"] = r.finished, d["at_step_limit"] = r.at_step_limit, d["waiting"] = r.waiting;
  return d;
}

}  // namespace

// Notices as Python takes them (ModelWarning's fields): (file, line, message, text) each.
std::vector<std::tuple<std::string, int, std::string, std::string>> notice_tuples(const std::vector<Notice>& notices) {
  std::vector<std::tuple<std::string, int, std::string, std::string>> tuples;
  for (const Notice& n : notices) tuples.emplace_back(n.file, n.line, n.message, n.text());
  return tuples;
}

py::array grid_array(const GridView& grid) {
  auto* owner = new std::shared_ptr<const void>(grid.owner);
  py::capsule base(owner, [](void* p) { delete static_cast<std::shared_ptr<const void>*>(p); });
  const auto row = py::ssize_t(grid.mx), layer = row * grid.my;
  std::vector<py::ssize_t> shape{py::ssize_t(grid.mz), py::ssize_t(grid.my), row}, strides{layer, row, 1};
  if (grid.mz == 1) {  // a 2D grid is an image's (rows, columns), as matplotlib's imshow takes it
    shape.erase(shape.begin());
    strides.erase(strides.begin());
  }
  py::array_t<uint8_t> cells(shape, strides, grid.cells, base);
  py::detail::array_proxy(cells.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return cells;
}

namespace {

using ModelClass = py::class_<Session>;

// Running: a run started, stepped, run to its end, stopped, taken back.
void bind_running(ModelClass& model) {
  model
      .def(
          "start",
          [](Session& s, std::optional<int> seed, std::optional<int> steps) {
            Exclusive guard(s);
            s.model.start(seed, steps);
          },
          py::arg("seed") = py::none(), py::arg("steps") = py::none(),
          "Begins a run of seed (None: the settings') whose step limit is steps (0: none; None: the settings')")
      .def(
          "stop", [](Session& s) { s.stop = true; },
          "Stops the run in progress in another thread (or the next): it raises KeyboardInterrupt")
      .def("step", &step, py::arg("count") = 1,
           "Up to count more steps within the run's step limit; the steps taken (fewer once the run ends)")
      .def("run", &run, py::arg("seed") = py::none(), py::arg("steps") = py::none(), py::arg("report") = py::none(),
           py::arg("breakpoints") = BreakpointList{},
           "start(seed, steps), then steps (report(steps) about every 0.1 s) until the end, the limit or a "
           "breakpoint ((line, rule) pairs, rule -1 for the node); returns the steps taken")
      .def("advance", &advance, py::arg("steps") = py::none(), py::arg("report") = py::none(),
           py::arg("breakpoints") = BreakpointList{}, py::arg("until_waiting") = false,
           "run() going on from where the run stands; until_waiting: also stopping before a step that waits")
      .def("status", &status,
           "Where the run stands: {started, seed, steps, step_limit, ended, finished, at_step_limit, waiting}")
      .def(
          "back",
          [](Session& s, int steps) {
            Exclusive guard(s);
            py::gil_scoped_release unlocked;
            Debugger(s.model).back(steps);
          },
          py::arg("steps"),
          "The run taken back steps steps: its seed (and inputs) run again to there (mj::Debugger::back)");
}

// What a run takes from outside: pins, a goal, and the inputs its <event> nodes wait for.
void bind_inputs(ModelClass& model) {
  model
      .def(
          "set_pins",
          [](Session& s, const py::bytes& cells) {
            Exclusive guard(s);
            const std::string c = cells;
            s.model.set_pins(std::vector<uint8_t>(c.begin(), c.end()));
          },
          py::arg("cells"),
          "Pins: per cell of the pinned grid (x fastest) a value, or DEFAULTS['free_cell']; b'': none")
      .def(
          "set_goal",
          [](Session& s, const py::bytes& cells) {
            Exclusive guard(s);
            const std::string c = cells;
            s.model.set_goal(std::vector<uint8_t>(c.begin(), c.end()));
          },
          py::arg("cells"),
          "A goal: per cell of the pinned grid (x fastest) a value, or DEFAULTS['free_cell']; b'': none")
      .def(
          "pinned_shape",
          [](Session& s) {
            const GridShape g = s.model.pinned_grid();
            return g.mz == 1 ? py::make_tuple(g.my, g.mx) : py::make_tuple(g.mz, g.my, g.mx);
          },
          "The shape of the grid pins and goals name (mj::Model::pinned_grid), as grid() gives a grid's")
      .def(
          "constraint_cells",
          [](Session& s, const std::string& file) {
            const std::vector<uint8_t> cells = constraint_cells(s.model, file);
            return py::bytes(reinterpret_cast<const char*>(cells.data()), cells.size());
          },
          py::arg("file"), "The cells of a pins or goal file (PNG, VOX or state text) for this model, as bytes")
      .def(
          "send",
          [](Session& s, const std::string& key) {
            Exclusive guard(s);
            s.model.send(key);
          },
          py::arg("key"), "Sends an input (a key's name) to the run: the next <event> that runs takes it")
      .def(
          "inputs",
          [](const Session& s) {
            std::vector<std::pair<int, std::string>> inputs;
            for (const Input& input : s.model.inputs()) inputs.emplace_back(input.step, input.key);
            return inputs;
          },
          "The run's inputs in the order sent: (step, key) each")
      .def(
          "replay",
          [](Session& s, int seed, const std::vector<std::pair<int, std::string>>& inputs, std::optional<int> steps) {
            Exclusive guard(s);
            std::vector<Input> sent;
            for (const auto& [step, key] : inputs) sent.push_back({step, key});
            py::gil_scoped_release unlocked;
            s.model.replay(seed, sent, steps);
            return s.model.status().steps;
          },
          py::arg("seed"), py::arg("inputs"), py::arg("steps") = py::none(),
          "The run of seed again, each (step, key) of inputs sent at its step; returns the steps taken")
      .def(
          "save_inputs", [](const Session& s, const std::string& file) { mj::save_inputs(file, s.model.inputs()); },
          py::arg("file"), "Writes the run's inputs to file, a \"STEP KEY\" line each (mj/inputs_text.hpp)")
      .def_static(
          "read_inputs",
          [](const std::string& file) {
            std::vector<std::pair<int, std::string>> inputs;
            for (const Input& input : mj::read_inputs(file)) inputs.emplace_back(input.step, input.key);
            return inputs;
          },
          py::arg("file"), "The inputs of a file save_inputs, mj run --record or mj play --record wrote");
}

// Time travel: the record of every step, and the grids and lines it keeps.
void bind_recording(ModelClass& model) {
  model
      .def(
          "set_recording",
          [](Session& s, bool on, size_t max_bytes) {
            Exclusive guard(s);
            Debugger(s.model).set_recording(on, max_bytes);
          },
          py::arg("on"), py::arg("max_bytes"), "Time travel: record every step from now on (in at most max_bytes)")
      .def("history_range", &history_range, "(first step, last step, bytes) of the record, or None")
      .def(
          "grid_at",
          [](Session& s, int step) {
            Exclusive guard(s);
            return grid_array(recorded(s).grid_at(step));
          },
          py::arg("step"), "The recorded grid after step steps (a read-only array of its own)")
      .def(
          "image_at",
          [](Session& s, int step, std::optional<int> pixelsize) {
            Exclusive guard(s);
            recorded(s);  // not recording: RuntimeError, as grid_at
            return rgb_array(Debugger(s.model).image_at(step, pixelsize));
          },
          py::arg("step"), py::arg("pixelsize") = py::none(), "The recorded grid after step steps, drawn")
      .def(
          "node_line",
          [](Session& s, int step) {
            Exclusive guard(s);
            return recorded(s).node_line(step);
          },
          py::arg("step"), "The line of the node that worked in step `step` (0: none)");
}

// Pictures and files: the current grid as an array, a snapshot or tiles, and its files.
void bind_pictures_and_files(ModelClass& model) {
  model
      .def("save", &save, py::arg("file"), py::arg("pixelsize") = py::none(),
           "Writes the grid by the file's extension, or for .gif the run again, animated")
      .def("save_run", &save_run, py::arg("file"), py::arg("seed"), py::arg("steps"), py::arg("pixelsize") = py::none(),
           py::arg("every") = py::none(), "The run of seed to steps steps again, recorded as an animated GIF")
      .def(
          "grid",
          [](Session& s) {
            Exclusive guard(s);
            return grid_array(s.model.grid());
          },
          "The current grid, a read-only (my, mx) view in 2D, (mz, my, mx) in 3D")
      .def(
          "legend",
          [](Session& s) {
            Exclusive guard(s);
            return s.model.grid().legend;
          },
          "The current grid's symbols, index = value")
      .def(
          "snapshot",
          [](Session& s) {
            Exclusive guard(s);
            return s.model.snapshot();
          },
          "The current grid with what draws and saves it (mj::Snapshot): a Result's")
      .def(
          "tile_layer",
          [](Session& s) -> std::optional<TileTuple> {
            Exclusive guard(s);
            const std::optional<TileLayer> layer = s.model.snapshot().tiles;
            return layer ? std::optional<TileTuple>(tile_tuple(*layer)) : std::nullopt;
          },
          "A 2D tile wfc model's grid as (tileset, size, mx, my, tiles, names, at) (mj::TileLayer), else None");
}

// For a debugger: notices, breakpoints, the active node and what it computed.
void bind_debugger(ModelClass& model) {
  model
      .def(
          "notices", [](const Session& s) { return notice_tuples(s.model.notices()); },
          "What the model writes that nothing reads: (file, line, message, text) each, in the order written")
      .def(
          "run_notices", [](const Session& s) { return notice_tuples(s.model.run_notices()); },
          "What went wrong in the current run without stopping it (a wfc that gave up): (file, line, message, text)")
      .def("breakpoint_hit", &breakpoint_hit, "(line, rule) of the breakpoint the latest run paused at, or None")
      .def("active_node", &active_node, "(kind, line, depth) of the node that runs next, or None")
      .def(
          "inspect",
          [](Session& s, int line) {
            Exclusive guard(s);
            return inspection_dict(Debugger(s.model).inspect(line));
          },
          py::arg("line"), "What the node at line (0: the active one) computed, as a dict (mj/inspect.hpp)")
      .def(
          "set_inspecting",
          [](Session& s, bool on) {
            Exclusive guard(s);
            Debugger(s.model).set_inspecting(on);
          },
          py::arg("on"), "Keep what only a debugger asks for (a guided one's candidates, wfc's failures)");
}
}  // namespace

void bind_model(py::module_& m) {
  ModelClass model(m, "Model", "mj::Model: one loaded model (markovjunior.Model wraps it)");
  model.def(py::init(&load), py::arg("settings"), "Loads the model of settings (resolve_run's Settings)");
  bind_running(model);
  bind_inputs(model);
  bind_recording(model);
  bind_pictures_and_files(model);
  bind_debugger(model);
}

}  // namespace mj::python
