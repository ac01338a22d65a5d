// The outputs beside the engine (mj/outputs.hpp): a grid's pictures, files and names, decided once for every
// face, from the engine's public calls alone.
#include "mj/outputs.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string>

#include "core/xml.hpp"
#include "io/formats/picture_cells.hpp"
#include "io/formats/state_text.hpp"
#include "mj/files.hpp"
#include "outputs/animation.hpp"

namespace mj {

namespace {

int pixelsize_or(std::optional<int> given, int decided) {
  if (!given) return decided;
  check_pixelsize(*given);
  return *given;
}

// The line of the first element whose `values` lists `symbol` (the root, or a map or wfc making a grid); 0 when
// none does.
int line_of_values(const XmlElement& e, char symbol) {
  if (auto values = e.text("values"); values && values->find(symbol) != std::string::npos) return e.line();
  for (const XmlElement& child : e.children())
    if (int line = line_of_values(child, symbol)) return line;
  return 0;
}

// Where the model lists `symbol`: its file (or the name its text was given) and the line.
int line_in_model(const RunSettings& s, char symbol) {
  try {
    auto document = s.xml ? XmlDocument::load_string(*s.xml, s.source) : XmlDocument::load_file(s.file);
    return line_of_values(document->root(), symbol);
  } catch (const Error&) {
    return 0;  // the model loaded before: a file changed since is no reason to hide the first error
  }
}

std::vector<uint32_t> grid_colors(const RunSettings& settings, const std::string& legend) {
  try {
    return legend_colors(legend, settings.palette);
  } catch (const Error& e) {  // a symbol without a colour: said at the line of the model that lists it
    auto colourless = std::find_if(legend.begin(), legend.end(), [&](char c) { return !settings.palette.count(c); });
    if (!e.file().empty() || colourless == legend.end()) throw;
    throw Error(settings.source, line_in_model(settings, *colourless), e.message(), e.kind());
  }
}

GridView shape_of(const Model& model) {
  const GridView g = model.grid();
  return {g.mx, g.my, g.mz, g.legend, nullptr, {}};
}

}  // namespace

// A GIF's options from save's, checked, the pixel size the settings' when not given.
AnimationOptions animation_options(const RunSettings& settings, const SaveOptions& options) {
  if (options.every < 1)
    throw argument_error("a GIF has a frame every 1 or more steps, got " + std::to_string(options.every));
  return {pixelsize_or(options.pixelsize, settings.pixelsize), options.every, options.delay,
          [&settings](const std::string& legend) { return grid_colors(settings, legend); }};
}

GridView Snapshot::grid() const { return GridView{mx, my, mz, legend, cells.data(), {}}; }

std::vector<uint32_t> Snapshot::colors() const { return grid_colors(settings, legend); }

RgbaImage Snapshot::image(std::optional<int> pixelsize) const {
  return to_rgba(render(grid(), colors(), {pixelsize_or(pixelsize, settings.pixelsize)}));
}

std::vector<uint8_t> Snapshot::png(std::optional<int> pixelsize) const {
  return encode_png(grid(), colors(), pixelsize_or(pixelsize, settings.pixelsize));
}

void Snapshot::save(const std::filesystem::path& file, const SaveOptions& options) const {
  const int pixelsize = pixelsize_or(options.pixelsize, settings.pixelsize);
  const GridFormat format = options.format ? *options.format : grid_format(file);
  // The state text names symbols; only pictures need their colours.
  if (format == GridFormat::state) return save_file(file, state_text());
  const std::vector<uint32_t> palette = colors();
  switch (format) {
    case GridFormat::state: break;
    case GridFormat::png: return save_png(file, grid(), palette, pixelsize);
    case GridFormat::vox: return save_vox(file, grid(), palette);
    case GridFormat::glb: return save_glb(file, grid(), palette);
    case GridFormat::tiled: return void(save_tiled(file, grid(), palette, pixelsize, tiles ? &*tiles : nullptr));
    case GridFormat::gif: break;
  }
  throw argument_error("a GIF is an animation of a run: save it from the Model that runs it (mj::save)");
}

std::string Snapshot::state_text() const { return mj::state_text(settings.name, grid(), seed, step); }

std::string Snapshot::output_stem() const { return mj::output_stem(settings.name, seed); }

std::filesystem::path Snapshot::save_picture(const std::filesystem::path& folder, const std::string& name) const {
  make_folder(folder);
  return save_picture_as(folder / (name.empty() ? output_stem() : mj::output_stem(name, seed)));
}

std::filesystem::path Snapshot::save_picture_as(const std::filesystem::path& stem) const {
  const std::filesystem::path file = picture_file(stem, grid(), settings.iso);
  if (settings.gui > 0 && tree && grid_format(file) == GridFormat::png) {  // the node tree in a margin, as the GUI
    Image picture = render(grid(), colors(), {settings.pixelsize, settings.gui});
    draw_sidebar(picture, settings.name, *tree, settings.palette, settings.load.resources);
    save_png(file, picture);
  } else {
    save_grid(file, grid(), colors(), settings.pixelsize);
  }
  return file;
}

void save(Model& model, const std::filesystem::path& file, const SaveOptions& options) {
  const GridFormat format = options.format ? *options.format : grid_format(file);
  if (format != GridFormat::gif) return model.snapshot().save(file, options);
  // The run again, frame by frame, to where it stands now: the same seed gives the same run.
  const RunStatus status = model.status();
  if (!status.started) throw argument_error("saving a GIF before a run is started (start or run)");
  // The run goes on to its own limit afterwards, also when writing the GIF fails: it stands where it is.
  const auto keep_limit = [&] {
    const RunStatus now = model.status();
    if (now.step_limit == status.step_limit) return;
    if (now.steps == 0) return model.start(status.seed, status.step_limit);  // nothing to step back to: anew
    RunControl stay;  // the limit given back without a step: the run stands at its limit for this advance
    stay.max_steps = now.steps;
    model.advance(stay, status.step_limit);
  };
  try {
    save_run(model, file, status.seed, status.ended ? status.step_limit : status.steps, options);
  } catch (...) {
    keep_limit();
    throw;
  }
  keep_limit();
}

RunEnd save_run(Model& model, const std::filesystem::path& file, int seed, std::optional<int> steps,
                const SaveOptions& options, RunControl control) {
  const AnimationOptions animation = animation_options(model.settings(), options);
  control.max_steps = 0;  // the run's own limit
  return write_animation(model, seed, steps, control, animation, file);
}

std::vector<uint8_t> initial_cells(const Model& model, const std::filesystem::path& file) {
  return io::cells_of_picture(file, shape_of(model), model.settings().palette);
}

std::vector<uint8_t> constraint_cells(const Model& model, const std::filesystem::path& file) {
  return io::constraint_cells(file, model.pinned_grid(), model.settings().palette);
}

std::string run_summary(const Model& model, const std::string& written, std::optional<long long> milliseconds) {
  const RunSettings& s = model.settings();
  std::string sized;
  if (s.size_from != "given") sized = fmt::format(" ({}x{}x{}, {})", s.load.mx, s.load.my, s.load.mz, s.size_from);
  const RunStatus status = model.status();
  const std::string timed = milliseconds ? fmt::format(", {} ms", *milliseconds) : "";
  return fmt::format("{} seed {}{}: {} steps{}{}{}", s.name, status.seed, sized, status.steps, timed,
                     written.empty() ? "" : " -> ", written);
}

}  // namespace mj
