// mj for JavaScript: one loaded model as an embind class. No C++ exception crosses into JavaScript:
// every call records a failure (file, line, message) that the JS API (web/api.mjs) turns into an
// MjError, and leaves the session usable.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <optional>
#include <string>

#include "mj/error.hpp"
#include "mj/interpreter.hpp"
#include "mj/picture.hpp"
#include "mj/state_text.hpp"

namespace {

using emscripten::val;

struct Failure {
  std::string file, message;
  int line = 0;
};

class Session {
 public:
  // Loads XML text named `name`; resources are read from `resources` in emscripten's file system.
  bool load(const std::string& xml, const std::string& name, int mx, int my, int mz, const std::string& resources,
            double max_cells) {
    return guard([&] {
      interpreter_.reset();
      interpreter_.emplace(mj::Interpreter::from_string(xml, {mx, my, mz, resources, (long long)max_cells}, name));
    });
  }
  bool start(int seed) {
    seed_ = seed;
    return guard([&] { live().start(seed); });
  }
  // Up to `count` steps; the steps taken, or -1 on an error.
  int step(int count) {
    int taken = 0;
    return guard([&] {
      while (taken < count && live().step()) taken++;
    })
               ? taken
               : -1;
  }
  int run(int seed, int max_steps) {
    int steps = 0;
    seed_ = seed;
    return guard([&] { steps = live().run(seed, max_steps); }) ? steps : -1;
  }
  // The grid as `mj run --state` writes it (header with `name`, the run's seed and steps; legend; rows).
  std::string state_text(const std::string& name) {
    std::string text;
    guard([&] { text = mj::state_text(name, live().grid(), seed_, live().steps()); });
    return text;
  }
  int steps() const { return interpreter_ ? interpreter_->steps() : 0; }
  bool finished() const { return !interpreter_ || interpreter_->finished(); }

  // {mx, my, mz, legend, cells}: cells a view of wasm memory, valid until the next call.
  val grid() const {
    val g = val::object();
    if (!interpreter_) return val::null();
    const mj::GridView v = interpreter_->grid();
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
  val node_tree() const { return interpreter_ ? tree(interpreter_->node_tree()) : val::null(); }

  // The grid as RGBA pixels (2D squares, 3D isometric cubes): {width, height, rgba}, or null on an error.
  val render(int pixelsize) {
    val picture = val::null();
    guard([&] {
      const mj::GridView g = live().grid();
      const mj::Image image = mj::render(g, mj::legend_colors(g.legend, palette_), {pixelsize, 0});
      rgba_.resize(image.argb.size() * 4);
      for (size_t i = 0; i < image.argb.size(); i++) {
        const uint32_t c = image.argb[i];
        rgba_[4 * i] = uint8_t(c >> 16), rgba_[4 * i + 1] = uint8_t(c >> 8), rgba_[4 * i + 2] = uint8_t(c);
        rgba_[4 * i + 3] = uint8_t(c >> 24);
      }
      picture = val::object();
      picture.set("width", image.width), picture.set("height", image.height);
      picture.set("rgba", val(emscripten::typed_memory_view(rgba_.size(), rgba_.data())));
    });
    return picture;
  }
  // The colour of each value of the current grid, 0xRRGGBB (for views that draw the cells themselves).
  val colors() {
    val list = val::array();
    guard([&] {
      for (uint32_t c : mj::legend_colors(live().grid().legend, palette_)) list.call<void>("push", int(c & 0xFFFFFF));
    });
    return list;
  }

  // Files as mj writes them, into emscripten's file system (the page reads them back): the grid as
  // PNG (2D, or isometric 3D) or VOX, and an animated GIF recorded a frame at a time.
  bool save_png(const std::string& file, int pixelsize) {
    return guard([&] {
      const mj::GridView g = live().grid();
      mj::save_png(file, g, mj::legend_colors(g.legend, palette_), pixelsize);
    });
  }
  bool save_vox(const std::string& file) {
    return guard([&] {
      const mj::GridView g = live().grid();
      mj::save_vox(file, g, mj::legend_colors(g.legend, palette_));
    });
  }
  bool gif_frame(const std::string& file, int pixelsize) {
    return guard([&] {
      const mj::GridView g = live().grid();
      const mj::Image image = mj::render(g, mj::legend_colors(g.legend, palette_), {pixelsize, 0});
      if (!gif_ || gif_file_ != file) gif_.emplace(file, image.width, image.height), gif_file_ = file;
      gif_->add_frame(image);
    });
  }
  bool gif_finish() {
    return guard([&] {
      if (gif_) gif_->close();
      gif_.reset();
    });
  }

  // Colours: the built-in palette, then `file` (a palette.xml in the file system) if it exists, then
  // single symbols set here (0xRRGGBB).
  bool use_palette(const std::string& file) {
    return guard([&] { palette_ = mj::palette_with(file); });
  }
  void set_color(const std::string& symbol, int rgb) {
    if (symbol.size() == 1) palette_[symbol[0]] = 0xFF000000u | uint32_t(rgb);
  }

  val failure() const {
    if (!failure_) return val::null();
    val f = val::object();
    f.set("file", failure_->file), f.set("line", failure_->line), f.set("message", failure_->message);
    return f;
  }

 private:
  std::optional<mj::Interpreter> interpreter_;
  std::optional<Failure> failure_;
  mj::Palette palette_ = mj::default_palette();
  std::vector<uint8_t> rgba_;
  std::optional<mj::GifWriter> gif_;
  int seed_ = 0;
  std::string gif_file_;

  mj::Interpreter& live() {
    if (!interpreter_) throw mj::Error("", 0, "no model loaded");
    return *interpreter_;
  }

  template <class F>
  bool guard(F&& f) {
    failure_.reset();
    try {
      f();
      return true;
    } catch (const mj::Error& e) {
      failure_ = Failure{e.file(), e.message(), e.line()};
    } catch (const std::bad_alloc&) {
      failure_ = Failure{"", "out of memory", 0};
    } catch (const std::exception& e) {
      failure_ = Failure{"", e.what(), 0};
    }
    return false;
  }

  // A rule side as MJ writes it: a symbol per cell, '*' for a cell of several values (input) or left
  // as it is (output), rows separated by '/'.
  static std::string text(const std::vector<uint8_t>& cells, const std::string& legend, int mx, int my) {
    std::string out;
    for (size_t i = 0; i < cells.size(); i++) {
      if (i > 0 && i % size_t(mx * my) == 0) out += ' ';
      else if (i > 0 && i % size_t(mx) == 0) out += '/';
      out += cells[i] < legend.size() ? legend[cells[i]] : '*';
    }
    return out;
  }

  static val tree(const mj::NodeView& v) {
    val n = val::object();
    n.set("kind", v.kind), n.set("line", v.line), n.set("legend", v.legend);
    n.set("branch", v.branch), n.set("running", v.running), n.set("current", v.current);
    n.set("counter", v.counter), n.set("steps", v.steps);
    val children = val::array(), rules = val::array();
    for (const mj::NodeView& child : v.children) children.call<void>("push", tree(child));
    for (const mj::RuleView& rule : v.rules) {
      val r = val::object();
      r.set("original", rule.original), r.set("fired", rule.fired);
      const std::string& out_legend = v.output_legend.empty() ? v.legend : v.output_legend;
      r.set("input", text(rule.input, v.legend, rule.in_size.x, rule.in_size.y));
      r.set("output", text(rule.output, out_legend, rule.out_size.x, rule.out_size.y));
      rules.call<void>("push", r);
    }
    n.set("children", children), n.set("rules", rules);
    return n;
  }
};

}  // namespace

EMSCRIPTEN_BINDINGS(mj_session) {
  emscripten::class_<Session>("Session")
      .constructor<>()
      .function("load", &Session::load)
      .function("start", &Session::start)
      .function("step", &Session::step)
      .function("run", &Session::run)
      .function("steps", &Session::steps)
      .function("finished", &Session::finished)
      .function("grid", &Session::grid)
      .function("activeNode", &Session::active_node)
      .function("nodeTree", &Session::node_tree)
      .function("render", &Session::render)
      .function("colors", &Session::colors)
      .function("stateText", &Session::state_text)
      .function("savePng", &Session::save_png)
      .function("saveVox", &Session::save_vox)
      .function("gifFrame", &Session::gif_frame)
      .function("gifFinish", &Session::gif_finish)
      .function("usePalette", &Session::use_palette)
      .function("setColor", &Session::set_color)
      .function("failure", &Session::failure);
}
