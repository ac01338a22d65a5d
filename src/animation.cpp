#include "mj/animation.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/point.hpp"

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

Image on_canvas(const Image& picture, Canvas canvas) {
  if (picture.width == canvas.width && picture.height == canvas.height) return picture;
  Image out{int(canvas.width), int(canvas.height),
            std::vector<uint32_t>(size_t(canvas.width) * size_t(canvas.height), kBackground)};
  for (int y = 0; y < picture.height; y++)
    std::copy_n(&picture.argb[size_t(y) * size_t(picture.width)], picture.width,
                &out.argb[size_t(y) * size_t(canvas.width)]);
  return out;
}

// The file is written under a name beside it and renamed when whole: a failed or stopped run
// leaves no half-written GIF under the name asked for.
struct PartialFile {
  std::filesystem::path final, partial;
  explicit PartialFile(const std::filesystem::path& file) : final(file), partial(file) { partial += ".partial"; }
  ~PartialFile() {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
  }
  void commit() const {
    std::error_code error;
    std::filesystem::rename(partial, final, error);
    if (error) throw Error(final.string(), 0, "cannot write the file: " + error.message());
  }
};

}  // namespace

RunEnd write_animation(Interpreter& ip, int seed, const RunControl& control, const Palette& palette,
                       const AnimationOptions& options, const std::filesystem::path& file) {
  RunControl sizing = control;  // a first pass finds the largest frame: the canvas
  Canvas canvas;
  sizing.every = std::max(1, options.every);
  sizing.frame = [&](const Interpreter& at) {
    Canvas s = picture_size(at.grid(), options.pixelsize);
    canvas = {std::max(canvas.width, s.width), std::max(canvas.height, s.height)};
  };
  if (ip.run(seed, sizing) == RunEnd::stopped) return RunEnd::stopped;
  check_gif_size(canvas, options.pixelsize, file);

  PartialFile out(file);
  GifWriter gif(out.partial, int(canvas.width), int(canvas.height), options.delay);
  RunControl recording = sizing;
  recording.frame = [&](const Interpreter& at) {
    GridView g = at.grid();
    gif.add_frame(on_canvas(render(g, legend_colors(g.legend, palette), {options.pixelsize}), canvas));
  };
  ip.set_animated(true);
  RunEnd end = ip.run(seed, recording);
  ip.set_animated(false);
  if (end == RunEnd::stopped) return end;
  gif.close();
  out.commit();
  return end;
}

}  // namespace mj
