// Isometric rendering, pixel-exact with the reference: visible cubes are found
// front to back, then stamped back to front as shaded sprites with outlines.
#include <algorithm>
#include <array>

#include "io/render/canvas.hpp"
#include "io/render/render.hpp"
#include "io/render/sprite.hpp"

namespace mj::io {
namespace {

struct Grid {
  const uint8_t* state;
  int mx, my, mz;
  uint8_t at(int x, int y, int z) const { return state[x + y * mx + z * mx * my]; }
  bool filled(int x, int y, int z) const { return at(x, y, z) != 0; }
};

struct Voxel {
  uint32_t color;
  int x, y, z;
  std::array<bool, 8> edges;
};

// Which Sprite::edges outline this cube: an outline is drawn where no
// neighbouring cube continues the surface (callers guarantee in-range reads
// through the short-circuits).
std::array<bool, 8> outline_edges(const Grid& g, int x, int y, int z) {
  const bool open_x = x == 0 || !g.filled(x - 1, y, z);
  const bool open_y = y == 0 || !g.filled(x, y - 1, z);
  const bool open_z = z == 0 || !g.filled(x, y, z - 1);
  const bool last_x = x == g.mx - 1, last_y = y == g.my - 1, last_z = z == g.mz - 1;
  return {last_y || !g.filled(x, y + 1, z),
          last_x || !g.filled(x + 1, y, z),
          open_x || (!last_y && g.filled(x - 1, y + 1, z)),
          open_x || (!last_z && g.filled(x - 1, y, z + 1)),
          open_y || (!last_x && g.filled(x + 1, y - 1, z)),
          open_y || (!last_z && g.filled(x, y - 1, z + 1)),
          open_z || (!last_x && g.filled(x + 1, y, z - 1)),
          open_z || (!last_y && g.filled(x, y + 1, z - 1))};
}

// Calls f(x, y, z) for the cells with x + y + z == depth, in the reference's
// z-major, then y, then x scan order (drawing order within a depth matters).
template <class F>
void for_each_at_depth(const Grid& g, int depth, F f) {
  for (int z = std::max(0, depth - (g.mx - 1) - (g.my - 1)); z <= std::min(g.mz - 1, depth); ++z)
    for (int y = std::max(0, depth - z - (g.mx - 1)); y <= std::min(g.my - 1, depth - z); ++y) f(depth - y - z, y, z);
}

// Non-hidden cubes, bucketed by depth x + y + z. Two cubes hide one another
// when they project to the same screen cell (u, v); scanning from the nearest
// depth outward, the first cube to claim a cell is the visible one.
std::vector<std::vector<Voxel>> visible_voxels(const Grid& g, const std::vector<uint32_t>& colors) {
  const int depths = g.mx + g.my + g.mz - 2, rows_v = g.mx + g.my + 2 * g.mz - 3;
  std::vector<std::vector<Voxel>> buckets(depths);
  std::vector<char> claimed(static_cast<size_t>(g.mx + g.my - 1) * rows_v, 0);
  for (int depth = depths - 1; depth >= 0; --depth)
    for_each_at_depth(g, depth, [&](int x, int y, int z) {
      if (!g.filled(x, y, z)) return;
      char& cell = claimed[static_cast<size_t>(x - y + g.my - 1) * rows_v + (x + y - 2 * z + 2 * g.mz - 2)];
      if (cell) return;
      cell = 1;
      buckets[depth].push_back({colors[g.at(x, y, z)], x, y, z, outline_edges(g, x, y, z)});
    });
  return buckets;
}

// The picture right of the margin; cubes may spill left into the margin only.
struct Screen {
  Image& image;
  int margin, width, height;
};

// One channel scaled by a grey level, in float as the reference computes it.
uint32_t shade(uint32_t channel, int grey) {
  return static_cast<uint8_t>(static_cast<float>(channel) * static_cast<float>(grey) / 256.0f);
}

void blit(Screen& s, const Sprite& sprite, const std::vector<int>& stencil, int left, int top, uint32_t color) {
  const uint32_t r = color >> 16 & 0xFF, g = color >> 8 & 0xFF, b = color & 0xFF;
  for (int dy = 0; dy < sprite.height; ++dy)
    for (int dx = 0; dx < sprite.width; ++dx) {
      const int grey = stencil[dx + dy * sprite.width], x = left + dx, y = top + dy;
      if (grey < 0 || s.margin + x < 0 || x >= s.width || y < 0 || y >= s.height) continue;
      s.image.argb[s.margin + x + static_cast<size_t>(y) * (s.margin + s.width)] =
          0xFF000000u | shade(r, grey) << 16 | shade(g, grey) << 8 | shade(b, grey);
    }
}

}  // namespace

Image render_isometric(const uint8_t* state, int mx, int my, int mz, const std::vector<uint32_t>& colors, int blocksize,
                       int margin) {
  check_at_least({mx, my, mz, blocksize}, 1, "grid size and block size");
  check_at_least({margin}, 0, "margin");
  check_colors(state, static_cast<size_t>(mx) * my * mz, colors, true);
  const long long bs = blocksize, fit_height = ((mx + my) / 2 + mz) * bs;
  const long long width = (mx + my) * bs + 2 * bs, height = fit_height + 2 * bs;
  Image image = make_canvas(margin + width, height, kBackground);  // rejects overflowing sizes
  Screen screen{image, margin, static_cast<int>(width), static_cast<int>(height)};
  const Sprite sprite(blocksize);
  const Grid grid{state, mx, my, mz};
  const int top0 = static_cast<int>((height - fit_height) / 2) + (mz - 1) * blocksize;
  for (const std::vector<Voxel>& bucket : visible_voxels(grid, colors))
    for (const Voxel& v : bucket) {
      const int left = screen.width / 2 + blocksize * (v.x - v.y) - blocksize;
      const int top = top0 + blocksize * (v.x + v.y) / 2 - blocksize * v.z;
      blit(screen, sprite, sprite.cube, left, top, v.color);
      for (int j = 0; j < 8; ++j)
        if (v.edges[j]) blit(screen, sprite, sprite.edges[j], left, top, v.color);
    }
  return image;
}

}  // namespace mj::io
