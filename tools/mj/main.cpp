// mj: the command-line tool. `mj` in a folder with models.xml runs it like the reference;
// `mj run MODEL.xml` runs one model; with neither, the built-in demo runs.
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include <charconv>
#include <climits>
#include <thread>

#include "animation.hpp"
#include "batch.hpp"
#include "demo.hpp"
#include "mj/model_list.hpp"
#include "mj/picture.hpp"
#include "mj/state_text.hpp"
#include "mj/version.hpp"
#include "outputs.hpp"
#include "progress.hpp"

namespace fs = std::filesystem;

namespace {

struct RunArgs {
  fs::path model, resources, out = "output", state, gif, start;
  int every = 1;
  long long max_cells = 0;
  int size = 0, length = 0, width = 0, height = 0, d = 2, seed = 1, steps = 50000, pixelsize = 4;
  bool iso = false, no_picture = false;
  std::map<char, uint32_t> colors;  // the listed entry's colours, over the palette
  std::string size_from;            // where the size came from when not given
};

// Sizes for `mj run` when neither the command line nor a list beside the model gives one.
constexpr int kDefaultSize2d = 64, kDefaultSize3d = 24;

// `mj run` without a size runs the model as its entry in a list beside it says (size, steps, pixel
// size, colours; what the command line gives still wins), or at a default size.
void take_listed_entry(RunArgs& a, const CLI::App& run) {
  for (const char* flag : {"--size", "--length", "--width", "--height"})
    if (run.count(flag) > 0) return;
  auto listed = mj::find_listed_entry(a.model);
  if (!listed) {
    a.size = a.d == 3 ? kDefaultSize3d : kDefaultSize2d;
    a.size_from = "default size";
    return;
  }
  const mj::ModelEntry& e = listed->entry;
  a.length = e.mx, a.width = e.my, a.height = e.mz, a.d = e.mz > 1 ? 3 : 2;
  if (run.count("--steps") == 0) a.steps = e.steps;
  if (run.count("--pixelsize") == 0) a.pixelsize = e.pixelsize;
  a.iso = a.iso || e.iso;
  a.colors = e.colors;
  a.size_from = fmt::format("{}:{}", listed->list.string(), e.line);
}

// The built-in palette with the resources' palette.xml over it, so that every model has colours anywhere.
mj::Palette palette_in(const fs::path& resources) { return mj::palette_with(resources / "palette.xml"); }

mj::LoadOptions load_options(const RunArgs& a) {
  if (a.size <= 0 && (a.length <= 0 || a.width <= 0))
    throw mj::Error("", 0, "give the grid size: --size N, or --length X --width Y [--height Z]");
  mj::LoadOptions o;
  o.mx = a.length > 0 ? a.length : a.size;
  o.my = a.width > 0 ? a.width : a.size;
  o.mz = a.height > 0 ? a.height : (a.d == 2 ? 1 : a.size);
  o.resources = a.resources.empty() ? a.model.parent_path().parent_path() / "resources" : a.resources;
  o.max_cells = a.max_cells;
  return o;
}

// Integer options are checked on their text, before CLI11 converts them, so that the message says what
// fits (CLI11's own range checks print a double's range, its conversion error says nothing).
CLI::Validator whole_number(long long least, long long most, const std::string& message) {
  auto check = [=](const std::string& text) -> std::string {
    long long n = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    bool whole = error == std::errc() && end == text.data() + text.size();
    if (whole && n > most) return fmt::format("must be at most {}", most);
    return whole && n >= least ? "" : message;
  };
  return CLI::Validator(check, least > 0 ? "N>0" : "");
}

// A count of `unit`: at least 1.
CLI::Validator positive(const std::string& unit, long long most = INT_MAX) {
  return whole_number(1, most, "must be a positive number of " + unit);
}

// A seed or step limit: any int.
CLI::Validator any_int() {
  return whole_number(INT_MIN, INT_MAX, fmt::format("must be a whole number from {} to {}", INT_MIN, INT_MAX));
}

int run_model(const RunArgs& a, bool quiet) {
  mj::LoadOptions options = load_options(a);
  mj::Interpreter interpreter = mj::Interpreter::from_file(a.model, options);
  std::string name = a.model.stem().string();
  mj::Palette palette = palette_in(options.resources);
  for (const auto& [symbol, color] : a.colors) palette[symbol] = color;
  if (!a.start.empty()) interpreter.set_initial_picture(a.start, palette);
  bool progress = !quiet && mj::cli::progress_wanted();
  int steps = a.gif.empty() ? mj::cli::run_with_progress(interpreter, a.seed, a.steps, name, progress)
                            : mj::cli::write_animation(interpreter, a.seed, a.steps, palette,
                                                       {{a.pixelsize, a.iso}, a.every}, a.gif);
  if (!a.state.empty()) mj::cli::write_text(a.state, mj::state_text(name, interpreter.grid(), a.seed, steps));
  std::string written;
  if (!a.no_picture) {
    mj::cli::make_folder(a.out);
    auto stem = a.out / fmt::format("{}_{}", mj::cli::safe_name(name), a.seed);
    written = mj::cli::write_picture(stem, interpreter.grid(), palette, {a.pixelsize, a.iso}).string();
  }
  std::string sized;
  if (!a.size_from.empty()) sized = fmt::format(" ({}x{}x{}, {})", options.mx, options.my, options.mz, a.size_from);
  if (!quiet)
    fmt::print("{} seed {}{}: {} steps{}{}\n", name, a.seed, sized, steps, written.empty() ? "" : " -> ", written);
  return 0;
}

int run_list(const fs::path& list, mj::cli::BatchOptions options) {
  fs::path folder = list.parent_path();
  options.resources = folder / "resources";
  options.palette = palette_in(options.resources);
  options.load = [folder](const mj::ModelEntry& entry, const mj::LoadOptions& load) {
    return mj::Interpreter::from_file(folder / "models" / (entry.name + ".xml"), load);
  };
  return mj::cli::run_batch(mj::load_model_list(list), options);
}

// Everything the command line can say: a list to run (or none), or one model (`mj run`).
struct CommandLine {
  fs::path list;
  bool quiet = false;
  mj::cli::BatchOptions batch;
  RunArgs run;
  CLI::App* run_command = nullptr;
};

// --max-cells, which both the list and `mj run` take.
void add_max_cells(CLI::App& app, long long& cells) {
  app.add_option("--max-cells", cells, "largest grid in cells, also for grids that map and wfc make (default: 2^28)")
      ->check(positive("cells", LLONG_MAX));
}

void add_list_options(CLI::App& app, CommandLine& c) {
  c.batch.jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  app.set_version_flag("--version", fmt::format("mj {}", mj::kVersion));
  app.add_option("models", c.list, "a models.xml to run (default: ./models.xml, else the built-in demo)");
  app.add_option("--out", c.batch.out, "output folder")->capture_default_str();
  app.add_option("--meta-seed", c.batch.meta_seed, "seed of the seeds for entries without enough `seeds`")
      ->capture_default_str()
      ->check(any_int());
  app.add_option("-j,--jobs", c.batch.jobs, "runs at once (default: all cores)")->check(positive("runs"));
  app.add_flag("--json", c.batch.json, "print one JSON object per finished run");
  app.add_flag("-q,--quiet", c.quiet, "print nothing but errors");
  add_max_cells(app, c.batch.max_cells);
}

void add_run_command(CLI::App& app, CommandLine& c) {
  RunArgs& r = c.run;
  CLI::App* run = c.run_command = app.add_subcommand("run", "run one model file");
  run->add_option("model", r.model, "the model's XML file")->required();
  run->add_option("--size", r.size,
                  "grid size in every dimension (default: the model's entry in models.xml or demo.xml beside it, else "
                  "64, or 24 with --d 3)")
      ->check(positive("cells"));
  run->add_option("--length", r.length, "grid size along x")->check(positive("cells"));
  run->add_option("--width", r.width, "grid size along y")->check(positive("cells"));
  run->add_option("--height", r.height, "grid size along z (3D)")->check(positive("cells"));
  run->add_option("--d", r.d, "dimension, 2 or 3")
      ->capture_default_str()
      ->check(CLI::Validator([](const std::string& d) { return d == "2" || d == "3" ? "" : "must be 2 or 3"; }, "2|3"));
  run->add_option("--seed", r.seed, "random seed")->capture_default_str()->check(any_int());
  run->add_option("--steps", r.steps, "step limit, <= 0 for none")->capture_default_str()->check(any_int());
  run->add_option("--resources", r.resources, "resources folder (default: ../resources from the model)");
  run->add_option("--out", r.out, "output folder")->capture_default_str();
  run->add_option("--state", r.state, "write the final grid as text to this file");
  run->add_option("--pixelsize", r.pixelsize, "pixels per cell")->capture_default_str()->check(positive("pixels"));
  run->add_flag("--iso", r.iso, "render 3D grids as isometric PNG instead of VOX");
  run->add_flag("--no-picture", r.no_picture, "write no image or voxel file");
  run->add_option("--start", r.start,
                  "start from this picture (PNG in palette colours, or VOX) instead of the empty grid");
  run->add_option("--gif", r.gif, "also write an animated GIF of the run to this file");
  run->add_option("--every", r.every, "with --gif: a frame every K steps")
      ->capture_default_str()
      ->check(positive("steps"));
  run->add_flag("-q,--quiet", c.quiet, "print nothing but errors");
  add_max_cells(*run, r.max_cells);
}

// `mj run`, else the list given, else ./models.xml, else the built-in demo.
int execute(CommandLine& c) {
  if (*c.run_command) {
    take_listed_entry(c.run, *c.run_command);
    return run_model(c.run, c.quiet);
  }
  c.batch.quiet = c.quiet;
  if (!c.list.empty()) return run_list(c.list, c.batch);
  if (fs::exists("models.xml")) return run_list("models.xml", c.batch);
  if (!c.quiet && !c.batch.json)
    fmt::print("no models.xml here: running the built-in demo into {}/\n", c.batch.out.string());
  return mj::cli::run_demo(c.batch);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mj: MarkovJunior, the probabilistic programming language for procedural generation"};
  CommandLine command;
  add_list_options(app, command);
  add_run_command(app, command);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    fmt::print(stderr, "mj: {} (see mj --help)\n", e.what());
    return 1;  // like every other bad input
  }
  try {
    return execute(command);
  } catch (const mj::Error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "mj: {}\n", e.what());
    return 1;
  }
}
