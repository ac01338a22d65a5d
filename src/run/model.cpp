// mj::Model: a run's step limit, its pictures, files and names decided once for every face.
#include "mj/model.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>

#include "core/xml.hpp"
#include "io/formats/picture_cells.hpp"
#include "mj/animation.hpp"
#include "mj/files.hpp"
#include "mj/state_text.hpp"

namespace mj {

namespace {

Interpreter as_loaded(Interpreter&& interpreter) {
  interpreter.reset();
  return std::move(interpreter);
}

int pixelsize_or(std::optional<int> given, int decided) {
  if (!given) return decided;
  check_pixelsize(*given);
  return *given;
}

// The line of the first element whose `values` lists `symbol` (the root, or a map or wfc making a grid); 0 when
// none does.
int line_of_values(const XmlElement& e, char symbol) {
  if (auto values = e.text("values"); values && values->find(symbol) != std::string::npos) return e.line();
  for (const XmlElement& child : e.children())
    if (int line = line_of_values(child, symbol)) return line;
  return 0;
}

// Where the model lists `symbol`: its file (or the name its text was given) and the line.
int line_in_model(const RunSettings& s, char symbol) {
  try {
    auto document = s.xml ? XmlDocument::load_string(*s.xml, s.source) : XmlDocument::load_file(s.file);
    return line_of_values(document->root(), symbol);
  } catch (const Error&) {
    return 0;  // the model loaded before: a file changed since is no reason to hide the first error
  }
}

}  // namespace

Model::Model(const RunRequest& request) : Model(resolve_run(request)) {}

Model::Model(RunSettings settings) : settings_(std::move(settings)), interpreter_(settings_.load_model()) {
  read_constraint_files();
}

Model::Model(RunSettings settings, Model&& earlier)
    : settings_(std::move(settings)),
      interpreter_(same_program(settings_, earlier.settings_) ? as_loaded(std::move(earlier.interpreter_))
                                                              : settings_.load_model()) {
  read_constraint_files();
}

std::vector<uint8_t> Model::constraint_cells(const std::filesystem::path& file) const {
  const GridView shape = interpreter_.grid();
  return io::constraint_cells(file, {shape.mx, shape.my, shape.mz, shape.legend, nullptr, {}}, settings_.palette);
}

void Model::read_constraint_files() {
  if (!settings_.pins.empty()) set_pins(constraint_cells(settings_.pins));
  if (!settings_.goal.empty()) set_goal(constraint_cells(settings_.goal));
}

void Model::require_started(const char* what) const {
  if (!started_) throw argument_error(std::string(what) + " before a run is started (start or run)");
}

void Model::start(int seed, std::optional<int> steps) {
  if (steps) check_steps(*steps);
  interpreter_.set_backtrack(settings_.backtrack);
  interpreter_.start(seed);
  started_ = true;
  limit_ = steps ? *steps : settings_.steps;
  inputs_.clear();
}

void Model::send(const std::string& key) {
  require_started("send");
  interpreter_.send(key);
  inputs_.push_back({interpreter_.steps(), key});
}

RunEnd Model::replay(int seed, const std::vector<Input>& inputs, std::optional<int> steps) {
  for (size_t i = 1; i < inputs.size(); i++)
    if (inputs[i].step < inputs[i - 1].step)
      throw argument_error("replay's inputs must come in the order of their steps: input " + std::to_string(i) +
                           " (\"" + inputs[i].key + "\") is at step " + std::to_string(inputs[i].step) +
                           ", after one at step " + std::to_string(inputs[i - 1].step));
  start(seed, steps);
  size_t next = 0;
  for (;;) {
    while (next < inputs.size() && inputs[next].step <= interpreter_.steps()) send(inputs[next++].key);
    if (next == inputs.size()) return advance();  // the rest of the run goes on by itself
    if (interpreter_.finished()) return RunEnd::finished;
    if (limit_ > 0 && interpreter_.steps() >= limit_) return RunEnd::step_limit;
    interpreter_.step();
  }
}

RunEnd Model::run(int seed, std::optional<int> steps, RunControl control) {
  start(seed, steps);
  return advance(std::move(control));
}

RunEnd Model::advance(RunControl control, std::optional<int> steps) {
  require_started("advance");
  if (steps) check_steps(*steps), limit_ = *steps;
  // the caller's own max_steps (a page's steps per frame) stops it sooner, never past the run's limit
  if (control.max_steps <= 0 || (limit_ > 0 && control.max_steps > limit_)) control.max_steps = limit_;
  return interpreter_.advance(control);
}

int Model::step(int n) {
  require_started("step");
  if (n < 0) throw argument_error("the number of steps to make must be at least 0, got " + std::to_string(n));
  int done = 0;
  while (done < n && (limit_ <= 0 || interpreter_.steps() < limit_) && interpreter_.step()) done++;
  return done;
}

RunEnd Model::to_next_node(const RunControl& control) {
  require_started("to_next_node");
  const std::optional<ActiveNode> at = next_node();
  const int most = control.max_steps > 0 ? control.max_steps : INT_MAX;
  auto reported = std::chrono::steady_clock::now();
  while (interpreter_.steps() < most && step(1) == 1) {
    if (interpreter_.finished()) return RunEnd::finished;
    if (next_node() != at) return RunEnd::next_node;
    if (control.progress && std::chrono::steady_clock::now() - reported >= control.interval) {
      if (!control.progress(interpreter_)) return RunEnd::stopped;
      reported = std::chrono::steady_clock::now();
    }
  }
  return interpreter_.finished() ? RunEnd::finished : RunEnd::step_limit;
}

RunStatus Model::status() const {
  RunStatus s;
  s.started = started_;
  s.seed = interpreter_.seed();
  s.steps = interpreter_.steps();
  s.step_limit = limit_;
  s.ended = started_ && interpreter_.finished();
  s.at_step_limit = started_ && !s.ended && limit_ > 0 && s.steps >= limit_;
  s.node = interpreter_.active_node();
  s.search = interpreter_.search_progress();
  s.waiting = interpreter_.waiting();
  if (const History* h = interpreter_.history()) {
    s.recording = true;
    if (!h->empty()) s.history_first = h->first_step(), s.history_last = h->last_step();
  }
  return s;
}

std::vector<uint32_t> grid_colors(const RunSettings& settings, const std::string& legend) {
  try {
    return legend_colors(legend, settings.palette);
  } catch (const Error& e) {  // a symbol without a colour: said at the line of the model that lists it
    auto colourless = std::find_if(legend.begin(), legend.end(), [&](char c) { return !settings.palette.count(c); });
    if (!e.file().empty() || colourless == legend.end()) throw;
    throw Error(settings.source, line_in_model(settings, *colourless), e.message(), e.kind());
  }
}

RgbaImage draw_grid(const RunSettings& settings, const GridView& grid, std::optional<int> pixelsize) {
  const int size = pixelsize_or(pixelsize, settings.pixelsize);
  return to_rgba(render(grid, grid_colors(settings, grid.legend), {size}));
}

std::vector<uint8_t> grid_png(const RunSettings& settings, const GridView& grid, std::optional<int> pixelsize) {
  return encode_png(grid, grid_colors(settings, grid.legend), pixelsize_or(pixelsize, settings.pixelsize));
}

void save_grid(const RunSettings& settings, const std::filesystem::path& file, const GridAt& at,
               const SaveOptions& options) {
  const int pixelsize = pixelsize_or(options.pixelsize, settings.pixelsize);
  const GridFormat format = options.format ? *options.format : grid_format(file);
  // The state text names symbols; only pictures need their colours.
  if (format == GridFormat::state) return save_file(file, state_text(settings.name, at.grid, at.seed, at.steps));
  const std::vector<uint32_t> colors = grid_colors(settings, at.grid.legend);
  switch (format) {
    case GridFormat::state: break;
    case GridFormat::png: return save_png(file, at.grid, colors, pixelsize);
    case GridFormat::vox: return save_vox(file, at.grid, colors);
    case GridFormat::glb: return save_glb(file, at.grid, colors);
    case GridFormat::tiled: return void(save_tiled(file, at.grid, colors, pixelsize, at.tiles));
    case GridFormat::gif: break;
  }
  throw argument_error("a GIF is an animation of a run: save it from the Model that runs it");
}

std::vector<uint32_t> Model::colors() const { return grid_colors(settings_, interpreter_.grid().legend); }

RgbaImage Model::image(std::optional<int> pixelsize) const { return image(interpreter_.grid(), pixelsize); }

RgbaImage Model::image(const GridView& grid, std::optional<int> pixelsize) const {
  return draw_grid(settings_, grid, pixelsize);
}

void Model::save(const std::filesystem::path& file, const SaveOptions& options) {
  const GridFormat format = options.format ? *options.format : grid_format(file);
  if (format != GridFormat::gif) {
    const std::optional<TileLayer> tiles = interpreter_.tile_layer();  // a tile model's .tmj: its tiles
    const GridAt at{interpreter_.grid(), interpreter_.seed(), interpreter_.steps(), tiles ? &*tiles : nullptr};
    return save_grid(settings_, file, at, options);
  }
  // The run again, frame by frame, to where it stands now: the same seed gives the same run.
  require_started("saving a GIF");
  struct KeptLimit {  // the run goes on to its own limit afterwards, also when writing the GIF fails
    int& limit;
    const int kept = limit;
    ~KeptLimit() { limit = kept; }
  } kept{limit_};
  save_run(file, interpreter_.seed(), interpreter_.finished() ? limit_ : interpreter_.steps(), options);
}

AnimationOptions Model::animation_options(const SaveOptions& options) const {
  if (options.every < 1)
    throw argument_error("a GIF has a frame every 1 or more steps, got " + std::to_string(options.every));
  return {pixelsize_or(options.pixelsize, settings_.pixelsize), options.every, options.delay,
          [this](const std::string& legend) { return grid_colors(settings_, legend); }};
}

RunEnd Model::save_run(const std::filesystem::path& file, int seed, std::optional<int> steps,
                       const SaveOptions& options, RunControl control) {
  const AnimationOptions animation = animation_options(options);
  start(seed, steps);
  control.max_steps = limit_;
  return write_animation(interpreter_, seed, control, settings_.palette, animation, file);
}

void Model::save_record(const std::filesystem::path& file, std::optional<int> from, std::optional<int> to,
                        const SaveOptions& options) const {
  const History* record = interpreter_.history();
  if (!record) throw argument_error("the run is not recorded: turn recording on before the steps to save");
  const AnimationOptions animation = animation_options(options);
  write_animation(*record, from.value_or(record->first_step()), to.value_or(record->last_step()), settings_.palette,
                  animation, file);
}

std::filesystem::path Model::save_picture(const std::filesystem::path& folder) {
  make_folder(folder);
  const GridView grid = interpreter_.grid();
  const std::filesystem::path file = picture_file(folder / output_stem(), grid, settings_.iso);
  save_grid(settings_, file, {grid, interpreter_.seed(), interpreter_.steps()});
  return file;
}

std::string Model::output_stem() const { return mj::output_stem(settings_.name, interpreter_.seed()); }

std::string Model::state_text() const {
  return mj::state_text(settings_.name, interpreter_.grid(), interpreter_.seed(), interpreter_.steps());
}

std::string run_summary(const Model& model, const std::string& written, std::optional<long long> milliseconds) {
  const RunSettings& s = model.settings();
  std::string sized;
  if (s.size_from != "given") sized = fmt::format(" ({}x{}x{}, {})", s.load.mx, s.load.my, s.load.mz, s.size_from);
  const Interpreter& ip = model.interpreter();
  const std::string timed = milliseconds ? fmt::format(", {} ms", *milliseconds) : "";
  return fmt::format("{} seed {}{}: {} steps{}{}{}", s.name, ip.seed(), sized, ip.steps(), timed,
                     written.empty() ? "" : " -> ", written);
}

}  // namespace mj
