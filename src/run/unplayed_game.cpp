#include "run/unplayed_game.hpp"

namespace mj {

int first_event_line(const NodeView& node) {
  if (node.kind == "event") return node.line;
  for (const NodeView& child : node.children)
    if (const int line = first_event_line(child)) return line;
  return 0;
}

std::optional<Notice> unplayed_game_notice(const Model& model, int line) {
  if (line == 0) return std::nullopt;
  const RunStatus status = model.status();
  if (!status.at_step_limit || !model.inputs().empty()) return std::nullopt;
  return Notice{model.settings().source, line,
                "the run reached its step limit (" + std::to_string(status.step_limit) +
                    " steps) without an input: this <event> waits for keys. Play the game by sending keys, or "
                    "replay a recorded game's inputs"};
}

}  // namespace mj
