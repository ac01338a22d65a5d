// A world's settings decided from its request (World's constructor): the model's size unit, the chunk, margin
// and seam with their defaults and bounds, and the refusals of models no world can be made of.
#pragma once

#include "mj/model.hpp"
#include "mj/world.hpp"

namespace mj::world {

// The settings, and the model loaded at a chunk run's size (the first of the world's models). Throws mj::Error.
WorldSettings decide_settings(const WorldRequest& request, std::optional<Model>& loaded);

}  // namespace mj::world
