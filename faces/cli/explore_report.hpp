// `mj explore`: the state space of a small model, told on the terminal and written as JSON or DOT.
#pragma once

#include <filesystem>
#include <string>

#include "mj/explore.hpp"

namespace mj::cli {

struct ExploreFiles {
  std::filesystem::path json, dot;  // empty: not written
};

// Prints the counts and the outcomes (the likeliest first), writes the files; returns the exit code.
int report_state_space(const std::string& name, const RunSettings& settings, const StateSpace& space,
                       const ExploreFiles& files, double seconds);

// Prints the counts and the closed classes (the largest basins first), writes the JSON file; returns the
// exit code.
int report_grid_dynamics(const RunSettings& settings, const GridDynamics& dynamics, const std::filesystem::path& json,
                         double seconds);

}  // namespace mj::cli
