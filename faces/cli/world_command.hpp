// `mj world`: a region of a model's endless world (mj/world.hpp), written to a PNG, a state text or a folder of
// chunks. The command line becomes a WorldRequest and a Region; the library decides and words the rest.
#pragma once

#include <CLI/CLI.hpp>

#include <filesystem>
#include <vector>

namespace mj::cli {

struct WorldArgs {
  std::filesystem::path model, resources, out;
  std::vector<long long> region;
  int chunk = 0, margin = 0, seam = 0, seed = 0, jobs = 0, pixelsize = 0, steps = 0;
};

// Adds the command and its options to `app`; returns the command, which names what was given.
CLI::App* add_world_command(CLI::App& app, WorldArgs& args, bool& quiet);

// Writes the region; the exit code (mj::Error goes to the caller, which prints it).
int world_command(const WorldArgs& args, const CLI::App& command, bool quiet);

}  // namespace mj::cli
