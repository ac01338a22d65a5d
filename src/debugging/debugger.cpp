// mj::Debugger (mj/debugger.hpp): what a debugger asks of a Model, beside the engine. Going back, a past step
// and the next node are the engine's public calls; what the nodes keep for a debugger (inspection, the record,
// breakpoints, the node tree) is asked of the interpreter the Model runs.
#include "mj/debugger.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>

#include "outputs/animation.hpp"
#include "run/input_order.hpp"
#include "run/interpreter.hpp"

namespace mj {

namespace {

// A contradiction's lost options in the model's colours, as its grids are drawn; none for a legend
// with a symbol the palette lacks (then the names alone say what was lost).
void color_lost_options(ContradictionView& c, const Palette& palette) {
  if (!std::all_of(c.legend.begin(), c.legend.end(), [&](char symbol) { return palette.count(symbol); })) return;
  const std::vector<uint32_t> colors = legend_colors(c.legend, palette);
  for (const std::vector<uint8_t>& cells : c.cells) {
    std::vector<uint32_t>& picture = c.pictures.emplace_back(cells.size());
    std::transform(cells.begin(), cells.end(), picture.begin(), [&](uint8_t v) { return colors[v]; });
  }
}

}  // namespace

NodeView Debugger::node_tree() const { return model_.interpreter_->node_tree(); }
Inspection Debugger::inspect(int line) const {
  Inspection view = model_.interpreter_->inspect(line);
  color_lost_options(view.contradiction, model_.settings().palette);
  return view;
}
void Debugger::set_inspecting(bool inspecting) { model_.interpreter_->set_inspecting(inspecting); }
std::optional<Breakpoint> Debugger::breakpoint_hit() const { return model_.interpreter_->breakpoint_hit(); }
void Debugger::set_animated(bool animated) { model_.interpreter_->set_animated(animated); }
void Debugger::set_recording(bool on, size_t max_bytes) { model_.interpreter_->set_recording(on, max_bytes); }
const History* Debugger::history() const { return model_.interpreter_->history(); }

const History& Debugger::record() const {
  const History* record = history();
  if (!record) throw argument_error("the run is not recorded: turn recording on before the steps to save");
  return *record;
}

RgbaImage Debugger::image_at(int step, std::optional<int> pixelsize) const {
  const GridView g = record().grid_at(step);
  Snapshot past{std::vector<uint8_t>(g.cells, g.cells + g.size()),
                g.mx,
                g.my,
                g.mz,
                g.legend,
                0,
                step,
                {},
                model_.settings(),
                {}};
  return past.image(pixelsize);
}

void Debugger::save_record(const std::filesystem::path& file, std::optional<int> from, std::optional<int> to,
                           const SaveOptions& options) const {
  const History& recorded = record();
  const RunSettings& settings = model_.settings();
  const AnimationOptions animation = animation_options(settings, options);
  write_animation(recorded, from.value_or(recorded.first_step()), to.value_or(recorded.last_step()), settings.palette,
                  animation, file);
}

RunEnd Debugger::to_next_node(const RunControl& control) {
  if (!model_.status().started) throw argument_error("to_next_node before a run is started (start or run)");
  const std::optional<ActiveNode> at = model_.status().node;
  const int most = control.max_steps > 0 ? control.max_steps : INT_MAX;
  auto reported = std::chrono::steady_clock::now();
  while (model_.status().steps < most && model_.step(1) == 1) {
    const RunStatus now = model_.status();
    if (now.ended) return RunEnd::finished;
    if (now.node != at) return RunEnd::next_node;
    if (control.progress && std::chrono::steady_clock::now() - reported >= control.interval) {
      if (!control.progress()) return RunEnd::stopped;
      reported = std::chrono::steady_clock::now();
    }
  }
  return model_.status().ended ? RunEnd::finished : RunEnd::step_limit;
}

void Debugger::back(int n) {
  const RunStatus now = model_.status();
  if (!now.started) throw argument_error("back before a run is started (start or run)");
  if (n < 0) throw argument_error("the number of steps to go back must be at least 0, got " + std::to_string(n));
  const int target = std::max(0, now.steps - n);
  std::vector<Input> before;  // inputs sent at the target step or later are dropped: they come after it
  for (const Input& input : model_.inputs())
    if (input.step < target) before.push_back(input);
  model_.start(now.seed, now.step_limit);  // always anew: a run goes forward only
  go_to(now.seed, before, target, now.step_limit);
}

void Debugger::replay_to(int seed, const std::vector<Input>& inputs, int step, std::optional<int> steps) {
  check_input_order(inputs);
  if (steps) check_steps(*steps);
  go_to(seed, inputs, step, steps ? *steps : model_.settings().steps);
}

void Debugger::go_to(int seed, const std::vector<Input>& inputs, int step, int limit) {
  // The Model's run is that run so far when its inputs begin those given: it goes on forward from there.
  const RunStatus now = model_.status();
  const std::vector<Input>& sent = model_.inputs();
  const bool on_the_way = now.started && now.seed == seed && now.step_limit == limit && now.steps <= step &&
                          sent.size() <= inputs.size() && std::equal(sent.begin(), sent.end(), inputs.begin());
  if (!on_the_way) model_.start(seed, limit);
  for (size_t next = model_.inputs().size(); next < inputs.size() && inputs[next].step <= step; next++) {
    if (const int at = model_.status().steps; inputs[next].step > at) model_.step(inputs[next].step - at);
    model_.send(inputs[next].key);
  }
  if (const int at = model_.status().steps; step > at) model_.step(step - at);
}

}  // namespace mj
