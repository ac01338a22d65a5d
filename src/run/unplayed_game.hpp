// The run notice of a game nobody played: a model of <event> nodes run to its step limit with no input sent
// (`mj run models/Sokoban.xml` waits for keys that never come, then ends as it began).
#pragma once

#include <optional>

#include "mj/model.hpp"

namespace mj {

// The line of the tree's first <event>, depth first; 0 when it has none.
int first_event_line(const NodeView& tree);
// The notice, at line `event_line` (first_event_line of the model's tree, 0 for none), when the current run
// reached its step limit without an input; nullopt for any other run.
std::optional<Notice> unplayed_game_notice(const Model& model, int event_line);

}  // namespace mj
