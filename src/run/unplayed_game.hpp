// The run notice of a game nobody played: a model of <event> nodes run to its step limit with no input sent
// (`mj run models/Sokoban.xml` waits for keys that never come, then ends as it began).
#pragma once

#include <optional>

#include "mj/model.hpp"

namespace mj {

// The notice, at the model's first <event>, when the current run reached its step limit without an input;
// nullopt for any other run. `tree`: the model's node tree (the engine's, which Model keeps to itself).
std::optional<Notice> unplayed_game_notice(const Model& model, const NodeView& tree);

}  // namespace mj
