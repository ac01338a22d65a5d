#include "io/render/render.hpp"

#include <algorithm>

#include "io/render/canvas.hpp"

namespace mj::io {

Image render_2d(const uint8_t* state, int mx, int my, const std::vector<uint32_t>& colors, int pixelsize, int margin) {
  check_at_least({mx, my, pixelsize}, 1, "grid size and pixel size");
  check_at_least({margin}, 0, "margin");
  check_colors(state, static_cast<size_t>(mx) * my, colors, false);
  Image image =
      make_canvas(margin + static_cast<long long>(mx) * pixelsize, static_cast<long long>(my) * pixelsize, kBackground);
  // The margin is a background strip on the left, where the reference GUI draws.
  // Each grid row is drawn once and copied to the other pixel rows it covers.
  for (int y = 0; y < my; ++y) {
    uint32_t* row = &image.argb[static_cast<size_t>(y) * pixelsize * image.width];
    const uint8_t* cells = state + static_cast<size_t>(y) * mx;
    for (int x = 0; x < mx; ++x) std::fill_n(row + margin + x * pixelsize, pixelsize, colors[cells[x]]);
    for (int k = 1; k < pixelsize; ++k) std::copy_n(row, image.width, row + static_cast<size_t>(k) * image.width);
  }
  return image;
}

Image render_cells(const uint8_t* state, int mx, int my, int mz, const std::vector<uint32_t>& colors, int pixelsize,
                   int margin) {
  return mz == 1 ? render_2d(state, mx, my, colors, pixelsize, margin)
                 : render_isometric(state, mx, my, mz, colors, pixelsize, margin);
}

}  // namespace mj::io

namespace mj {

Image render(const GridView& grid, const std::vector<uint32_t>& colors, const RenderOptions& options) {
  return io::render_cells(grid.cells, grid.mx, grid.my, grid.mz, colors, options.pixelsize, options.margin);
}

}  // namespace mj
