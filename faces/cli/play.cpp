#include "play.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "mj/inputs_text.hpp"
#include "mj/outputs.hpp"
#include "terminal.hpp"

namespace mj::cli {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A waiting step (an <event>'s timeout counted in them) a tenth of a second, as the playground takes them.
constexpr milliseconds kWaitingStep{100};
// A frame's budget for the steps between waits, so that keys are read and the grid drawn while they go on.
constexpr milliseconds kFrame{40};
constexpr const char kUpperHalf[] = "\u2580";

std::string rgb(uint32_t color) {
  return fmt::format("{};{};{}", (color >> 16) & 255, (color >> 8) & 255, color & 255);
}

// How a grid fits the terminal, in columns and half-rows (a character is two): each cell drawn up x up of them
// when the grid is smaller, or one cell of every down x down shown when it is larger.
struct Scale {
  int up = 1, down = 1;
  int columns(const GridView& g) const { return (g.mx * up + down - 1) / down; }
  int halves(const GridView& g) const { return (g.my * up + down - 1) / down; }
  uint8_t value(const GridView& g, int x, int y) const {
    return g.cells[size_t(y * down / up) * size_t(g.mx) + size_t(x * down / up)];
  }
};

Scale fitted(const GridView& g, int columns, int halves) {
  Scale s;
  if (g.mx <= columns && g.my <= halves) s.up = std::max(1, std::min(columns / g.mx, halves / g.my));
  else s.down = std::max((g.mx + columns - 1) / columns, (g.my + halves - 1) / halves);
  return s;
}

}  // namespace

std::string terminal_picture(const GridView& grid, const std::vector<uint32_t>& colors, int columns, int rows) {
  const Scale s = fitted(grid, std::max(1, columns), 2 * std::max(1, rows));
  std::string text;
  const int width = s.columns(grid), halves = s.halves(grid);
  for (int y = 0; y < halves; y += 2) {
    for (int x = 0; x < width; x++) {
      text += "\x1b[38;2;" + rgb(colors[s.value(grid, x, y)]) + "m";
      text += y + 1 < halves ? "\x1b[48;2;" + rgb(colors[s.value(grid, x, y + 1)]) + "m" : "\x1b[49m";
      text += kUpperHalf;
    }
    text += "\x1b[0m\x1b[K\r\n";
  }
  return text;
}

namespace {

// A game under way: the model's run, the terminal, the pace of its waiting steps.
class Game {
 public:
  explicit Game(Model& model) : model_(model) {}

  // Until q or Ctrl-C: draws, reads keys, sends them, steps.
  void run() {
    for (;;) {
      draw();
      const RunStatus status = model_.status();
      const bool over = status.finished || status.at_step_limit;
      const milliseconds wait = over ? milliseconds(1000) : status.waiting ? until_waiting_step() : milliseconds(0);
      for (const std::string& key : terminal_.keys(wait)) {
        if (key == "q" || key == "Control+c") return;
        if (!over) model_.send(key);
      }
      if (!over) go();
    }
  }

 private:
  Model& model_;
  RawTerminal terminal_;
  Clock::time_point next_waiting_step_ = Clock::now() + kWaitingStep;

  milliseconds until_waiting_step() const {
    return std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(next_waiting_step_ - Clock::now()));
  }

  // A waiting step when its time has come; else the steps up to the next wait, a frame's worth at most.
  void go() {
    if (model_.status().waiting) {
      if (Clock::now() < next_waiting_step_) return;
      model_.step(1);
      next_waiting_step_ = Clock::now() + kWaitingStep;
      return;
    }
    const Clock::time_point start = Clock::now();
    RunControl control;
    control.until_waiting = true;
    control.interval = milliseconds(5);
    control.progress = [start] { return Clock::now() - start < kFrame; };
    model_.advance(control);
    next_waiting_step_ = Clock::now() + kWaitingStep;
  }

  void draw() {
    const auto [columns, rows] = terminal_.size();
    const RunStatus s = model_.status();
    const std::string state = s.finished        ? "the game is over"
                              : s.at_step_limit ? "the step limit is reached"
                              : s.waiting       ? "waiting for a key"
                                                : "running";
    std::string line = fmt::format("{} seed {}, step {}, {} keys: {}; arrow keys and letters play, q quits",
                                   model_.settings().name, s.seed, s.steps, model_.inputs().size(), state);
    line.resize(std::min(line.size(), size_t(columns)));
    const Snapshot shot = model_.snapshot();
    terminal_.write("\x1b[H" + terminal_picture(shot.grid(), shot.colors(), columns, rows - 1) + line + "\x1b[K\x1b[J");
  }
};

}  // namespace

int play(Model& model, int seed, const std::filesystem::path& record) {
  model.start(seed);
  {
    Game game(model);
    game.run();
  }
  if (!record.empty()) save_inputs(record, model.inputs());
  const RunStatus s = model.status();
  fmt::print("{} seed {}: {} steps, {} keys{}{}\n", model.settings().name, seed, s.steps, model.inputs().size(),
             s.finished ? ", the game over" : "", record.empty() ? "" : " -> " + record.string());
  return 0;
}

}  // namespace mj::cli
