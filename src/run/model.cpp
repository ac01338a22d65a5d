// mj::Model, the engine: a run's step limit and its inputs decided once for every face.
#include "mj/model.hpp"

#include <string>

#include "io/formats/picture_cells.hpp"
#include "mj/outputs.hpp"
#include "run/input_order.hpp"
#include "run/interpreter.hpp"
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

}  // namespace

void check_input_order(const std::vector<Input>& inputs) {
  for (size_t i = 1; i < inputs.size(); i++)
    if (inputs[i].step < inputs[i - 1].step)
      throw argument_error("replay's inputs must come in the order of their steps: input " + std::to_string(i) +
                           " (\"" + inputs[i].key + "\") is at step " + std::to_string(inputs[i].step) +
                           ", after one at step " + std::to_string(inputs[i - 1].step));
}

Model::Model(const RunRequest& request) : Model(resolve_run(request)) {}

Model::Model(RunSettings settings) : settings_(std::move(settings)), interpreter_(loaded(settings_)) {
  interpreter_->set_settings_notices(settings_.notices);
  read_constraint_files();
}

Model::Model(RunSettings settings, Model&& earlier)
    : settings_(std::move(settings)),
      interpreter_(same_program(settings_, earlier.settings_) ? as_loaded(std::move(earlier.interpreter_))
                                                              : loaded(settings_)) {
  interpreter_->set_settings_notices(settings_.notices);
  read_constraint_files();
}

Model::Model(Model&&) noexcept = default;
Model& Model::operator=(Model&&) noexcept = default;
Model::~Model() = default;

const std::vector<Notice>& Model::notices() const { return interpreter_->notices(); }
std::vector<Notice> Model::run_notices() const {
  std::vector<Notice> notices = interpreter_->run_notices();
  if (!event_line_ && status().at_step_limit) event_line_ = first_event_line(interpreter_->node_tree());
  if (std::optional<Notice> unplayed = unplayed_game_notice(*this, event_line_.value_or(0)))
    notices.push_back(std::move(*unplayed));
  return notices;
}
void Model::set_initial_cells(std::vector<uint8_t> cells) { interpreter_->set_initial_cells(std::move(cells)); }
GridView Model::grid() const { return interpreter_->grid(); }

GridShape Model::pinned_grid() const { return interpreter_->pinned_grid(); }

void Model::read_constraint_files() {
  const GridShape shape = pinned_grid();
  if (!settings_.pins.empty()) set_pins(io::constraint_cells(settings_.pins, shape, settings_.palette));
  if (!settings_.goal.empty()) set_goal(io::constraint_cells(settings_.goal, shape, settings_.palette));
}
void Model::set_pins(std::vector<uint8_t> cells) { interpreter_->set_pins(std::move(cells)); }
void Model::set_goal(std::vector<uint8_t> cells) { interpreter_->set_goal(std::move(cells)); }

void Model::require_started(const char* what) const {
  if (!started_) throw argument_error(std::string(what) + " before a run is started (start or run)");
}

void Model::start(std::optional<int> seed, std::optional<int> steps) {
  if (steps) check_steps(*steps);
  begin(seed.value_or(settings_.seed), steps ? *steps : settings_.steps);
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

RunEnd Model::run(std::optional<int> seed, std::optional<int> steps, RunControl control) {
  start(seed, steps);
  return advance(std::move(control));
}

RunEnd Model::advance(RunControl control, std::optional<int> steps) {
  require_started("advance");
  if (steps) check_steps(*steps), limit_ = *steps;
  // the caller's own max_steps (a page's steps per frame) stops it sooner, never past the run's limit
  if (control.max_steps <= 0 || (limit_ > 0 && control.max_steps > limit_)) control.max_steps = limit_;
  if (!control.animated || interpreter_->animated()) return interpreter_->advance(control);
  struct Unanimated {  // animated for this advance only, also when it throws
    Interpreter& interpreter;
    ~Unanimated() { interpreter.set_animated(false); }
  } unanimated{*interpreter_};
  interpreter_->set_animated(true);
  return interpreter_->advance(control);
}

int Model::step(int n) {
  require_started("step");
  if (n < 0) throw argument_error("the number of steps to make must be at least 0, got " + std::to_string(n));
  int done = 0;
  while (done < n && (limit_ <= 0 || interpreter_->steps() < limit_) && interpreter_->step()) done++;
  return done;
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

Snapshot Model::snapshot() const {
  const GridView g = interpreter_->grid();
  std::optional<NodeView> tree;
  if (settings_.gui > 0) tree = interpreter_->node_tree();  // what the sidebar draws
  return Snapshot{std::vector<uint8_t>(g.cells, g.cells + g.size()),
                  g.mx,
                  g.my,
                  g.mz,
                  g.legend,
                  interpreter_->seed(),
                  interpreter_->steps(),
                  interpreter_->tile_layer(),
                  settings_,
                  std::move(tree)};
}

}  // namespace mj
