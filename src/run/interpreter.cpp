#include "run/interpreter.hpp"

#include <algorithm>

#include "core/xml.hpp"
#include "debugger/breakpoint_hits.hpp"
#include "debugger/node_inspection.hpp"
#include "debugger/recording.hpp"
#include "io/formats/picture_cells.hpp"
#include "nodes/inference/search.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/notices.hpp"
#include "nodes/pins.hpp"
#include "nodes/registry.hpp"
#include "nodes/wfc/wfc_node.hpp"

namespace mj {

// The node tree, built once at load and kept between runs: each start resets it (Node::reset and
// restart) and clears its grids, so that no state leaks between seeds (tests/runs_in_turn_test.cpp).
struct Program {
  std::vector<std::unique_ptr<Grid>> grids;  // grids[0] is the start grid; map and wfc add theirs
  std::unique_ptr<Branch> root;
  bool origin = false;
};

struct Interpreter::Impl {
  std::unique_ptr<XmlDocument> doc;
  LoadOptions options;
  std::shared_ptr<Program> program;  // shared with GridViews that outlive the run (GridView::owner)
  std::unique_ptr<Run> run;
  ChangeLog spare_changes;  // the last run's change list, kept for the next after reset()
  bool animated = false;
  bool inspecting = false;
  bool backtrack = false;
  std::vector<uint8_t> initial;             // cells to start from, empty for the empty grid
  std::vector<uint8_t> pins, goal;          // set_pins, set_goal: empty for none
  std::vector<uint8_t> run_pins, run_goal;  // the current run's, which Run::pins and goal point into
  bool program_unused = false;              // `program` is freshly built and no run has touched it
  int seed = 0;                             // the current run's
  std::function<int(int)> chooser;          // mj explore's choices, or empty
  std::unique_ptr<Recording> recording;     // time travel, when on
  std::optional<Breakpoint> hit;            // where the latest advance paused
  std::vector<Notice> notices;              // the settings' notices, then the model's own
  size_t settings_notices = 0;              // how many of `notices` are the settings'

  Program build() const;
  void renew_program();
  static Interpreter load(std::unique_ptr<XmlDocument> doc, const LoadOptions& options);
  void start(int seed);
  void hold_pins(Grid& start);
  bool step();
  bool plain_step();                 // a step of a run under way
  bool resumed_step();               // the step whose search was stopped, taken again
  bool resume_step();                // the same, recorded or not
  bool recorded_step(bool resumed);  // a step with time travel on
  void count_step();
  template <bool kRecorded>
  RunEnd loop(int max_steps);
  RunEnd run_to(int max_steps);
};

namespace {

// A run keeps every change it made (nodes rescan from where they last looked), 4 bytes each:
// a runaway model stops with an error at 2 GiB instead of exhausting memory.
constexpr size_t kMaxChanges = size_t(1) << 29;
// Changes reserved up front, as address space: pages are faulted in only as they fill, where
// growth by doubling would copy, and so fault in, every page about twice over.
constexpr size_t kReservedChanges = size_t(1) << 22;

// Errors raised while running know their line but not the file: add it.
template <class F>
auto adding_file(const XmlDocument& doc, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const Error& e) {
    if (!e.file().empty()) throw;
    throw Error(doc.file(), e.line(), e.message());
  }
}

}  // namespace

Program Interpreter::Impl::build() const {
  XmlElement root = doc->root();
  Program p;
  p.origin = root.boolean("origin", false);
  long long max_cells = options.max_cells > 0 ? options.max_cells : kMaxCells;
  p.grids.push_back(Grid::load(root, options.mx, options.my, options.mz, max_cells));
  Grid& grid = *p.grids[0];
  // origin writes value 1 into the centre cell
  if (p.origin && grid.values < 2) root.fail("origin=\"True\" needs at least two values");
  LoadContext context{options.resources, &grid, &p.grids, 0, max_cells, dialect_of(root), std::string(root.name())};
  context.misspelt_opt_in = misspelt_opt_in(root);
  bool d2 = grid.mz == 1;
  NodePtr top = load_node(root, element_symmetry(root, d2, full_symmetry(d2)), grid, context);
  if (top->as_branch()) p.root.reset(static_cast<Branch*>(top.release()));
  else p.root = MarkovNode::wrap(std::move(top), grid);
  return p;
}

// The program as loaded, for the next run: its grids cleared (its nodes are reset by start), or built
// anew while a GridView a caller keeps holds its grids (their cells stay those of the run they show).
void Interpreter::Impl::renew_program() {
  if (program.use_count() > 1) {
    program = std::make_shared<Program>(build());
    return;
  }
  for (auto& g : program->grids) g->clear();
}

// The run's pins: the start grid's from the start (the run starts with them), or a wfc's grid's, which
// the wfc takes when it begins (Run::wfc_pins).
void Interpreter::Impl::hold_pins(Grid& start) {
  if (&mj::pinned_grid(*program->root, start) != &start) {
    run->wfc_pins = run_pins.data();
    return;
  }
  run->pins = run_pins.data();
  for (size_t i = 0; i < run_pins.size(); i++)
    if (run_pins[i] != kFreeCell) start.state[i] = run_pins[i];
}

void Interpreter::Impl::start(int run_seed) {
  seed = run_seed;
  if (!program_unused) renew_program();
  program_unused = false;
  Grid& grid = *program->grids[0];
  auto fresh = std::make_unique<Run>(run_seed, &grid);
  // The change list of the last run is kept (unless a long run grew it): freed and mapped anew at every
  // start, it made threads that run models side by side wait on each other's page-table updates.
  ChangeLog& kept = run ? run->changes : spare_changes;
  if (kept.capacity() <= 2 * kReservedChanges) {
    fresh->changes = std::move(kept);
    fresh->changes.clear();
  }
  run = std::move(fresh);
  run->animated = animated;
  run->inspecting = inspecting;
  run->backtrack = backtrack;
  run->chooser = chooser ? &chooser : nullptr;
  if (!initial.empty()) grid.state = initial;
  else if (program->origin) grid.state[size_t(grid.index(grid.mx / 2, grid.my / 2, grid.mz / 2))] = 1;
  run_pins = pins, run_goal = goal;
  if (!run_pins.empty()) hold_pins(grid);
  if (!run_goal.empty()) run->goal = run_goal.data();
  run->changes.reserve(kReservedChanges);
  run->changes.rewrite_all();
  program->root->reset();
  program->root->restart();
  run->current = program->root.get();
  if (recording) recording->begin(*run);
}

// Kept out of step(), so that step() stays small enough to be inlined into the run loops.
[[noreturn, gnu::noinline, gnu::cold]] void fail_endless(const XmlDocument& doc, int steps) {
  doc.root().fail("the run changed more than 2^29 cells in total after " + std::to_string(steps) +
                      " steps; give a step limit ({setting}) or a smaller grid",
                  Setting::steps);
}

bool Interpreter::Impl::step() {
  if (!run || !run->current) return false;
  return recording ? recorded_step(false) : plain_step();
}

bool Interpreter::Impl::plain_step() {
  run->current->go(*run);
  count_step();
  return true;
}

void Interpreter::Impl::count_step() {
  if (run->changes.size() > kMaxChanges) fail_endless(*doc, run->counter + 1);
  run->counter++;
  run->step_start = int(run->changes.size());
}

// The step whose search or collapse a progress callback stopped (run->paused), taken again: its branch goes on
// at the node that searches, as Branch::go does, where a markov's own go would begin again with its
// first child, which already looked at the grid in this step. Kept apart so that step() asks nothing.
bool Interpreter::Impl::resume_step() {
  if (!run->current) return false;
  return recording ? recorded_step(true) : resumed_step();
}

bool Interpreter::Impl::resumed_step() {
  run->paused = false;
  // A branch that paused before running any child (a wfc at the root, looking for its collapse) goes
  // on in its own go; any other in Branch::go.
  Branch& branch = *run->current;
  branch.running < 0 ? branch.go(*run) : branch.Branch::go(*run);
  count_step();
  return true;
}

// A step with time travel on: the step, then what it wrote into the record.
[[gnu::noinline]] bool Interpreter::Impl::recorded_step(bool resumed) {
  const Branch* before = run->current;
  const int running = before->running;
  resumed ? resumed_step() : plain_step();
  recording->after_step(*run, worker_of_step(before, running, run->current));
  return true;
}

// The loop of a run without callbacks, the hot path of batches: the step is inlined here, and whether
// it is recorded is asked once, not at every step.
template <bool kRecorded>
RunEnd Interpreter::Impl::loop(int max_steps) {
  while (max_steps <= 0 || run->counter < max_steps) {
    if (!run->current) return RunEnd::finished;
    kRecorded ? recorded_step(false) : plain_step();
  }
  return run->current ? RunEnd::step_limit : RunEnd::finished;
}

RunEnd Interpreter::Impl::run_to(int max_steps) {
  if (!run) return RunEnd::finished;
  if (run->paused && (max_steps <= 0 || run->counter < max_steps)) resume_step();
  return recording ? loop<true>(max_steps) : loop<false>(max_steps);
}

Interpreter::Interpreter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Interpreter::Interpreter(Interpreter&&) noexcept = default;
Interpreter& Interpreter::operator=(Interpreter&&) noexcept = default;
Interpreter::~Interpreter() = default;

Interpreter Interpreter::Impl::load(std::unique_ptr<XmlDocument> doc, const LoadOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->doc = std::move(doc);
  impl->options = options;
  if (impl->options.resources.empty()) impl->options.resources = "resources";
  impl->program = std::make_shared<Program>(impl->build());  // load once now, so that every error surfaces here
  impl->notices = notices_of(impl->doc->root());
  impl->program_unused = true;
  return Interpreter(std::move(impl));
}

Interpreter Interpreter::from_file(const std::filesystem::path& model, const LoadOptions& options) {
  return Impl::load(XmlDocument::load_file(model), options);
}

Interpreter Interpreter::from_string(const std::string& xml, const LoadOptions& options, const std::string& name) {
  return Impl::load(XmlDocument::load_string(xml, name), options);
}

const std::vector<Notice>& Interpreter::notices() const { return impl_->notices; }

void Interpreter::set_settings_notices(const std::vector<Notice>& notices) {
  std::vector<Notice>& all = impl_->notices;
  all.erase(all.begin(), all.begin() + std::ptrdiff_t(impl_->settings_notices));
  all.insert(all.begin(), notices.begin(), notices.end());
  impl_->settings_notices = notices.size();
}

std::vector<Notice> Interpreter::run_notices() const {
  if (!impl_->run) return {};
  std::vector<Notice> notices = impl_->run->notices;
  if (!impl_->run->current && !impl_->run_goal.empty())
    if (std::optional<std::string> missed = missed_goal(impl_->run_goal, *impl_->program->grids[0]))
      notices.push_back(Notice{"", impl_->doc->root().line(), *missed});
  for (Notice& notice : notices) notice.file = impl_->doc->file();
  return notices;
}

void Interpreter::set_backtrack(bool backtrack) { impl_->backtrack = backtrack; }

void Interpreter::start(int seed) {
  adding_file(*impl_->doc, [&] { impl_->start(seed); });
}

void Interpreter::reset() {
  Impl& i = *impl_;
  if (i.run) i.spare_changes = std::move(i.run->changes);
  i.run.reset();
  if (!i.program_unused) i.renew_program();
  i.program_unused = true;
  i.seed = 0;
  i.animated = i.inspecting = i.backtrack = false;
  i.initial.clear();
  i.pins.clear(), i.goal.clear();
  i.chooser = {};
  i.recording.reset();
  i.hit.reset();
}

bool Interpreter::step() {
  return adding_file(*impl_->doc,
                     [&] { return impl_->run && impl_->run->paused ? impl_->resume_step() : impl_->step(); });
}

int Interpreter::run(int seed, int max_steps) {
  RunControl control;
  control.max_steps = max_steps;
  run(seed, control);
  return steps();
}

RunEnd Interpreter::run(int seed, const RunControl& control) {
  start(seed);
  return advance(control);
}

namespace {

// The run loop of every face. Without callbacks it is the plain loop of run(seed, max_steps). With a
// progress callback the clock is read every `stride_` steps, a stride that follows the model's speed:
// about a millisecond of steps between two reads, so fast models read it rarely (a step can take 50 ns)
// and slow ones at every step (so that a Ctrl-C or a Pause is seen within the interval). Set from the
// last stride's own pace, it follows a run whose steps slow down at once (doubling and halving it took
// seconds to come back from 1024 steps of a fast start, and the playground showed no frame meanwhile).
class RunLoop {
 public:
  // `watch` and `run`: the breakpoints' watch of the run, or null when there are none.
  RunLoop(Interpreter& ip, const RunControl& c, BreakpointWatch* watch, const Run* run, std::optional<Breakpoint>& hit)
      : ip_(ip), c_(c), watch_(watch), run_(run), hit_(hit) {
    last_ = next_ = Clock::now(), next_ += c.interval;
  }

  RunEnd go() {
    try {
      for (;;) {
        if (ip_.finished()) return end(RunEnd::finished);
        if (c_.max_steps > 0 && ip_.steps() >= c_.max_steps) return end(RunEnd::step_limit);
        if (c_.until_waiting && ip_.waiting()) return end(RunEnd::stopped);
        if (c_.frame && ip_.steps() % std::max(1, c_.every) == 0) c_.frame();
        if (watch_) watch_->before_step(*run_);
        ip_.step();
        if (watch_ && (hit_ = watch_->after_step(*run_))) return end(RunEnd::breakpoint);
        if (c_.progress && due() && !c_.progress()) return end(RunEnd::stopped);
      }
    } catch (const StepPaused&) {  // keep_searching() said to stop: the step is not taken
      return end(RunEnd::stopped);
    }
  }

  // Asked by a long search inside a step: the progress callback, once its interval has passed.
  bool keep_searching() {
    const Clock::time_point now = Clock::now();
    if (now < next_) return true;
    next_ = now + c_.interval;
    return c_.progress();
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr int kMaxStride = 1024;
  static constexpr double kStrideMicros = 1000;  // the steps between two reads of the clock, in time
  Interpreter& ip_;
  const RunControl& c_;
  BreakpointWatch* watch_;
  const Run* run_;
  std::optional<Breakpoint>& hit_;
  Clock::time_point last_, next_;
  int stride_ = 1, unchecked_ = 0;

  bool due() {
    if (++unchecked_ < stride_) return false;
    const Clock::time_point now = Clock::now();
    const double per_step = std::chrono::duration<double, std::micro>(now - last_).count() / unchecked_;
    unchecked_ = 0;
    last_ = now;
    // Down at once to the pace's stride, up by doubling (a progress callback of a short run is still called
    // a few times on the way).
    const int paced = per_step * kMaxStride <= kStrideMicros ? kMaxStride : std::max(1, int(kStrideMicros / per_step));
    stride_ = std::min(stride_ * 2, paced);
    if (now < next_) return false;
    next_ = now + c_.interval;
    return true;
  }
  RunEnd end(RunEnd how) {
    if (c_.frame) c_.frame();
    return how;
  }
};

}  // namespace

RunEnd Interpreter::advance(const RunControl& control) {
  impl_->hit.reset();
  const bool watching = !control.breakpoints.empty() && impl_->run;
  if (!control.progress && !control.frame && !watching && !control.until_waiting)  // the hot loop, the file added once
    return adding_file(*impl_->doc, [&] { return impl_->run_to(control.max_steps); });
  std::optional<BreakpointWatch> watch;
  if (watching) watch.emplace(control.breakpoints, *impl_->program->root, *impl_->doc);
  RunLoop loop(*this, control, watch ? &*watch : nullptr, impl_->run.get(), impl_->hit);
  if (!control.progress || !impl_->run) return loop.go();
  const std::function<bool()> keep_searching = [&] { return loop.keep_searching(); };
  impl_->run->keep_searching = &keep_searching;
  struct Unset {
    Run& run;
    ~Unset() { run.keep_searching = nullptr; }
  } unset{*impl_->run};
  return loop.go();
}

std::optional<SearchProgress> Interpreter::search_progress() const {
  if (!impl_->run || !impl_->run->searching) return std::nullopt;
  return impl_->run->search;
}

std::optional<Breakpoint> Interpreter::breakpoint_hit() const { return impl_->hit; }

void Interpreter::set_recording(bool on, size_t max_bytes) {
  if (!on) return impl_->recording.reset();
  impl_->recording = std::make_unique<Recording>(max_bytes);
  if (impl_->run) impl_->recording->begin(*impl_->run);
}

const History* Interpreter::history() const { return impl_->recording ? &impl_->recording->history : nullptr; }

const Branch& Interpreter::program_root() const { return *impl_->program->root; }
const Grid& Interpreter::program_grid() const { return *impl_->program->grids[0]; }

void Interpreter::set_initial_cells(std::vector<uint8_t> cells) {
  const Grid& grid = *impl_->program->grids[0];
  if (!cells.empty() && cells.size() != size_t(grid.size()))
    throw Error(
        impl_->doc->file(), 0,
        "initial grid has " + std::to_string(cells.size()) + " cells, the model's grid " + std::to_string(grid.size()));
  for (uint8_t v : cells)
    if (v >= grid.values)
      throw Error(
          impl_->doc->file(), 0,
          "initial grid has value " + std::to_string(v) + ", the model has " + std::to_string(grid.values) + " values");
  impl_->initial = std::move(cells);
}

void Interpreter::set_initial_picture(const std::filesystem::path& file, const std::map<char, uint32_t>& colors) {
  const Grid& grid = *impl_->program->grids[0];
  set_initial_cells(io::cells_of_picture(file, {grid.mx, grid.my, grid.mz, grid.characters, nullptr, {}}, colors));
}

GridShape Interpreter::pinned_grid() const {
  const Grid& g = mj::pinned_grid(*impl_->program->root, *impl_->program->grids[0]);
  return GridShape{g.mx, g.my, g.mz, g.characters};
}

void Interpreter::set_pins(std::vector<uint8_t> cells) {
  const Grid& pinned = mj::pinned_grid(*impl_->program->root, *impl_->program->grids[0]);
  if (!cells.empty()) check_constraint_cells(cells, pinned, *impl_->program->root, "pins", impl_->doc->file());
  check_pins_meet_goal(cells, impl_->goal, pinned, impl_->doc->file());
  impl_->pins = std::move(cells);
}

void Interpreter::set_goal(std::vector<uint8_t> cells) {
  if (!cells.empty()) {
    const Grid& pinned = mj::pinned_grid(*impl_->program->root, *impl_->program->grids[0]);
    check_constraint_cells(cells, pinned, *impl_->program->root, "goal", impl_->doc->file());
    check_goal_reachable(*impl_->program->root, impl_->doc->file());
    check_pins_meet_goal(impl_->pins, cells, pinned, impl_->doc->file());
  }
  impl_->goal = std::move(cells);
}

std::optional<ActiveNode> Interpreter::active_node() const {
  if (!impl_->run || !impl_->run->current) return std::nullopt;
  const Branch* branch = impl_->run->current;
  int depth = 0;
  for (const Branch* b = branch->parent; b; b = b->parent) depth++;
  const Node* node = active_in(*branch);
  return ActiveNode{std::string(node->kind), node->line, depth};
}

void Interpreter::send(const std::string& input) {
  if (!impl_->run) throw argument_error("send before a run is started (start or run)");
  impl_->run->inputs.push_back(input);
}

bool Interpreter::waiting() const { return impl_->run && is_waiting(*impl_->run); }

bool Interpreter::finished() const { return !impl_->run || !impl_->run->current; }
int Interpreter::steps() const { return impl_->run ? impl_->run->counter : 0; }
int Interpreter::seed() const { return impl_->seed; }
// The current run too: a paused run switched on shows wfc's decided cells from its next step on.
void Interpreter::set_animated(bool animated) {
  impl_->animated = animated;
  if (impl_->run) impl_->run->animated = animated;
}
bool Interpreter::animated() const { return impl_->animated; }
void Interpreter::set_chooser(std::function<int(int)> choose) {
  impl_->chooser = std::move(choose);
  if (impl_->run) impl_->run->chooser = impl_->chooser ? &impl_->chooser : nullptr;
}

NodeView Interpreter::node_tree() const {
  return view_of_tree(*impl_->program->root, impl_->run ? impl_->run->current : nullptr);
}

std::optional<TileLayer> Interpreter::tile_layer() const {
  if (!impl_->run) return std::nullopt;
  return wfc::find_tile_layer(*impl_->program->root, *impl_->run->grid);
}

Inspection Interpreter::inspect(int line) const {
  const Run* r = impl_->run.get();
  return inspect_node(*impl_->program->root, r ? r->current : nullptr, line, impl_->doc->file());
}

void Interpreter::set_inspecting(bool inspecting) {
  impl_->inspecting = inspecting;
  if (impl_->run) impl_->run->inspecting = inspecting;
}

GridView Interpreter::grid() const {
  const Program& p = *impl_->program;
  const Grid* g = impl_->run ? impl_->run->grid : p.grids.empty() ? nullptr : p.grids[0].get();
  if (!g) return {};
  return GridView{g->mx,         g->my,           g->mz,
                  g->characters, g->state.data(), std::shared_ptr<const void>(impl_->program, g->state.data())};
}

}  // namespace mj
