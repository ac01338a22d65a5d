#include "outputs/animation.hpp"

#include <algorithm>
#include <string>

#include "core/point.hpp"
#include "mj/error.hpp"

namespace mj {

namespace {

struct Canvas {
  long long width = 0, height = 0;  // wide enough for any grid times any pixel size
};

Canvas picture_size(const GridView& g, long long pixelsize) {
  if (g.mz == 1) return {g.mx * pixelsize, g.my * pixelsize};
  return {(g.mx + g.my + 2) * pixelsize, ((g.mx + g.my) / 2 + g.mz + 2) * pixelsize};
}

// Frames are checked before the GIF file is made: its sides are 16-bit, and mj draws at most
// kMaxPicturePixels; both are said in terms of the pixel size.
void check_gif_size(Canvas canvas, int pixelsize, const std::filesystem::path& file) {
  std::string limit;
  if (canvas.width > GifWriter::kMaxSide || canvas.height > GifWriter::kMaxSide)
    limit = "more than a GIF's " + std::to_string(GifWriter::kMaxSide) + " a side";
  else if (canvas.width * canvas.height > kMaxPicturePixels) limit = "more than the 2^28 pixels mj draws";
  if (limit.empty()) return;
  throw Error(file.string(), 0,
              "the frames would be " + size_text(canvas.width, canvas.height) + " pixels, " + limit +
                  " ({setting} is " + std::to_string(pixelsize) + ")",
              Setting::pixelsize);
}

std::vector<uint32_t> frame_colors(const std::string& legend, const Palette& palette, const AnimationOptions& options) {
  return options.colors ? options.colors(legend) : legend_colors(legend, palette);
}

// A GIF of every step of a long run is gigabytes written for minutes: more frames than the options'
// bound are refused before the file is made, with the `every` that keeps them under it.
void check_frame_count(long long frames, const AnimationOptions& options, const std::filesystem::path& file) {
  if (options.max_frames <= 0 || frames <= options.max_frames) return;
  const long long fits =
      std::max(1, options.every) * ((frames + options.max_frames - 2) / std::max(1, options.max_frames - 1));
  throw Error(file.string(), 0,
              "the GIF would have " + std::to_string(frames) + " frames, more than " +
                  std::to_string(options.max_frames) + ": a frame every " + std::to_string(fits) +
                  " steps keeps it under (every " + std::to_string(fits) + ")",
              ErrorKind::argument);
}

Image on_canvas(const Image& picture, Canvas canvas) {
  if (picture.width == canvas.width && picture.height == canvas.height) return picture;
  Image out{int(canvas.width), int(canvas.height),
            std::vector<uint32_t>(size_t(canvas.width) * size_t(canvas.height), kBackground)};
  for (int y = 0; y < picture.height; y++)
    std::copy_n(&picture.argb[size_t(y) * size_t(picture.width)], picture.width,
                &out.argb[size_t(y) * size_t(canvas.width)]);
  return out;
}

}  // namespace

RunEnd write_animation(Model& model, int seed, std::optional<int> steps, const RunControl& control,
                       const AnimationOptions& options, const std::filesystem::path& file) {
  const Palette& palette = model.settings().palette;
  RunControl sizing = control;  // a first pass finds the largest frame: the canvas
  Canvas canvas;
  sizing.every = std::max(1, options.every);
  sizing.animated = false;  // the grid's size is the same either way
  long long frames = 0;
  sizing.frame = [&] {
    frames++;
    Canvas s = picture_size(model.grid(), options.pixelsize);
    canvas = {std::max(canvas.width, s.width), std::max(canvas.height, s.height)};
  };
  if (model.run(seed, steps, sizing) == RunEnd::stopped) return RunEnd::stopped;
  check_gif_size(canvas, options.pixelsize, file);
  check_frame_count(frames, options, file);

  GifWriter gif(file, int(canvas.width), int(canvas.height), options.delay);  // abandoned unless closed
  RunControl recording = sizing;
  recording.frame = [&] {
    GridView g = model.grid();
    gif.add_frame(on_canvas(render(g, frame_colors(g.legend, palette, options), {options.pixelsize}), canvas));
  };
  recording.animated = true;  // nodes keep their visible state up to date while frames are drawn
  RunEnd end = model.run(seed, steps, recording);
  if (end != RunEnd::stopped) gif.close();
  return end;
}

void write_animation(const History& history, int from, int to, const Palette& palette, const AnimationOptions& options,
                     const std::filesystem::path& file) {
  if (from > to)
    throw argument_error("a GIF of the record from step " + std::to_string(from) + " back to step " +
                         std::to_string(to) + ": the first step comes after the last");
  const int every = std::max(1, options.every);
  const auto frame_at = [&](int step) { return step % every == 0 || step == to; };  // as a run's frame callback
  Canvas canvas;
  long long frames = 0;
  for (int step = from; step <= to; step++)
    if (frame_at(step)) {
      frames++;
      const Canvas s = picture_size(history.grid_at(step), options.pixelsize);
      canvas = {std::max(canvas.width, s.width), std::max(canvas.height, s.height)};
    }
  check_gif_size(canvas, options.pixelsize, file);
  check_frame_count(frames, options, file);
  GifWriter gif(file, int(canvas.width), int(canvas.height), options.delay);  // abandoned unless closed
  for (int step = from; step <= to; step++)
    if (frame_at(step)) {
      const GridView g = history.grid_at(step);
      gif.add_frame(on_canvas(render(g, frame_colors(g.legend, palette, options), {options.pixelsize}), canvas));
    }
  gif.close();
}

}  // namespace mj
