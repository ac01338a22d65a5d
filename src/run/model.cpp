// mj::Model: a run's step limit, its pictures, files and names decided once for every face.
#include "mj/model.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>

#include "core/xml.hpp"
#include "io/formats/picture_cells.hpp"
#include "mj/files.hpp"
#include "mj/state_text.hpp"
#include "run/animation.hpp"
#include "run/unplayed_game.hpp"

namespace mj {

namespace {

std::unique_ptr<Interpreter> as_loaded(std::unique_ptr<Interpreter> interpreter) {
  interpreter->reset();
  return interpreter;
}

std::unique_ptr<Interpreter> loaded(const RunSettings& settings) {
  return std::make_unique<Interpreter>(load_model(settings));
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

void check_input_order(const std::vector<Input>& inputs) {
  for (size_t i = 1; i < inputs.size(); i++)
    if (inputs[i].step < inputs[i - 1].step)
      throw argument_error("replay's inputs must come in the order of their steps: input " + std::to_string(i) +
                           " (\"" + inputs[i].key + "\") is at step " + std::to_string(inputs[i].step) +
                           ", after one at step " + std::to_string(inputs[i - 1].step));
}

}  // namespace

Model::Model(const RunRequest& request) : Model(resolve_run(request)) {}

Model::Model(RunSettings settings) : settings_(std::move(settings)), interpreter_(loaded(settings_)) {
  read_constraint_files();
}

Model::Model(RunSettings settings, Model&& earlier)
    : settings_(std::move(settings)),
      interpreter_(same_program(settings_, earlier.settings_) ? as_loaded(std::move(earlier.interpreter_))
                                                              : loaded(settings_)) {
  read_constraint_files();
}

Model::Model(Model&&) noexcept = default;
Model& Model::operator=(Model&&) noexcept = default;
Model::~Model() = default;

const std::vector<Notice>& Model::notices() const { return interpreter_->notices(); }
std::vector<Notice> Model::run_notices() const {
  std::vector<Notice> notices = interpreter_->run_notices();
  if (std::optional<Notice> unplayed = unplayed_game_notice(*this)) notices.push_back(std::move(*unplayed));
  return notices;
}
void Model::set_initial_cells(std::vector<uint8_t> cells) { interpreter_->set_initial_cells(std::move(cells)); }
void Model::set_initial_picture(const std::filesystem::path& file) {
  interpreter_->set_initial_picture(file, settings_.palette);
}
std::optional<ActiveNode> Model::next_node() const { return interpreter_->active_node(); }
GridView Model::grid() const { return interpreter_->grid(); }
std::optional<TileLayer> Model::tile_layer() const { return interpreter_->tile_layer(); }
NodeView Model::node_tree() const { return interpreter_->node_tree(); }
Inspection Model::inspect(int line) const { return interpreter_->inspect(line); }
void Model::set_inspecting(bool inspecting) { interpreter_->set_inspecting(inspecting); }
std::optional<Breakpoint> Model::breakpoint_hit() const { return interpreter_->breakpoint_hit(); }
void Model::set_recording(bool on, size_t max_bytes) { interpreter_->set_recording(on, max_bytes); }
const History* Model::history() const { return interpreter_->history(); }
void Model::set_animated(bool animated) { interpreter_->set_animated(animated); }
bool Model::animated() const { return interpreter_->animated(); }

std::vector<uint8_t> Model::constraint_cells(const std::filesystem::path& file) const {
  const GridView shape = interpreter_->grid();
  return io::constraint_cells(file, {shape.mx, shape.my, shape.mz, shape.legend, nullptr, {}}, settings_.palette);
}

void Model::read_constraint_files() {
  if (!settings_.pins.empty()) set_pins(constraint_cells(settings_.pins));
  if (!settings_.goal.empty()) set_goal(constraint_cells(settings_.goal));
}
void Model::set_pins(std::vector<uint8_t> cells) { interpreter_->set_pins(std::move(cells)); }
void Model::set_goal(std::vector<uint8_t> cells) { interpreter_->set_goal(std::move(cells)); }

void Model::require_started(const char* what) const {
  if (!started_) throw argument_error(std::string(what) + " before a run is started (start or run)");
}

void Model::start(int seed, std::optional<int> steps) {
  if (steps) check_steps(*steps);
  begin(seed, steps ? *steps : settings_.steps);
}

void Model::begin(int seed, int limit) {
  interpreter_->set_backtrack(settings_.backtrack);
  interpreter_->start(seed);
  started_ = true;
  limit_ = limit;
  inputs_.clear();
}

void Model::send(const std::string& key) {
  require_started("send");
  interpreter_->send(key);
  inputs_.push_back({interpreter_->steps(), key});
}

void Model::back(int n) {
  require_started("back");
  if (n < 0) throw argument_error("the number of steps to go back must be at least 0, got " + std::to_string(n));
  const int target = std::max(0, interpreter_->steps() - n);
  std::vector<Input> before;  // inputs sent at the target step or later are dropped: they come after it
  for (const Input& input : inputs_)
    if (input.step < target) before.push_back(input);
  const int seed = interpreter_->seed();
  begin(seed, limit_);  // always anew: a run goes forward only
  go_to(seed, before, target, limit_);
}

void Model::replay_to(int seed, const std::vector<Input>& inputs, int step, std::optional<int> steps) {
  check_input_order(inputs);
  if (steps) check_steps(*steps);
  go_to(seed, inputs, step, steps ? *steps : settings_.steps);
}

void Model::go_to(int seed, const std::vector<Input>& inputs, int step, int limit) {
  // This Model's run is that run so far when its inputs begin those given: it goes on forward from there.
  const bool on_the_way = started_ && interpreter_->seed() == seed && limit_ == limit &&
                          interpreter_->steps() <= step && inputs_.size() <= inputs.size() &&
                          std::equal(inputs_.begin(), inputs_.end(), inputs.begin());
  if (!on_the_way) begin(seed, limit);
  for (size_t next = inputs_.size(); next < inputs.size() && inputs[next].step <= step; next++) {
    if (inputs[next].step > interpreter_->steps()) this->step(inputs[next].step - interpreter_->steps());
    send(inputs[next].key);
  }
  if (step > interpreter_->steps()) this->step(step - interpreter_->steps());
}

RunEnd Model::replay(int seed, const std::vector<Input>& inputs, std::optional<int> steps) {
  check_input_order(inputs);
  start(seed, steps);
  size_t next = 0;
  for (;;) {
    while (next < inputs.size() && inputs[next].step <= interpreter_->steps()) send(inputs[next++].key);
    if (next == inputs.size()) return advance();  // the rest of the run goes on by itself
    if (interpreter_->finished()) return RunEnd::finished;
    if (limit_ > 0 && interpreter_->steps() >= limit_) return RunEnd::step_limit;
    interpreter_->step();
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
  return interpreter_->advance(control);
}

int Model::step(int n) {
  require_started("step");
  if (n < 0) throw argument_error("the number of steps to make must be at least 0, got " + std::to_string(n));
  int done = 0;
  while (done < n && (limit_ <= 0 || interpreter_->steps() < limit_) && interpreter_->step()) done++;
  return done;
}

RunEnd Model::to_next_node(const RunControl& control) {
  require_started("to_next_node");
  const std::optional<ActiveNode> at = next_node();
  const int most = control.max_steps > 0 ? control.max_steps : INT_MAX;
  auto reported = std::chrono::steady_clock::now();
  while (interpreter_->steps() < most && step(1) == 1) {
    if (interpreter_->finished()) return RunEnd::finished;
    if (next_node() != at) return RunEnd::next_node;
    if (control.progress && std::chrono::steady_clock::now() - reported >= control.interval) {
      if (!control.progress()) return RunEnd::stopped;
      reported = std::chrono::steady_clock::now();
    }
  }
  return interpreter_->finished() ? RunEnd::finished : RunEnd::step_limit;
}

RunStatus Model::status() const {
  RunStatus s;
  s.started = started_;
  s.seed = interpreter_->seed();
  s.steps = interpreter_->steps();
  s.step_limit = limit_;
  s.ended = started_ && interpreter_->finished();
  s.finished = !started_ || s.ended;
  s.at_step_limit = started_ && !s.ended && limit_ > 0 && s.steps >= limit_;
  s.node = interpreter_->active_node();
  s.search = interpreter_->search_progress();
  s.waiting = interpreter_->waiting();
  if (const History* h = interpreter_->history()) {
    s.recording = true;
    if (!h->empty()) s.history_first = h->first_step(), s.history_last = h->last_step();
  }
  return s;
}

namespace {

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

// A grid written in its file's format with what names and maps it; .gif is a run's, not a grid's.
void save_grid(const RunSettings& settings, const std::filesystem::path& file, const GridView& grid, int seed,
               int steps, const TileLayer* tiles, const SaveOptions& options) {
  const int pixelsize = pixelsize_or(options.pixelsize, settings.pixelsize);
  const GridFormat format = options.format ? *options.format : grid_format(file);
  // The state text names symbols; only pictures need their colours.
  if (format == GridFormat::state) return save_file(file, mj::state_text(settings.name, grid, seed, steps));
  const std::vector<uint32_t> colors = grid_colors(settings, grid.legend);
  switch (format) {
    case GridFormat::state: break;
    case GridFormat::png: return save_png(file, grid, colors, pixelsize);
    case GridFormat::vox: return save_vox(file, grid, colors);
    case GridFormat::glb: return save_glb(file, grid, colors);
    case GridFormat::tiled: return void(save_tiled(file, grid, colors, pixelsize, tiles));
    case GridFormat::gif: break;
  }
  throw argument_error("a GIF is an animation of a run: save it from the Model that runs it");
}

}  // namespace

GridView Snapshot::grid() const { return GridView{mx, my, mz, legend, cells.data(), {}}; }

std::vector<uint32_t> Snapshot::colors() const { return grid_colors(settings, legend); }

RgbaImage Snapshot::image(std::optional<int> pixelsize) const { return draw_grid(settings, grid(), pixelsize); }

std::vector<uint8_t> Snapshot::png(std::optional<int> pixelsize) const {
  return encode_png(grid(), colors(), pixelsize_or(pixelsize, settings.pixelsize));
}

void Snapshot::save(const std::filesystem::path& file, const SaveOptions& options) const {
  save_grid(settings, file, grid(), seed, step, tiles ? &*tiles : nullptr, options);
}

std::string Snapshot::state_text() const { return mj::state_text(settings.name, grid(), seed, step); }

Snapshot Model::snapshot() const {
  const GridView g = interpreter_->grid();
  return Snapshot{std::vector<uint8_t>(g.cells, g.cells + g.size()),
                  g.mx,
                  g.my,
                  g.mz,
                  g.legend,
                  interpreter_->seed(),
                  interpreter_->steps(),
                  interpreter_->tile_layer(),
                  settings_};
}

std::vector<uint32_t> Model::colors() const { return grid_colors(settings_, interpreter_->grid().legend); }

RgbaImage Model::image(std::optional<int> pixelsize) const {
  return draw_grid(settings_, interpreter_->grid(), pixelsize);
}

const History& Model::record() const {
  const History* record = interpreter_->history();
  if (!record) throw argument_error("the run is not recorded: turn recording on before the steps to save");
  return *record;
}

RgbaImage Model::image_at(int step, std::optional<int> pixelsize) const {
  return draw_grid(settings_, record().grid_at(step), pixelsize);
}

void Model::save(const std::filesystem::path& file, const SaveOptions& options) {
  const GridFormat format = options.format ? *options.format : grid_format(file);
  if (format != GridFormat::gif) {
    const std::optional<TileLayer> tiles = interpreter_->tile_layer();  // a tile model's .tmj: its tiles
    return save_grid(settings_, file, interpreter_->grid(), interpreter_->seed(), interpreter_->steps(),
                     tiles ? &*tiles : nullptr, options);
  }
  // The run again, frame by frame, to where it stands now: the same seed gives the same run.
  require_started("saving a GIF");
  struct KeptLimit {  // the run goes on to its own limit afterwards, also when writing the GIF fails
    int& limit;
    const int kept = limit;
    ~KeptLimit() { limit = kept; }
  } kept{limit_};
  save_run(file, interpreter_->seed(), interpreter_->finished() ? limit_ : interpreter_->steps(), options);
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
  return write_animation(*interpreter_, seed, control, settings_.palette, animation, file);
}

void Model::save_record(const std::filesystem::path& file, std::optional<int> from, std::optional<int> to,
                        const SaveOptions& options) const {
  const History& recorded = record();
  const AnimationOptions animation = animation_options(options);
  write_animation(recorded, from.value_or(recorded.first_step()), to.value_or(recorded.last_step()), settings_.palette,
                  animation, file);
}

std::filesystem::path Model::save_picture(const std::filesystem::path& folder, const std::string& name) {
  make_folder(folder);
  return save_picture_as(folder / (name.empty() ? output_stem() : mj::output_stem(name, interpreter_->seed())));
}

std::filesystem::path Model::save_picture_as(const std::filesystem::path& stem) {
  const GridView grid = interpreter_->grid();
  const std::filesystem::path file = picture_file(stem, grid, settings_.iso);
  if (settings_.gui > 0 && grid_format(file) == GridFormat::png) {  // the node tree in a margin, as the reference's GUI
    Image picture = render(grid, colors(), {settings_.pixelsize, settings_.gui});
    draw_sidebar(picture, settings_.name, node_tree(), settings_.palette, settings_.load.resources);
    save_png(file, picture);
  } else {
    save_grid(settings_, file, grid, interpreter_->seed(), interpreter_->steps(), nullptr, {});
  }
  return file;
}

std::string Model::output_stem() const { return mj::output_stem(settings_.name, interpreter_->seed()); }

std::string Model::state_text() const {
  return mj::state_text(settings_.name, interpreter_->grid(), interpreter_->seed(), interpreter_->steps());
}

std::string run_summary(const Model& model, const std::string& written, std::optional<long long> milliseconds) {
  const RunSettings& s = model.settings();
  std::string sized;
  if (s.size_from != "given") sized = fmt::format(" ({}x{}x{}, {})", s.load.mx, s.load.my, s.load.mz, s.size_from);
  const RunStatus status = model.status();
  const std::string timed = milliseconds ? fmt::format(", {} ms", *milliseconds) : "";
  return fmt::format("{} seed {}{}: {} steps{}{}{}", s.name, status.seed, sized, status.steps, timed,
                     written.empty() ? "" : " -> ", written);
}

}  // namespace mj
