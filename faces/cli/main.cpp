// mj: the command-line tool. `mj` in a folder with models.xml runs it like the reference;
// `mj run MODEL.xml` runs one model; with neither, the built-in demo runs. `mj world` writes a region of a
// model's endless world (world_command).
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <chrono>
#include <climits>

#include "batch.hpp"
#include "demo.hpp"
#include "explore_report.hpp"
#include "freed_memory.hpp"
#include "interrupt.hpp"
#include "messages.hpp"
#include "mj/files.hpp"
#include "mj/inputs_text.hpp"
#include "mj/model.hpp"
#include "mj/model_list.hpp"
#include "mj/outputs.hpp"
#include "mj/run_settings.hpp"
#include "mj/version.hpp"
#include "options.hpp"
#include "play.hpp"
#include "progress.hpp"
#include "world_command.hpp"

namespace fs = std::filesystem;

namespace {

using mj::cli::a_path;
using mj::cli::any_int;
using mj::cli::given;
using mj::cli::positive;

struct RunArgs {
  fs::path model, resources, out = mj::kDefaultOutputFolder, state, gif, start, pins, goal, gltf, tiled;
  fs::path inputs, record;  // a game's inputs to replay, the file to write the run's inputs to
  int every = 1;
  long long max_cells = 0;
  int size = 0, length = 0, width = 0, height = 0, d = 0, seed = mj::kDefaultSeed, steps = 0, pixelsize = 0;
  bool iso = false, no_picture = false, backtrack = false;
};

// The sides and dimension given to `mj run` or `mj explore`.
void request_size(mj::RunRequest& r, const CLI::App& c, int size, int length, int width, int height, int d) {
  r.size = given(c, "--size", size), r.length = given(c, "--length", length), r.width = given(c, "--width", width);
  r.height = given(c, "--height", height), r.dimension = given(c, "--d", d);
}

// What the command line says; the library decides the rest (the model's entry, the defaults).
mj::RunRequest request_of(const RunArgs& a, const CLI::App& run) {
  mj::RunRequest r;
  r.model = a.model.string();
  request_size(r, run, a.size, a.length, a.width, a.height, a.d);
  r.steps = given(run, "--steps", a.steps);
  r.seed = given(run, "--seed", a.seed);
  r.pixelsize = given(run, "--pixelsize", a.pixelsize);
  if (a.iso) r.iso = true;
  r.backtrack = a.backtrack;
  r.pins = a.pins, r.goal = a.goal;
  r.resources = a.resources;
  r.max_cells = a.max_cells;
  return r;
}

// A file of `format` whatever its name's extension (--state, --gltf and --tiled name their format).
mj::SaveOptions as(mj::GridFormat format) {
  mj::SaveOptions options;
  options.format = format;
  return options;
}

int run_model(const RunArgs& a, const CLI::App& command, bool quiet) {
  const auto started = std::chrono::steady_clock::now();  // the run's time: load, run and files, as a batch's
  mj::Model model(request_of(a, command));
  for (const mj::Notice& notice : model.notices()) fmt::print(stderr, "{}\n", notice.text());
  const mj::RunSettings& settings = model.settings();
  if (!a.start.empty()) model.set_initial_cells(mj::initial_cells(model, a.start));
  mj::cli::ProgressLine progress(settings.name, model, settings.steps, !quiet && mj::cli::progress_wanted());
  mj::SaveOptions animation;
  animation.every = a.every;
  if (!a.inputs.empty()) model.replay(settings.seed, mj::read_inputs(a.inputs));
  else if (a.gif.empty()) model.run(settings.seed, {}, progress.control());
  else mj::save_run(model, a.gif, settings.seed, {}, animation, progress.control());
  for (const mj::Notice& notice : model.run_notices()) fmt::print(stderr, "{}\n", notice.text());
  if (!a.record.empty()) mj::save_inputs(a.record, model.inputs());
  if (!a.state.empty()) mj::save(model, a.state, as(mj::GridFormat::state));
  if (!a.gltf.empty()) mj::save(model, a.gltf, as(mj::GridFormat::glb));
  if (!a.tiled.empty()) mj::save(model, a.tiled, as(mj::GridFormat::tiled));
  const std::string written = a.no_picture ? "" : model.snapshot().save_picture(a.out).string();
  const auto elapsed = std::chrono::steady_clock::now() - started;
  if (!quiet)
    fmt::print("{}\n",
               mj::run_summary(model, written, std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count()));
  return 0;
}

int run_list(const fs::path& list, mj::cli::BatchOptions options) {
  fs::path folder = list.parent_path();
  options.request = [folder](const mj::ModelEntry& entry) {
    mj::RunRequest request;
    request.model = (folder / "models" / (entry.name + ".xml")).string();
    request.resources = folder / "resources";
    return request;
  };
  return mj::cli::run_batch(mj::load_model_list(list), options);
}

// Everything the command line can say: a list to run (or none), or one model (`mj run`).
// `mj explore`: a model's size as for `mj run`, the bound on states, and the files to write.
struct ExploreArgs {
  fs::path model, resources;
  mj::cli::ExploreFiles files;
  int size = 0, length = 0, width = 0, height = 0, d = 0;
  long long max_states = mj::ExploreOptions{}.max_states;
  bool all_grids = false;
  int threads = mj::ExploreOptions{}.threads;
  fs::path predecessors, garden_of_eden;  // the backward questions' grid, empty when not asked
  int backward = 1;
};

struct CommandLine {
  fs::path list;
  int jobs = 0;
  bool quiet = false;
  mj::cli::BatchOptions batch;
  RunArgs run;
  ExploreArgs explore;
  CLI::App* app = nullptr;
  CLI::App* run_command = nullptr;
  CLI::App* explore_command = nullptr;
  RunArgs play;
  CLI::App* play_command = nullptr;
  mj::cli::WorldArgs world;
  CLI::App* world_command = nullptr;
};

// --predecessors / --garden-of-eden: the grid file's size is the model's.
int explore_backward(const ExploreArgs& a, mj::RunRequest request) {
  const fs::path& file = a.predecessors.empty() ? a.garden_of_eden : a.predecessors;
  const mj::GridSize size = mj::grid_file_size(file);
  request.size.reset(), request.length = size.mx, request.width = size.my;
  if (size.mz > 1) request.height = size.mz, request.dimension = 3;
  const mj::RunSettings settings = mj::resolve_run(request);
  const std::vector<uint8_t> grid = mj::read_grid_file(settings, file);
  const mj::ExploreOptions options{a.max_states, a.threads};
  std::string json;
  if (!a.garden_of_eden.empty()) {
    const std::optional<std::string> p = mj::a_predecessor(settings, grid, options);
    fmt::print("{}: {}\n", file.string(),
               p ? "not a Garden of Eden; a predecessor:" : "a Garden of Eden: no predecessor");
    if (p) fmt::print("{}", *p);
    json = mj::garden_of_eden_json(p);
  } else {
    const mj::Predecessors p = mj::predecessors(settings, grid, a.backward, options);
    fmt::print("{}: {} predecessors\n", file.string(), p.grids.size());
    if (a.backward > 1)
      for (size_t d = 0; d < p.tree_nodes.size(); d++)
        fmt::print("  depth {}: {} tree nodes, {} grids\n", d, p.tree_nodes[d], p.distinct[d]);
    json = mj::predecessors_json(p);
  }
  if (!a.files.json.empty()) mj::save_file(a.files.json, json);
  return 0;
}

int explore_model(const ExploreArgs& a, const CLI::App& command) {
  mj::RunRequest request;
  request.model = a.model.string();
  request.resources = a.resources;
  if (!a.predecessors.empty() || !a.garden_of_eden.empty()) return explore_backward(a, request);
  request_size(request, command, a.size, a.length, a.width, a.height, a.d);
  const mj::RunSettings settings = mj::resolve_run(request);
  const auto started = std::chrono::steady_clock::now();
  if (a.all_grids) {
    const mj::GridDynamics dynamics = mj::explore_all_grids(settings, {a.max_states, a.threads});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return mj::cli::report_grid_dynamics(settings, dynamics, a.files.json, seconds);
  }
  mj::ExploreOptions options{a.max_states};
  options.graph = !a.files.dot.empty();  // the graph is only written
  const mj::StateSpace space = mj::explore(settings, options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return mj::cli::report_state_space(settings.name, settings, space, a.files, seconds);
}

// --max-cells, which both the list and `mj run` take.
void add_max_cells(CLI::App& app, long long& cells) {
  app.add_option(
         "--max-cells", cells,
         fmt::format("largest grid in cells, also for grids that map and wfc make (default: {})", mj::kMaxCells))
      ->check(positive("cells", LLONG_MAX));
}

void add_list_options(CLI::App& app, CommandLine& c) {
  app.set_version_flag("--version", fmt::format("mj {}", mj::kVersion));
  app.add_option("models", c.list, "a models.xml to run (default: ./models.xml, else the built-in demo)");
  app.add_option("--out", c.batch.out, "output folder")->capture_default_str();
  app.add_option("--meta-seed", c.batch.meta_seed, "seed of the seeds for entries without enough `seeds`")
      ->capture_default_str()
      ->check(any_int());
  app.add_option("-j,--jobs", c.jobs, "runs at once (default: all cores)")->check(any_int());
  app.add_flag("--json", c.batch.json, "print one JSON object per finished run");
  app.add_flag("-q,--quiet", c.quiet, "print nothing but errors");
  add_max_cells(app, c.batch.max_cells);
}

void add_run_command(CLI::App& app, CommandLine& c) {
  RunArgs& r = c.run;
  CLI::App* run = c.run_command = app.add_subcommand("run", "run one model file");
  run->add_option("model", r.model, "the model's XML file")->required();
  run->add_option("--size", r.size,
                  fmt::format("grid size in every dimension (default: the model's entry in models.xml or demo.xml "
                              "beside it, else {}, or {} with --d 3)",
                              mj::kDefaultSize2d, mj::kDefaultSize3d))
      ->check(any_int());
  run->add_option("--length", r.length, "grid size along x")->check(any_int());
  run->add_option("--width", r.width, "grid size along y")->check(any_int());
  run->add_option("--height", r.height, "grid size along z (3D)")->check(any_int());
  run->add_option("--d", r.d, "dimension, 2 or 3 (default: the model's entry, else 3 when its rules are 3D)")
      ->check(any_int());
  run->add_option("--seed", r.seed,
                  fmt::format("random seed (default: the model's entry's first seed, else {})", mj::kDefaultSeed))
      ->check(any_int());
  run->add_option("--steps", r.steps,
                  fmt::format("step limit, 0 for none (default: the model's entry, else {})", mj::kDefaultSteps))
      ->check(any_int());
  run->add_option("--resources", r.resources, "resources folder (default: ../resources from the model)")
      ->check(a_path());
  run->add_option("--out", r.out, "output folder")->check(a_path())->capture_default_str();
  run->add_option("--state", r.state, "write the final grid as text to this file")->check(a_path());
  run->add_option("--pixelsize", r.pixelsize,
                  fmt::format("pixels per cell, 1 to {} (default: the model's entry, else {})", mj::kMaxPixelsize,
                              mj::kDefaultPixelsize))
      ->check(any_int());
  run->add_flag("--iso", r.iso, "render 3D grids as isometric PNG instead of VOX");
  run->add_flag(
      "--backtrack", r.backtrack,
      fmt::format("every wfc undoes its last observations on a contradiction instead of starting over, "
                  "after undoing {} observations going on in blocks from a ground pattern (Empty) filling all "
                  "it may, giving up only without one (a run is the reference's unless the "
                  "collapse of the wfc's first seed meets a contradiction)",
                  mj::kMostUndoneChoices));
  run->add_flag("--no-picture", r.no_picture, "write no image or voxel file");
  run->add_option("--start", r.start,
                  "start from this picture (PNG in palette colours, or VOX) instead of the empty grid")
      ->check(a_path());
  run->add_option("--pins", r.pins,
                  "cells no node may change all run long: a PNG in palette colours (transparent: free), a VOX (empty: "
                  "free) or a state text as --state writes it (*: free)")
      ->check(a_path());
  run->add_option("--goal", r.goal,
                  "cells the run must end with, added to the model's <observe> (same formats as --pins)")
      ->check(a_path());
  auto* gif = run->add_option("--gif", r.gif, "also write an animated GIF of the run to this file")->check(a_path());
  run->add_option("--inputs", r.inputs,
                  "replay a game: send the keys of this file (\"STEP KEY\" a line, as --record and mj play --record "
                  "write them) at their steps")
      ->excludes(gif)
      ->check(a_path());
  run->add_option("--record", r.record, "write the keys the run was sent to this file (\"STEP KEY\" a line)")
      ->check(a_path());
  run->add_option("--gltf", r.gltf, "also write the final grid as a glTF 2.0 binary mesh (.glb), value 0 empty")
      ->check(a_path());
  run->add_option(
         "--tiled", r.tiled,
         "also write the final grid as a Tiled map (.tmj) with its tileset beside it: the palette's colours, or a tile "
         "model's tile pictures")
      ->check(a_path());
  run->add_option("--every", r.every, "with --gif: a frame every K steps")
      ->capture_default_str()
      ->check(positive("steps"));
  run->add_flag("-q,--quiet", c.quiet, "print nothing but errors");
  add_max_cells(*run, r.max_cells);
}

void add_explore_command(CLI::App& app, CommandLine& c) {
  ExploreArgs& e = c.explore;
  CLI::App* explore = c.explore_command = app.add_subcommand(
      "explore", "every state a small model can reach, and the exact probability of each way it ends");
  explore->add_option("model", e.model, "the model's XML file")->required();
  explore->add_option("--size", e.size, "grid size in every dimension (default: as mj run)")->check(any_int());
  explore->add_option("--length", e.length, "grid size along x")->check(any_int());
  explore->add_option("--width", e.width, "grid size along y")->check(any_int());
  explore->add_option("--height", e.height, "grid size along z (3D)")->check(any_int());
  explore->add_option("--d", e.d, "dimension, 2 or 3")->check(any_int());
  explore->add_option("--resources", e.resources, "resources folder (default: ../resources from the model)");
  auto* all_grids = explore->add_flag("--all-grids", e.all_grids,
                                      "every grid of the size as a start, for a program of one rule node: Garden of "
                                      "Eden and halting grids, closed classes and their basins");
  explore->add_option("--max-states", e.max_states, "stop with an error past this many states (grids with --all-grids)")
      ->capture_default_str()
      ->check(positive("states", LLONG_MAX));
  explore->add_option("--json", e.files.json, "write the states, transitions and outcomes as JSON to this file");
  auto* predecessors = explore->add_option("--predecessors", e.predecessors,
                                           "list every grid that leads to this grid in one step of a one-rule-node "
                                           "program (a PNG, a VOX, or mj run --state's "
                                           "text; its size is the grid's)");
  explore
      ->add_option("--garden-of-eden", e.garden_of_eden,
                   "whether no grid leads to this grid in one step (a PNG, a VOX, or mj run --state's text)")
      ->excludes(predecessors)
      ->excludes(all_grids);
  predecessors->excludes(all_grids);
  explore
      ->add_option("--backward", e.backward, "with --predecessors: the pre-image tree to this depth, counts per depth")
      ->needs(predecessors)
      ->check(positive("depth"));
  explore->add_option("--threads", e.threads, "--all-grids: threads to step grids on (default: every core)")
      ->needs(all_grids);
  explore->add_option("--dot", e.files.dot, "write the graph for Graphviz to this file")->excludes(all_grids);
}

// `mj play`: a game in the terminal, with the sides, steps, seed and resources `mj run` takes.
void add_play_command(CLI::App& app, CommandLine& c) {
  RunArgs& p = c.play;
  CLI::App* play = c.play_command = app.add_subcommand(
      "play",
      "play a game (a model with <event> nodes) in this terminal: the arrow keys and letters are sent to it, "
      "q or Ctrl-C quits");
  play->add_option("model", p.model, "the model's XML file")->required();
  play->add_option("--size", p.size, "grid size in every dimension (default: as mj run)")->check(any_int());
  play->add_option("--length", p.length, "grid size along x")->check(any_int());
  play->add_option("--width", p.width, "grid size along y")->check(any_int());
  play->add_option("--seed", p.seed, "random seed (default: as mj run)")->check(any_int());
  play->add_option("--steps", p.steps, "step limit, 0 for none (default: as mj run)")->check(any_int());
  play->add_option("--resources", p.resources, "resources folder (default: ../resources from the model)");
  play->add_option("--record", p.record, "write the keys sent, with their steps, to this file (mj run --inputs)");
}

int play_model(const RunArgs& a, const CLI::App& command) {
  mj::RunRequest r;
  r.model = a.model.string();
  r.resources = a.resources;
  r.size = given(command, "--size", a.size), r.length = given(command, "--length", a.length);
  r.width = given(command, "--width", a.width), r.dimension = 2;
  r.steps = given(command, "--steps", a.steps), r.seed = given(command, "--seed", a.seed);
  mj::Model model(r);
  for (const mj::Notice& notice : model.notices()) fmt::print(stderr, "{}\n", notice.text());
  return mj::cli::play(model, model.settings().seed, a.record);
}

// `mj run`, else the list given, else ./models.xml, else the built-in demo.
int execute(CommandLine& c) {
  if (*c.run_command) return run_model(c.run, *c.run_command, c.quiet);
  if (*c.explore_command) return explore_model(c.explore, *c.explore_command);
  if (*c.play_command) return play_model(c.play, *c.play_command);
  if (*c.world_command) return mj::cli::world_command(c.world, *c.world_command, c.quiet);
  c.batch.quiet = c.quiet;
  c.batch.jobs = mj::worker_count(given(*c.app, "--jobs", c.jobs));
  if (!c.list.empty()) return run_list(c.list, c.batch);
  if (fs::exists("models.xml")) return run_list("models.xml", c.batch);
  if (!c.quiet && !c.batch.json)
    fmt::print("no models.xml here: running the built-in demo into {}/\n", c.batch.out.string());
  return mj::cli::run_demo(c.batch);
}

}  // namespace

int main(int argc, char** argv) {
  mj::cli::keep_freed_memory();
  CLI::App app{"mj: MarkovJunior, the probabilistic programming language for procedural generation"};
  CommandLine command;
  command.app = &app;
  add_list_options(app, command);
  add_run_command(app, command);
  add_explore_command(app, command);
  add_play_command(app, command);
  command.world_command = mj::cli::add_world_command(app, command.world, command.quiet);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "mj: {} (see mj --help)\n", e.what());
    return 1;  // like every other bad input
  }
  try {
    return execute(command);
  } catch (...) {
    fmt::print(stderr, "{}\n", mj::cli::error_text(std::current_exception()));
    return mj::cli::Interrupt::requested() ? 130 : 1;  // stopped by Ctrl-C: as the shell says a signal's end
  }
}
