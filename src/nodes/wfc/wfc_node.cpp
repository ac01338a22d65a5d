#include "nodes/wfc/wfc_node.hpp"

#include "mj/inspect.hpp"
#include "nodes/dialect.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/wfc/helper.hpp"

namespace mj::wfc {

namespace {

// The two waves (current and start) take a byte and a support count per direction for every cell and
// pattern (counts of up to 4 bytes, rows of one spare count more padded to Wave::kRowBlock), the
// propagation stack 8 bytes: refused above 4 GiB rather than swapping.
void check_memory(const XmlElement& element, long long cells, long long patterns, int directions) {
  const double row_bytes = double(((patterns + 1) * 4 + Wave::kRowBlock - 1) / Wave::kRowBlock * Wave::kRowBlock);
  double bytes = double(cells) * (2.0 * (double(patterns) + directions * row_bytes) + 8.0 * double(patterns));
  if (bytes > double(1LL << 32))
    element.fail("wave function collapse would need " + std::to_string((long long)(bytes / (1 << 20))) + " MiB for " +
                 std::to_string(patterns) + " patterns on " + std::to_string(cells) +
                 " cells; the limit is 4096 MiB: use a smaller grid or fewer tiles");
}

constexpr int kMaxTries = 1000000;
// The input cells a notice of a contradictory input lists by name, at the most.
constexpr int kListedCells = 12;

}  // namespace

void load_start_waves(
    Model& model, const XmlElement& element, const Grid& grid,
    const std::function<void(const XmlElement& rule, const std::string& out, std::vector<uint8_t>& wave)>& allow) {
  model.start_waves.assign(size_t(grid.values), {});
  for (const XmlElement& rule : element.children({"rule"})) {
    const char in = rule.symbol("in");
    const int input = grid.value_of(in);
    if (input < 0) rule.fail(std::string("unknown input value '") + in + "' (values are \"" + grid.characters + "\")");
    std::vector<uint8_t>& wave = model.start_waves[size_t(input)];
    if (!wave.empty()) rule.fail("a rule for this input value is already given");
    wave.assign(size_t(model.patterns), 0);
    for (const std::string& out : split(rule.str("out"), '|')) allow(rule, out, wave);
  }
}

void WfcNode::load_collapse(const XmlElement& element, const SymmetryGroup& parent_symmetry, const Grid& input,
                            LoadContext& context) {
  source = element.has("sample") ? element.str("sample") : element.str("tileset");
  shannon_ = element.boolean("shannon", false);
  backtrack_ = element.boolean("backtrack", false);
  tries_ = count_attribute(element, "tries", 1000, input, context);
  if (tries_ > kMaxTries)
    element.fail("tries=" + std::to_string(tries_) + " is more than " + std::to_string(kMaxTries));
  if (model.start_waves[0].empty()) model.start_waves[0].assign(size_t(model.patterns), 1);
  int directions = model.propagator.directions();
  check_memory(element, input.size(), model.patterns, directions);
  weights_ = Weights(model.weights, shannon_);
  space_ = Space{input.mx, input.my, input.mz, model.n, model.periodic};
  const int longest = model.propagator.longest();
  const bool sentinel =
      !Propagation::goes_by_lanes(model.propagator, Wave::support_width_for(longest),
                                  Wave::pattern_blocks_for(model.patterns, longest), Propagation::Decrements::best);
  const bool sets = Propagation::goes_by_sets(model.propagator, shannon_);
  wave = Wave(input.size(), model.patterns, directions, shannon_, longest, sentinel, sets);
  start_wave_ = Wave(input.size(), model.patterns, directions, shannon_, longest, sentinel, sets);
  propagation_ = Propagation(&model.propagator, &weights_, space_, wave);
  list_observable_cells();
  distribution_.assign(size_t(model.patterns), 0.0);
  load_children(element, parent_symmetry, *newgrid, context);
}

void WfcNode::reset() {
  Branch::reset();
  running = -1;
  first_go_ = true;
  skipping_ = false;
  seeking_ = {};
}

// A new run on the kept program: inspect() shows no collapse until this run begins one.
void WfcNode::restart() {
  Branch::restart();
  begun_ = false;
  skipping_ = false;
  seeking_ = {};
  failed_tries_ = undone_ = 0;
  contradictions_.clear();
  contradiction_view_ = {};
}

bool WfcNode::go(Run& run) {
  if (running >= 0) return Branch::go(run);
  if (first_go_) return begin(run);
  if (skipping_ && (run.animated || run.inspecting)) catch_up();
  if (skipping_) {
    if (skipped_ < observations_) skipped_++;
    else running++, skipping_ = false;
  } else if (!replay_step()) {
    running++;
  }
  if (running >= 0 || run.animated) {
    update_state();
    run.changes.rewrite_all();
  }
  return true;
}

// Constrains the wave by the input grid, then finds a seed whose collapse succeeds and starts over with it,
// so that the following steps replay that collapse one observation at a time. A run stopped while it
// looks for the collapse comes back here at its next step and goes on (seeking_).
bool WfcNode::begin(Run& run) {
  if (!seeking_.set_up && !set_up(run)) return false;
  std::optional<int> seed = backtracking_ ? backtracked_seed(run) : good_seed(run);
  seeking_ = {};
  if (!seed) {
    if (backtracking_)
      warn(run,
           "wfc found no collapse after undoing " + std::to_string(undone_) + " observations; the grid is unfinished");
    else
      warn(run, "wfc found no good seed in " + std::to_string(tries_) +
                    " tries; the grid is unfinished (backtracking may finish it: backtrack=\"True\" on the <wfc>)");
    return false;
  }
  random_.emplace(*seed);
  skipping_ = !run.animated && !run.inspecting;
  skipped_ = 0;
  if (skipping_) shown.forget();  // the wave holds the collapse's end
  else restart_wave();
  first_go_ = false;
  newgrid->clear();  // restart_wave() forgot what was drawn
  run.grid = newgrid;
  if (run.wfc_pins) run.pins = run.wfc_pins;  // the children keep what the collapse drew
  run.changes.rewrite_all();
  return true;
}

// The start wave: the input grid's constraints and the run's pins, propagated; false (with a run
// notice) when they leave some cell no pattern.
bool WfcNode::set_up(Run& run) {
  begun_ = true;
  failed_tries_ = 0;
  contradictions_.clear();
  contradiction_view_ = {};
  wave.init(model.propagator, weights_);
  propagation_.forget_changes();
  apply_start_waves();
  backtracking_ = backtrack_ || run.backtrack;
  // The reference looks only at cell 0; a collapse that backtracks, at every cell it may observe.
  if (!propagation_.propagate(wave) || (backtracking_ && emptied_cell() >= 0)) {
    explain_input_contradiction(run);
    return false;
  }
  if (run.wfc_pins && !hold_pins(run)) return false;
  start_wave_.copy_from(wave);
  // What every restart starts the scan from.
  for (int i = 0; i < wave.cells(); i++) start_open_.put(i, shannon_ ? cell_entropy<true>(i) : cell_entropy<false>(i));
  start_open_.rebuild();
  seeking_.set_up = true;
  return true;
}

// The clock is read every kAskEvery observations, not at every one: a small wave observes a cell in
// about a microsecond.
void WfcNode::pause_if_asked(Run& run) {
  constexpr int kAskEvery = 16;
  if (!run.keep_searching || ++unasked_ < kAskEvery) return;
  unasked_ = 0;
  if ((*run.keep_searching)()) return;
  run.paused = true;
  // The next step comes back here through the branch that runs this node, as this step came.
  if (holder) run.current = holder;
  throw StepPaused{};
}

// Once per node and run: a node that fails is tried again at every later step.
void WfcNode::warn(Run& run, const std::string& message) const {
  for (const Notice& notice : run.notices)
    if (notice.line == line) return;
  run.notices.push_back(Notice{"", line, message});
}

// The first cell the collapse may observe that allows no pattern, or -1.
int WfcNode::emptied_cell() const {
  for (int i = 0; i < wave.cells(); i++)
    if (observable_[size_t(i)] && wave.remaining(i) == 0) return i;
  return -1;
}

// The input grid's values leave some cell without a pattern: a run notice says which input cells
// do it, and the inspection shows the cell (its options: every pattern, which the rules took).
void WfcNode::explain_input_contradiction(Run& run) {
  const int emptied = propagation_.emptied().cell >= 0 ? propagation_.emptied().cell : std::max(emptied_cell(), 0);
  if (run.inspecting) {
    contradictions_.push_back(emptied);
    const std::vector<uint8_t> all(size_t(model.patterns), 1);
    note_contradiction(all.data(), emptied);
  }
  warn(run, "wfc: the input grid contradicts the rules: " + contradicting_cells(emptied) + "; the grid is unfinished");
}

// The input cells with a rule within the smallest box around `emptied` whose rules alone already
// leave some cell without a pattern, in words: "(x, y, z) 'c', ...". Leaves the wave as the whole
// input's rules leave it.
std::string WfcNode::contradicting_cells(int emptied) {
  int radius = 0;
  for (const int most = std::max({space_.mx, space_.my, space_.mz}); radius < most; radius++) {
    wave.init(model.propagator, weights_);
    propagation_.clear();
    propagation_.forget_changes();
    apply_start_waves(emptied, radius);
    if (!propagation_.propagate(wave) || emptied_cell() >= 0) break;
  }
  std::string cells;
  int listed = 0, more = 0;
  for (int i = 0; i < wave.cells(); i++) {
    const uint8_t value = grid->state[size_t(i)];
    if (space_.distance(i, emptied) > radius || model.start_waves[value].empty()) continue;
    if (listed == kListedCells) {
      more++;
      continue;
    }
    listed++;
    cells += (cells.empty() ? "" : ", ") + space_.where(i) + " '" + grid->characters[value] + "'";
  }
  if (more > 0) cells += " and " + std::to_string(more) + " more";
  wave.init(model.propagator, weights_);
  propagation_.clear();
  propagation_.forget_changes();
  apply_start_waves();
  propagation_.propagate(wave);
  return "its cells " + cells + " leave " + space_.where(emptied) + " no pattern";
}

// The start waves of the input's values, at every cell or (radius >= 0) at those within `radius`
// of cell `around`.
void WfcNode::apply_start_waves(int around, int radius) {
  const std::vector<uint8_t>& state = grid->state;
  for (int i = 0; i < wave.cells(); i++) {
    if (radius >= 0 && space_.distance(i, around) > radius) continue;
    const std::vector<uint8_t>& allowed = model.start_waves[state[size_t(i)]];
    if (allowed.empty()) continue;
    for (int t = 0; t < model.patterns; t++)
      if (!allowed[size_t(t)]) propagation_.ban(wave, i, t);
  }
}

// The reference's retries: collapses from the run's next seeds until one ends without contradiction.
std::optional<int> WfcNode::good_seed(Run& run) {
  Seeking& s = seeking_;
  std::optional<int> found;
  while (!found && (s.collapsing || s.tries < tries_)) {
    if (!s.collapsing) {
      s.seed = run.random.next();
      s.random.emplace(s.seed);
      restart_wave(s.tries > 0);  // set_up made the start wave from the wave of the first try
      s.tries++;
      observations_ = 0;
      s.collapsing = true;
    }
    if (go_on_collapsing(run)) found = s.seed;
    s.collapsing = false;
  }
  if (s.failed_at >= 0) {
    const int observations = observations_;  // the collapse found, if any
    explain_failure(s.failed_seed, s.failed_at);
    observations_ = observations;
  }
  return found;
}

// Observes cells until every one is decided (true) or a propagation runs into a contradiction.
bool WfcNode::go_on_collapsing(Run& run) {
  Seeking& s = seeking_;
  for (;; observations_++) {
    pause_if_asked(run);
    const int node = next_unobserved_node(*s.random);
    if (node < 0) return true;
    observe(node, *s.random);
    if (!propagation_.propagate(wave)) {
      if (run.inspecting)
        failed_tries_++, contradictions_.push_back(node), s.failed_seed = s.seed, s.failed_at = observations_;
      return false;
    }
  }
}

void WfcNode::explain_failure(int seed, int at) {
  Random random(seed);
  restart_wave();
  for (int k = 0; k < at; k++) {
    const int node = next_unobserved_node(random);
    if (node < 0) return;  // not the collapse that failed (it is made again exactly: never)
    observe(node, random);
    propagation_.propagate(wave);
  }
  const int node = next_unobserved_node(random);
  if (node < 0) return;
  const size_t patterns = size_t(model.patterns);
  const std::vector<uint8_t> before(wave.allowances(), wave.allowances() + size_t(wave.cells()) * patterns);
  observe(node, random);
  propagation_.propagate(wave);
  const int cell = propagation_.emptied().cell < 0 ? node : propagation_.emptied().cell;
  note_contradiction(before.data() + size_t(cell) * patterns, node);
}

void WfcNode::note_contradiction(const uint8_t* before, int fallback) {
  const Propagation::Emptied emptied = propagation_.emptied();
  ContradictionView& c = contradiction_view_;
  c = {};
  c.cell = emptied.cell < 0 ? fallback : emptied.cell;
  c.neighbour = emptied.cell < 0 ? -1 : emptied.neighbour;
  for (int t = 0; t < model.patterns; t++)
    if (before[size_t(t)] && !wave.allows(c.cell, t)) c.lost.push_back(t), c.names.push_back(option_name(t));
}

// Drawn when asked, from the options' own cells: the view kept between inspections holds only their numbers.
void WfcNode::draw_lost_options(ContradictionView& c) const {
  const Point size = option_size();
  c.option_mx = size.x, c.option_my = size.y, c.option_mz = size.z;
  c.legend = newgrid->characters;
  c.cells.clear();
  for (int t : c.lost) {
    std::vector<uint8_t>& cells = c.cells.emplace_back(size_t(size.volume()));
    for (int at = 0; at < size.volume(); at++) cells[size_t(at)] = option_value(t, at);
  }
}

// The cells a collapse may observe: a non-periodic wave leaves out those too close to the far edges
// to hold a whole pattern.
void WfcNode::list_observable_cells() {
  const Space& s = space_;
  observable_.resize(size_t(s.size()));
  for (int i = 0; i < s.size(); i++)
    observable_[size_t(i)] = s.periodic || (s.x(i) + s.n <= s.mx && s.y(i) + s.n <= s.my);
  start_open_.assign(s.size());
}

// Starts a collapse over from the start wave.
void WfcNode::restart_wave(bool copy) {
  propagation_.clear();
  if (copy) wave.copy_from(start_wave_);
  shown.forget();
  replayed_ = 0;
  open_ = start_open_;  // same size after the first time: no allocation
  propagation_.forget_changes();
}

// What the scan compares for cell i: its entropy (or number of patterns), or MinTree::kNever when it
// may not be observed.
template <bool Shannon>
double WfcNode::cell_entropy(int i) const {
  const int remaining = wave.remaining(i);
  if (!observable_[size_t(i)] || remaining <= 1) return MinTree::kNever;
  return Shannon ? wave.entropy(i) : remaining;
}

void WfcNode::rescan(int i) { open_.set(i, shannon_ ? cell_entropy<true>(i) : cell_entropy<false>(i)); }

int WfcNode::next_unobserved_node(Random& random) {
  return shannon_ ? scan_open_cells<true>(random) : scan_open_cells<false>(random);
}

// The cell of least entropy (or fewest patterns), ties broken by noise drawn only for candidate
// cells. Only the cells that lost patterns since the last scan have new entropies.
template <bool Shannon>
int WfcNode::scan_open_cells(Random& random) {
  for (int i : propagation_.changed()) open_.set(i, cell_entropy<Shannon>(i));
  propagation_.forget_changes();
  return least_entropy_cell(open_, [&random] { return 1E-6 * random.next_double(); });
}

void WfcNode::observe(int node, Random& random) {
  for (int t = 0; t < model.patterns; t++)
    distribution_[size_t(t)] = wave.allows(node, t) ? model.weights[size_t(t)] : 0.0;
  int r = weighted_index(distribution_, random.next_double());
  // As in the reference, a drawn pattern that was already banned (r = 0 with zero weight) is banned again.
  for (int t = 0; t < model.patterns; t++)
    if (wave.allows(node, t) != (t == r)) propagation_.ban(wave, node, t);
}

void WfcNode::catch_up() const {
  // Not a change of the node's state as callers see it: the wave it shows at this step.
  if (skipping_) const_cast<WfcNode*>(this)->replay_skipped();
}

// The skipped observations, made as the replay would have: from the start wave, with the same draws.
void WfcNode::replay_skipped() {
  restart_wave();
  for (int k = 0; k < skipped_; k++) replay_step();
  skipping_ = false;
}

bool WfcNode::replay_step() {
  if (backtracking_) {
    if (replayed_ == trail_.choices.size()) return false;
    make(trail_.choices[replayed_++]);
  } else {
    const int node = next_unobserved_node(*random_);
    if (node < 0) return false;
    observe(node, *random_);
  }
  propagation_.propagate(wave);
  return true;
}

uint8_t WfcNode::most_voted(const int* votes, int count) {
  int argmax = 0;
  for (int c = 1; c < count; c++)
    if (votes[c] > votes[argmax]) argmax = c;
  return uint8_t(argmax);
}

void WfcNode::describe(NodeView& view) const { view.name = source; }

void WfcNode::inspect(Inspection& view) const {
  view.patterns = model.patterns;
  view.failed_tries = failed_tries_;
  view.undone_choices = undone_;
  view.contradictions = contradictions_;
  view.contradiction = contradiction_view_;
  draw_lost_options(view.contradiction);
  if (!begun_) return;
  catch_up();
  view.options.resize(size_t(wave.cells()));
  for (int i = 0; i < wave.cells(); i++) view.options[size_t(i)] = observable_[size_t(i)] ? wave.remaining(i) : -1;
}

}  // namespace mj::wfc
