// The check of a replay's inputs, the engine's (Model::replay) and the debugger's (Debugger::replay_to).
#pragma once

#include <vector>

#include "mj/model.hpp"

namespace mj {

// Inputs must come in the order of their steps: mj::Error (kind argument) naming the first that does not.
void check_input_order(const std::vector<Input>& inputs);

}  // namespace mj
