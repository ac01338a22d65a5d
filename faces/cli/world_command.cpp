#include "world_command.hpp"

#include <fmt/core.h>

#include <chrono>
#include <climits>

#include "interrupt.hpp"
#include "mj/defaults.hpp"
#include "mj/model_list.hpp"
#include "mj/world.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "world_progress.hpp"

namespace mj::cli {

namespace {

WorldRequest request_of(const WorldArgs& a, const CLI::App& c) {
  WorldRequest r;
  r.model.model = a.model.string();
  r.model.resources = a.resources;
  r.model.steps = given(c, "--steps", a.steps);
  r.model.pixelsize = given(c, "--pixelsize", a.pixelsize);
  r.seed = given(c, "--seed", a.seed);
  r.chunk = given(c, "--chunk", a.chunk);
  r.margin = given(c, "--margin", a.margin);
  r.seam = given(c, "--seam", a.seam);
  return r;
}

void add_world_settings(CLI::App& world, WorldArgs& w) {
  world
      .add_option("--chunk", w.chunk,
                  fmt::format("a chunk's side in cells (default: {}, or {} in 3D)", kDefaultChunk2d, kDefaultChunk3d))
      ->check(any_int());
  world
      .add_option("--margin", w.margin,
                  "how far a chunk's run reaches past its border, in cells (default: a quarter of a chunk)")
      ->check(any_int());
  world
      .add_option("--seam", w.seam,
                  "how many of those cells a chunk's earlier neighbours pin (default: half the margin)")
      ->check(any_int());
  world.add_option("--seed", w.seed, fmt::format("the world's seed (default: {})", kDefaultSeed))->check(any_int());
  world.add_option("--steps", w.steps, "a chunk run's step limit, 0 for none (default: as mj run)")->check(any_int());
  world.add_option("--resources", w.resources, "resources folder (default: ../resources from the model)")
      ->check(a_path());
}

}  // namespace

CLI::App* add_world_command(CLI::App& app, WorldArgs& w, bool& quiet) {
  CLI::App* world = app.add_subcommand(
      "world",
      "write a region of a model's endless world, made chunk by chunk: the same cells whatever the region, "
      "its pieces or their order (docs/worlds.md)");
  world->add_option("model", w.model, "the model's XML file, or its name as mj run takes it")->required();
  world
      ->add_option("--region", w.region,
                   "the region's corners in cells: X0 Y0 X1 Y1 (2D) or X0 Y0 Z0 X1 Y1 Z1 (3D), X1, Y1 and Z1 left out")
      ->required()
      ->type_name("X0 Y0 [Z0] X1 Y1 [Z1]")
      ->expected(1, CLI::detail::expected_max_vector_size)  // the library counts them, for the world's dimension
      ->check(whole_number(LLONG_MIN, LLONG_MAX, "must be a whole number"));
  world
      ->add_option("--out", w.out,
                   "a .png (2D), a .txt (the state text) or a folder (one file per chunk, and index.json)")
      ->required()
      ->check(a_path());
  add_world_settings(*world, w);
  world->add_option("-j,--jobs", w.jobs, "chunks made at once (default: all cores)")->check(any_int());
  world->add_option("--pixelsize", w.pixelsize, "pixels per cell of pictures (default: as mj run)")->check(any_int());
  world->add_flag("-q,--quiet", quiet, "print nothing but errors");
  return world;
}

int world_command(const WorldArgs& a, const CLI::App& command, bool quiet) {
  const auto started = std::chrono::steady_clock::now();
  World world(request_of(a, command));
  const Region region = region_of(world.settings(), a.region);
  const int threads = worker_count(given(command, "--jobs", a.jobs));
  Interrupt interrupt;
  long long made = 0;
  {  // the progress line is cleared before the summary is printed
    WorldProgress progress(world.settings().run.name, threads, !quiet && progress_wanted());
    save_region(world, region, a.out, progress.control());
    made = progress.made();
  }
  const auto elapsed = std::chrono::steady_clock::now() - started;
  if (!quiet)
    fmt::print("{}\n", world_summary(world, region, made, a.out.string(),
                                     std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count()));
  return 0;
}

}  // namespace mj::cli
