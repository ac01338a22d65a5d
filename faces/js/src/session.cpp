// mj for JavaScript: one loaded model (mj::Model) as an embind class. It only converts: the run's step
// limit, its pictures, files and names are the Model's. Every call that can fail runs through guard()
// (failure.hpp): the JS API (faces/js/api.mjs) reads the failure after the call and throws MjError, and the
// session stays usable.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <chrono>
#include <climits>
#include <filesystem>
#include <optional>
#include <string>

#include "color.hpp"
#include "inspection.hpp"
#include "js_failure.hpp"
#include "js_timeline.hpp"
#include "mj/debugger.hpp"
#include "mj/error.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "node_tree.hpp"
#include "request.hpp"
#include "written_file.hpp"

namespace {

using emscripten::val;
using mjweb::guard;
using mjweb::read_and_remove;
using mjweb::rgb;

// A number JavaScript gave, or not (undefined, null): the library's default then.
std::optional<int> given(const val& number) {
  if (number.isUndefined() || number.isNull()) return std::nullopt;
  return number.as<int>();
}

val node_object(const std::optional<mj::ActiveNode>& node) {
  if (!node) return val::null();
  val n = val::object();
  n.set("kind", node->kind), n.set("line", node->line), n.set("depth", node->depth);
  return n;
}

val search_object(const std::optional<mj::SearchProgress>& search) {
  if (!search) return val::null();
  val s = val::object();
  s.set("states", search->states), s.set("frontier", search->frontier), s.set("best", search->best);
  return s;
}

class Session {
 public:
  // Loads XML text named `name` with what resolve_run decides for `options` (request.hpp).
  void load(const std::string& xml, const std::string& name, const val& options) {
    guard([&] {
      model_.reset();
      model_.emplace(mjweb::run_request(xml, name, options));
      mj::Debugger(*model_).set_animated(true);  // the grid as mj run --gif draws it: wfc's decided cells at every step
    });
  }
  val settings() const { return model_ ? mjweb::settings_object(model_->settings()) : val::null(); }
  // What the model writes that nothing reads: [{file, line, message, text}] in the order written.
  val notices() const { return model_ ? notice_list(model_->notices()) : val::array(); }
  // What went wrong in the current run without stopping it (a wfc that gave up), the same way.
  val run_notices() const { return model_ ? notice_list(model_->run_notices()) : val::array(); }
  static val notice_list(const std::vector<mj::Notice>& notices) {
    val list = val::array();
    for (const mj::Notice& n : notices) {
      val notice = val::object();
      notice.set("file", n.file);
      notice.set("line", n.line);
      notice.set("message", n.message);
      notice.set("text", n.text());
      list.call<void>("push", notice);
    }
    return list;
  }

  // A run with the step limit `steps` (0: none; undefined: the settings').
  void start(const val& seed, const val& steps) {
    guard([&] { live().start(given(seed), given(steps)); });
  }
  // Runs start from these cells (the values, x fastest) instead of the empty grid; none: the empty grid again.
  void set_start_cells(const val& cells) {
    guard([&] { live().set_initial_cells(emscripten::convertJSArrayToNumberVector<uint8_t>(cells)); });
  }
  // Pins and a goal (docs/constraints.md): per cell of the grid the run ends on (the start grid, or a wfc model's wfc
  // grid; x fastest) a value, or mj::kFreeCell for a free cell; from the next start; empty: none.
  void set_pins(const val& cells) {
    guard([&] { live().set_pins(emscripten::convertJSArrayToNumberVector<uint8_t>(cells)); });
  }
  void set_goal(const val& cells) {
    guard([&] { live().set_goal(emscripten::convertJSArrayToNumberVector<uint8_t>(cells)); });
  }
  // A run to its end shows none of its steps: it runs as mj run runs it (a run stopped mid-collapse
  // ends on mj run's grid, and a wfc nobody watches does not replay its collapse), unless it is
  // recorded, when every step is kept as mj run --gif draws it. Steps taken one by one stay animated.
  int run(const val& seed, const val& steps) {
    return guard([&] { return unanimated([&](mj::Model& model) { model.run(given(seed), given(steps)); }); });
  }
  // Up to `count` steps within the run's limit; the steps taken.
  int step(int count) {
    return guard([&] { return live().step(count); });
  }
  // Goes on with the run until it ends, reaches its step limit, takes `count` more steps (<= 0: any
  // number) or has run for `ms` milliseconds (<= 0: no time limit). Returns how it stopped: "finished",
  // "stepLimit" (the run's), "stopped" or "breakpoint" (at one of `breakpoints`, [{line, rule}]).
  std::string advance(int count, double ms, const val& breakpoints, bool until_waiting) {
    return guard([&] {
      mj::RunControl control = for_at_most(ms);
      if (count > 0) control.max_steps = int(std::min<long long>(INT_MAX, (long long)live().status().steps + count));
      control.breakpoints = mjweb::breakpoints(breakpoints);
      control.until_waiting = until_waiting;
      return end_name(live().advance(control));
    });
  }
  // Steps until another node runs next (the debugger's Next node), the run ends or reaches its step
  // limit, or `ms` milliseconds have passed (<= 0: no time limit). Returns "nextNode", "finished",
  // "stepLimit" or "stopped".
  std::string next_node(double ms) {
    return guard([&] { return end_name(mj::Debugger(live()).to_next_node(for_at_most(ms))); });
  }

  // Sends an input (a key's name) to the run: the next <event> of the mj dialect that runs takes it.
  void send(const std::string& key) {
    guard([&] { live().send(key); });
  }
  // The run's inputs in the order sent: [{step, key}], what replays it with its seed.
  val inputs() const {
    val list = val::array();
    if (model_)
      for (const mj::Input& input : model_->inputs()) {
        val item = val::object();
        item.set("step", input.step), item.set("key", input.key);
        list.call<void>("push", item);
      }
    return list;
  }

  // `go` (a whole run) not animated, unless recorded, then animated again however it ends; returns the steps
  // the run stands at.
  template <class Go>
  int unanimated(Go&& go) {
    mj::Model& model = live();
    struct Shown {
      mj::Model& model;
      ~Shown() { mj::Debugger(model).set_animated(true); }
    } shown{model};
    mj::Debugger(model).set_animated(model.status().recording);
    go(model);
    return model.status().steps;
  }
  // [{step, key}] as the library's inputs.
  static std::vector<mj::Input> inputs_of(const val& inputs) {
    std::vector<mj::Input> list;
    const int count = inputs["length"].as<int>();
    for (int i = 0; i < count; i++) list.push_back({inputs[i]["step"].as<int>(), inputs[i]["key"].as<std::string>()});
    return list;
  }
  // The run of `seed` again (step limit `steps`, as start), each of `inputs` ([{step, key}], as inputs()
  // gives them) sent when the run stands at its step, then on to its end or limit (Model::replay). It ends
  // as run() does. Returns the steps taken.
  int replay(int seed, const val& inputs, const val& steps) {
    return guard([&] {
      const std::vector<mj::Input> sent = inputs_of(inputs);
      return unanimated([&](mj::Model& model) { model.replay(seed, sent, given(steps)); });
    });
  }
  // The run taken back `count` steps, exactly: its seed and inputs run again to there (Debugger::back).
  void back(int count) {
    guard([&] { mj::Debugger(live()).back(count); });
  }
  // The run of `seed` standing at `step`, each of `inputs` ([{step, key}]) at or before it sent at its step:
  // a past step of another Model's run (Debugger::replay_to), going on forward when it can.
  void replay_to(int seed, int step, const val& inputs) {
    guard([&] { mj::Debugger(live()).replay_to(seed, inputs_of(inputs), step); });
  }

  // Where the run stands, in one call (mj::RunStatus): {started, seed, steps, stepLimit, finished (also before
  // a start), atStepLimit, ended (either), waiting, node, search, history: {first, last, bytes} or null}.
  val status() {
    val s = val::object();
    const mj::RunStatus r = model_ ? model_->status() : mj::RunStatus{};
    s.set("started", r.started), s.set("seed", r.seed), s.set("steps", r.steps), s.set("stepLimit", r.step_limit);
    s.set("finished", r.finished), s.set("atStepLimit", r.at_step_limit), s.set("ended", r.ended || r.at_step_limit);
    s.set("waiting", r.waiting);
    s.set("node", node_object(r.node)), s.set("search", search_object(r.search));
    s.set("history", history());
    return s;
  }
  int steps() const { return model_ ? model_->status().steps : 0; }
  int seed() const { return model_ ? model_->status().seed : 0; }
  bool finished() const { return !model_ || model_->status().finished; }
  bool ended() const {
    if (!model_) return true;
    const mj::RunStatus s = model_->status();
    return s.ended || s.at_step_limit;
  }

  // The grid as `mj run --state` writes it, with the run's seed and steps; named as the model, or `name`.
  std::string state_text(const val& name) {
    return guard([&] {
      mj::Snapshot grid = live().snapshot();
      if (!name.isUndefined() && !name.isNull()) grid.settings.name = name.as<std::string>();
      return grid.state_text();
    });
  }
  // "NAME_SEED" of the current run, safe as a file name: what its files are called.
  std::string output_stem() {
    return guard([&] { return live().snapshot().output_stem(); });
  }

  // {mx, my, mz, legend, cells}: cells a view of wasm memory, valid until the next call; null before a load.
  val grid() const {
    if (!model_) return val::null();
    const mj::GridView v = model_->grid();
    val g = val::object();
    g.set("mx", v.mx), g.set("my", v.my), g.set("mz", v.mz), g.set("legend", v.legend);
    g.set("cells", val(emscripten::typed_memory_view(v.size(), v.cells)));
    return g;
  }
  val active_node() const { return node_object(model_ ? model_->status().node : std::nullopt); }
  // {states, frontier, best} of the search under way (or stopped by advance's time budget), else null.
  val search_progress() const { return search_object(model_ ? model_->status().search : std::nullopt); }
  val node_tree() { return model_ ? mjweb::node_tree(mj::Debugger(*model_).node_tree()) : val::null(); }
  // What the node at `line` (0: the active one) computed (inspection.hpp); set_inspecting: record it all.
  val inspect(int line) {
    return guard([&] { return mjweb::inspection(mj::Debugger(live()).inspect(line)); });
  }
  void set_inspecting(bool on) {
    guard([&] { mj::Debugger(live()).set_inspecting(on); });
  }
  // The debugger (timeline.hpp): time travel and where a run paused.
  void set_recording(bool on) {
    guard([&] { mj::Debugger(live()).set_recording(on); });
  }
  val history() { return model_ ? mjweb::history_range(*model_) : val::null(); }
  val grid_at(int step) {
    return guard([&] { return mjweb::grid_at(live(), step, past_); });
  }
  // The line of the node that worked in step `step` (0: none, or not recorded).
  int node_line_at(int step) {
    const mj::History* h = model_ ? mj::Debugger(*model_).history() : nullptr;
    return h ? h->node_line(step) : 0;
  }
  val breakpoint_hit() { return model_ ? mjweb::breakpoint_hit(*model_) : val::null(); }

  // The grid as mj run draws it (2D squares, 3D isometric cubes) at `pixelsize` (undefined: the
  // settings'): {width, height, rgba}, rgba a view of wasm memory valid until the next call.
  val render(const val& pixelsize) {
    return guard([&] { return picture(live().snapshot().image(given(pixelsize))); });
  }
  // The same of the grid after `step` steps, from the run's record (time travel).
  val render_at(int step, const val& pixelsize) {
    return guard([&] {
      mj::Debugger debugger(live());
      if (!debugger.history()) throw mj::argument_error("the run is not recorded (setRecording(true) first)");
      return picture(debugger.image_at(step, given(pixelsize)));
    });
  }
  // The colour of each value of the current grid, 0xRRGGBB (for views that draw the cells themselves).
  val colors() {
    return guard([&] {
      val list = val::array();
      for (uint32_t c : live().snapshot().colors()) list.call<void>("push", rgb(c));
      return list;
    });
  }
  // The loaded model's palette, {symbol: 0xRRGGBB}: every colour the page may draw (the editor's swatches).
  val palette() const {
    val table = val::object();
    if (model_)
      for (const auto& [symbol, color] : model_->settings().palette) table.set(std::string(1, symbol), rgb(color));
    return table;
  }

  // A file as mj writes it, as bytes (a view of wasm memory, valid until the next call): the format of
  // `extension` (png, vox, glb, tmj, gif: the run again, animated; txt: the state text), written by
  // mj::save into emscripten's file system and read back.
  val file(const std::string& extension, const val& pixelsize) {
    return guard([&] {
      const std::filesystem::path file = std::string(kOutFile) + "." + extension;
      mj::SaveOptions options;
      options.pixelsize = given(pixelsize);
      mj::save(live(), file, options);
      return bytes(read_and_remove(file));
    });
  }
  // The picture mj run writes for the run, {name, bytes}: NAME_SEED.png, or .vox for a 3D grid unless
  // the settings say iso (Snapshot::save_picture decides).
  val picture_file() {
    return guard([&] {
      const std::filesystem::path file = live().snapshot().save_picture(kOutFolder);
      val out = val::object();
      out.set("name", file.filename().string()), out.set("bytes", bytes(read_and_remove(file)));
      return out;
    });
  }
  // The page's GIF: a frame of the grid as shown at each gifFrame, then gifFinish's bytes.
  void gif_frame(const val& pixelsize) {
    guard([&] {
      const mj::Snapshot shown = live().snapshot();
      const std::optional<int> size = given(pixelsize);
      if (size) mj::check_pixelsize(*size);
      const mj::Image frame = mj::render(shown.grid(), shown.colors(), {size.value_or(shown.settings.pixelsize)});
      if (!gif_) gif_.emplace(kGifFile, frame.width, frame.height);
      gif_->add_frame(frame);
    });
  }
  // The recorded steps `from` to `to` (undefined: the record's first, its last) as mj::write_animation
  // draws them, a frame every `every` steps (counted from the run's start) and at `to`, at `pixelsize`
  // (undefined: the settings'): the whole record of a run is mj run --gif's GIF of it. Bytes.
  val history_gif(const val& from, const val& to, int every, const val& pixelsize) {
    return guard([&] {
      mj::SaveOptions options;
      options.pixelsize = given(pixelsize), options.every = every;
      mj::Debugger(live()).save_record(kGifFile, given(from), given(to), options);
      return bytes(read_and_remove(kGifFile));
    });
  }
  val gif_finish() {
    return guard([&] {
      if (!gif_) throw mj::argument_error("no GIF frames were recorded (gifFrame)");
      gif_->close();
      gif_.reset();
      return bytes(read_and_remove(kGifFile));
    });
  }

 private:
  std::optional<mj::Model> model_;
  std::vector<uint8_t> rgba_, bytes_, past_;
  // In emscripten's file system: where files are written to be read back as bytes.
  static constexpr const char* kGifFile = "/tmp/mj.gif";
  static constexpr const char* kOutFile = "/tmp/mj-file";
  static constexpr const char* kOutFolder = "/tmp/mj-picture";
  std::optional<mj::GifWriter> gif_;

  mj::Model& live() {
    if (!model_) throw mj::argument_error("no model loaded");
    return *model_;
  }
  // A control that stops the run once `ms` milliseconds have passed (<= 0: never).
  static mj::RunControl for_at_most(double ms) {
    mj::RunControl control;
    if (ms > 0) {
      control.interval = std::chrono::milliseconds(int64_t(ms));
      control.progress = [] { return false; };  // the time is spent
    }
    return control;
  }
  std::string end_name(mj::RunEnd end) {
    if (end == mj::RunEnd::breakpoint) return "breakpoint";
    if (end == mj::RunEnd::finished) return "finished";
    if (end == mj::RunEnd::next_node) return "nextNode";
    return live().status().at_step_limit ? "stepLimit" : "stopped";
  }
  val picture(mj::RgbaImage image) {
    rgba_ = std::move(image.rgba);
    val picture = val::object();
    picture.set("width", image.width), picture.set("height", image.height);
    picture.set("rgba", val(emscripten::typed_memory_view(rgba_.size(), rgba_.data())));
    return picture;
  }
  val bytes(std::vector<uint8_t> file) {
    bytes_ = std::move(file);
    return val(emscripten::typed_memory_view(bytes_.size(), bytes_.data()));
  }
};

}  // namespace

EMSCRIPTEN_BINDINGS(mj_session) {
  emscripten::class_<Session>("Session")
      .constructor<>()
      .function("load", &Session::load)
      .function("settings", &Session::settings)
      .function("notices", &Session::notices)
      .function("runNotices", &Session::run_notices)
      .function("advance", &Session::advance)
      .function("status", &Session::status)
      .function("ended", &Session::ended)
      .function("nextNode", &Session::next_node)
      .function("start", &Session::start)
      .function("setStartCells", &Session::set_start_cells)
      .function("setPins", &Session::set_pins)
      .function("setGoal", &Session::set_goal)
      .function("step", &Session::step)
      .function("send", &Session::send)
      .function("inputs", &Session::inputs)
      .function("replay", &Session::replay)
      .function("back", &Session::back)
      .function("replayTo", &Session::replay_to)
      .function("run", &Session::run)
      .function("steps", &Session::steps)
      .function("seed", &Session::seed)
      .function("finished", &Session::finished)
      .function("grid", &Session::grid)
      .function("activeNode", &Session::active_node)
      .function("nodeTree", &Session::node_tree)
      .function("inspect", &Session::inspect)
      .function("setInspecting", &Session::set_inspecting)
      .function("searchProgress", &Session::search_progress)
      .function("setRecording", &Session::set_recording)
      .function("history", &Session::history)
      .function("gridAt", &Session::grid_at)
      .function("nodeLineAt", &Session::node_line_at)
      .function("breakpointHit", &Session::breakpoint_hit)
      .function("render", &Session::render)
      .function("renderAt", &Session::render_at)
      .function("colors", &Session::colors)
      .function("palette", &Session::palette)
      .function("stateText", &Session::state_text)
      .function("outputStem", &Session::output_stem)
      .function("file", &Session::file)
      .function("pictureFile", &Session::picture_file)
      .function("gifFrame", &Session::gif_frame)
      .function("gifFinish", &Session::gif_finish)
      .function("historyGif", &Session::history_gif);
}
