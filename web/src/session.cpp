// mj for JavaScript: one loaded model as an embind class. Every call that can fail runs through
// guard() (failure.hpp): the JS API (web/api.mjs) reads the failure after the call and throws MjError,
// and the session stays usable.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "failure.hpp"
#include "inspection.hpp"
#include "mj/error.hpp"
#include "mj/interpreter.hpp"
#include "mj/picture.hpp"
#include "mj/run_settings.hpp"
#include "mj/state_text.hpp"
#include "node_tree.hpp"
#include "request.hpp"
#include "timeline.hpp"

namespace {

using emscripten::val;
using mjweb::guard;

class Session {
 public:
  // Loads XML text named `name` with what resolve_run decides for `options` (request.hpp).
  void load(const std::string& xml, const std::string& name, const val& options) {
    guard([&] {
      interpreter_.reset(), settings_.reset();
      mj::RunSettings settings = mj::resolve_run(mjweb::run_request(xml, name, options));
      interpreter_.emplace(settings.load_model());
      settings_ = std::move(settings);
    });
  }
  val settings() const { return settings_ ? mjweb::settings_object(*settings_) : val::null(); }

  void start(int seed) {
    guard([&] { live().start(seed); });
  }
  // Up to `count` steps; the steps taken.
  int step(int count) {
    return guard([&] {
      int taken = 0;
      while (taken < count && live().step()) taken++;
      return taken;
    });
  }
  int run(int seed, int max_steps) {
    return guard([&] { return live().run(seed, max_steps); });
  }
  // Goes on with the run until it ends, reaches the model's step limit, takes `count` more steps
  // (<= 0: any number) or has run for `ms` milliseconds (<= 0: no time limit). Returns how it stopped:
  // "finished", "stepLimit" (the model's), "stopped" or "breakpoint" (at one of `breakpoints`, [{line, rule}]).
  std::string advance(int count, double ms, const val& breakpoints) {
    return guard([&] {
      mj::Interpreter& interpreter = live();
      mj::RunControl control;
      control.max_steps = step_limit(count);
      control.breakpoints = mjweb::breakpoints(breakpoints);
      if (ms > 0) {
        control.interval = std::chrono::milliseconds(int64_t(ms));
        control.progress = [](const mj::Interpreter&) { return false; };  // the time is spent
      }
      const mj::RunEnd end = interpreter.advance(control);
      if (end == mj::RunEnd::breakpoint) return std::string("breakpoint");
      return std::string(end == mj::RunEnd::finished ? "finished" : at_limit() ? "stepLimit" : "stopped");
    });
  }
  // Steps until another node runs next (the debugger's Next node), the run ends or reaches the model's
  // step limit, or `ms` milliseconds have passed (<= 0: no time limit). Returns "nextNode",
  // "finished", "stepLimit" or "stopped".
  std::string next_node(double ms) {
    return guard([&] {
      mj::Interpreter& interpreter = live();
      const std::optional<mj::ActiveNode> at = interpreter.active_node();
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(int64_t(ms * 1000));
      while (!ended()) {
        interpreter.step();
        if (interpreter.finished()) break;
        if (!same_node(interpreter.active_node(), at)) return std::string("nextNode");
        if (ms > 0 && std::chrono::steady_clock::now() > deadline) return std::string("stopped");
      }
      return std::string(finished() ? "finished" : "stepLimit");
    });
  }
  // The run has finished or reached the model's step limit.
  bool ended() const { return finished() || at_limit(); }

  // The grid as `mj run --state` writes it (header with `name`, the run's seed and steps; legend; rows).
  std::string state_text(const std::string& name) {
    return guard([&] { return mj::state_text(name, live().grid(), live().seed(), live().steps()); });
  }
  int steps() const { return interpreter_ ? interpreter_->steps() : 0; }
  int seed() const { return interpreter_ ? interpreter_->seed() : 0; }
  bool finished() const { return !interpreter_ || interpreter_->finished(); }

  // {mx, my, mz, legend, cells}: cells a view of wasm memory, valid until the next call; null before a load.
  val grid() const {
    if (!interpreter_) return val::null();
    const mj::GridView v = interpreter_->grid();
    val g = val::object();
    g.set("mx", v.mx), g.set("my", v.my), g.set("mz", v.mz), g.set("legend", v.legend);
    g.set("cells", val(emscripten::typed_memory_view(v.size(), v.cells)));
    return g;
  }
  val active_node() const {
    const auto node = interpreter_ ? interpreter_->active_node() : std::nullopt;
    if (!node) return val::null();
    val n = val::object();
    n.set("kind", node->kind), n.set("line", node->line), n.set("depth", node->depth);
    return n;
  }
  // {states, frontier, best} of the search under way (or stopped by advance's time budget), else null.
  val search_progress() const {
    const auto search = interpreter_ ? interpreter_->search_progress() : std::nullopt;
    if (!search) return val::null();
    val s = val::object();
    s.set("states", search->states), s.set("frontier", search->frontier), s.set("best", search->best);
    return s;
  }
  val node_tree() const { return interpreter_ ? mjweb::node_tree(interpreter_->node_tree()) : val::null(); }
  // What the node at `line` (0: the active one) computed (inspect.hpp); set_inspecting: record it all.
  val inspect(int line) {
    return guard([&] { return mjweb::inspection(live().inspect(line)); });
  }
  void set_inspecting(bool on) {
    guard([&] { live().set_inspecting(on); });
  }
  // The debugger (history.hpp): time travel and where a run paused.
  void set_recording(bool on) {
    guard([&] { live().set_recording(on); });
  }
  val history() const { return interpreter_ ? mjweb::history_range(*interpreter_) : val::null(); }
  val grid_at(int step) {
    return guard([&] { return mjweb::grid_at(live(), step, past_); });
  }
  // The line of the node that worked in step `step` (0: none, or not recorded).
  int node_line_at(int step) const {
    const mj::History* h = interpreter_ ? interpreter_->history() : nullptr;
    return h ? h->node_line(step) : 0;
  }
  val breakpoint_hit() const { return interpreter_ ? mjweb::breakpoint_hit(*interpreter_) : val::null(); }

  // The grid as RGBA pixels (2D squares, 3D isometric cubes): {width, height, rgba}, rgba a view of
  // wasm memory valid until the next call.
  val render(int pixelsize) {
    return guard([&] { return picture(live().grid(), pixelsize); });
  }
  // The same of the grid after `step` steps, from the run's record (time travel).
  val render_at(int step, int pixelsize) {
    return guard([&] {
      if (!live().history()) throw mj::Error("", 0, "the run is not recorded (setRecording(true) first)");
      return picture(live().history()->grid_at(step), pixelsize);
    });
  }
  // The colour of each value of the current grid, 0xRRGGBB (for views that draw the cells themselves).
  val colors() {
    return guard([&] {
      val list = val::array();
      for (uint32_t c : colors_of_grid()) list.call<void>("push", int(c & 0xFFFFFF));
      return list;
    });
  }

  // The loaded model's palette, {symbol: 0xRRGGBB}: every colour the page may draw (the editor's swatches).
  val palette() const {
    val table = val::object();
    if (settings_)
      for (const auto& [symbol, color] : settings_->palette) table.set(std::string(1, symbol), int(color & 0xFFFFFF));
    return table;
  }

  // Files as mj writes them, as bytes (a view of wasm memory, valid until the next call): the grid as
  // PNG (2D, or isometric 3D), VOX, and an animated GIF recorded a frame at a time (GifWriter streams
  // it to a file in emscripten's file system, read back when it is finished).
  val png(int pixelsize) {
    return guard([&] { return bytes(mj::encode_png(live().grid(), colors_of_grid(), pixelsize)); });
  }
  val vox() {
    return guard([&] { return bytes(mj::encode_vox(live().grid(), colors_of_grid())); });
  }
  // The grid as a glTF 2.0 binary mesh (.glb), what game engines import.
  val glb() {
    return guard([&] { return bytes(mj::encode_glb(live().grid(), colors_of_grid())); });
  }
  void gif_frame(int pixelsize) {
    guard([&] {
      const mj::Image image = mj::render(live().grid(), colors_of_grid(), {pixelsize, 0});
      if (!gif_) gif_.emplace(kGifFile, image.width, image.height);
      gif_->add_frame(image);
    });
  }
  // The GIF of the frames since the last one, as bytes (a view of wasm memory, valid until the next call).
  val gif_finish() {
    return guard([&] {
      if (!gif_) throw mj::Error("", 0, "no GIF frames were recorded (gifFrame)");
      gif_->close();
      gif_.reset();
      std::ifstream in(kGifFile, std::ios::binary);
      std::vector<uint8_t> file{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      std::filesystem::remove(kGifFile);
      return bytes(std::move(file));
    });
  }

 private:
  std::optional<mj::Interpreter> interpreter_;
  std::optional<mj::RunSettings> settings_;  // with the palette: built-in, palette.xml, the entry's, the caller's
  std::vector<uint8_t> rgba_, bytes_, past_;
  static constexpr const char* kGifFile = "/tmp/mj.gif";  // in emscripten's file system, where GifWriter streams
  std::optional<mj::GifWriter> gif_;

  mj::Interpreter& live() {
    if (!interpreter_) throw mj::Error("", 0, "no model loaded");
    return *interpreter_;
  }
  val picture(const mj::GridView& grid, int pixelsize) {
    const mj::Image image = mj::render(grid, mj::legend_colors(grid.legend, settings_->palette), {pixelsize, 0});
    rgba_.resize(image.argb.size() * 4);
    for (size_t i = 0; i < image.argb.size(); i++) {
      const uint32_t c = image.argb[i];
      rgba_[4 * i] = uint8_t(c >> 16), rgba_[4 * i + 1] = uint8_t(c >> 8), rgba_[4 * i + 2] = uint8_t(c);
      rgba_[4 * i + 3] = uint8_t(c >> 24);
    }
    val picture = val::object();
    picture.set("width", image.width), picture.set("height", image.height);
    picture.set("rgba", val(emscripten::typed_memory_view(rgba_.size(), rgba_.data())));
    return picture;
  }
  std::vector<uint32_t> colors_of_grid() { return mj::legend_colors(live().grid().legend, settings_->palette); }
  // RunControl::max_steps for `count` more steps (<= 0: any number) within the model's limit.
  int step_limit(int count) const {
    const int limit = settings_->steps;
    const int more = int(std::min<long long>(INT_MAX, (long long)steps() + count));
    if (count <= 0) return limit;
    return limit > 0 ? std::min(limit, more) : more;
  }
  static bool same_node(const std::optional<mj::ActiveNode>& a, const std::optional<mj::ActiveNode>& b) {
    if (!a || !b) return !a && !b;
    return a->kind == b->kind && a->line == b->line && a->depth == b->depth;
  }
  val bytes(std::vector<uint8_t> file) {
    bytes_ = std::move(file);
    return val(emscripten::typed_memory_view(bytes_.size(), bytes_.data()));
  }
  bool at_limit() const { return settings_ && settings_->steps > 0 && steps() >= settings_->steps; }
};

}  // namespace

EMSCRIPTEN_BINDINGS(mj_session) {
  emscripten::class_<Session>("Session")
      .constructor<>()
      .function("load", &Session::load)
      .function("settings", &Session::settings)
      .function("advance", &Session::advance)
      .function("ended", &Session::ended)
      .function("nextNode", &Session::next_node)
      .function("start", &Session::start)
      .function("step", &Session::step)
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
      .function("png", &Session::png)
      .function("vox", &Session::vox)
      .function("glb", &Session::glb)
      .function("gifFrame", &Session::gif_frame)
      .function("gifFinish", &Session::gif_finish);
}
