#include "animation.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "mj/picture.hpp"

namespace mj::cli {

namespace {

struct Size {
  long long width = 0, height = 0;  // wide enough for any grid times any pixel size
};

Size picture_size(const GridView& g, long long pixelsize) {
  if (g.mz == 1) return {g.mx * pixelsize, g.my * pixelsize};
  return {(g.mx + g.my + 2) * pixelsize, ((g.mx + g.my) / 2 + g.mz + 2) * pixelsize};
}

// Frames are checked before the GIF file is made: its sides are 16-bit, and mj draws at most
// kMaxPicturePixels; both are said in terms of the pixel size.
void check_gif_size(Size canvas, int pixelsize, const std::filesystem::path& file) {
  std::string limit;
  if (canvas.width > GifWriter::kMaxSide || canvas.height > GifWriter::kMaxSide)
    limit = fmt::format("more than a GIF's {} a side", GifWriter::kMaxSide);
  else if (canvas.width * canvas.height > kMaxPicturePixels) limit = "more than the 2^28 pixels mj draws";
  if (limit.empty()) return;
  throw Error(file.string(), 0,
              fmt::format("the frames would be {}x{} pixels, {} (--pixelsize is {})", canvas.width, canvas.height,
                          limit, pixelsize));
}

// Steps the run, calling `frame` before every `every`-th step and once at the end.
template <class Frame>
int replay(Interpreter& ip, int seed, int max_steps, int every, Frame frame) {
  ip.start(seed);
  while (!ip.finished() && (max_steps <= 0 || ip.steps() < max_steps)) {
    if (ip.steps() % every == 0) frame();
    ip.step();
  }
  frame();
  return ip.steps();
}

mj::Image on_canvas(const mj::Image& picture, Size canvas) {
  if (picture.width == canvas.width && picture.height == canvas.height) return picture;
  mj::Image out{int(canvas.width), int(canvas.height),
                std::vector<uint32_t>(size_t(canvas.width) * size_t(canvas.height), kBackground)};
  for (int y = 0; y < picture.height; y++)
    std::copy_n(&picture.argb[size_t(y) * size_t(picture.width)], picture.width,
                &out.argb[size_t(y) * size_t(canvas.width)]);
  return out;
}

}  // namespace

int write_animation(Interpreter& ip, int seed, int max_steps, const mj::Palette& palette,
                    const AnimationOptions& options, const std::filesystem::path& file) {
  int every = std::max(1, options.every);
  Size canvas;
  replay(ip, seed, max_steps, every, [&] {
    Size s = picture_size(ip.grid(), options.image.pixelsize);
    canvas = {std::max(canvas.width, s.width), std::max(canvas.height, s.height)};
  });
  check_gif_size(canvas, options.image.pixelsize, file);
  mj::GifWriter gif(file, int(canvas.width), int(canvas.height), options.delay);
  ip.set_animated(true);
  int steps = replay(ip, seed, max_steps, every, [&] {
    GridView g = ip.grid();
    mj::Image picture = render(g, legend_colors(g.legend, palette), {options.image.pixelsize});
    gif.add_frame(on_canvas(picture, canvas));
  });
  ip.set_animated(false);
  gif.close();
  return steps;
}

}  // namespace mj::cli
