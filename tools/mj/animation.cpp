#include "animation.hpp"

#include <algorithm>

#include "mj/picture.hpp"

namespace mj::cli {

namespace {

struct Size {
  int width = 0, height = 0;
};

Size picture_size(const GridView& g, int pixelsize) {
  if (g.mz == 1) return {g.mx * pixelsize, g.my * pixelsize};
  return {(g.mx + g.my + 2) * pixelsize, ((g.mx + g.my) / 2 + g.mz + 2) * pixelsize};
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
  mj::Image out{canvas.width, canvas.height,
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
  mj::GifWriter gif(file, canvas.width, canvas.height, options.delay);
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
