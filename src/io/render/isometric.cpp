// Isometric rendering, pixel-exact with the reference: visible cubes are found
// front to back, then stamped back to front as shaded sprites with outlines.
#include <algorithm>
#include <array>
#include <cstddef>

#include "io/render/canvas.hpp"
#include "io/render/render.hpp"
#include "io/render/sprite.hpp"

namespace mj::io {
namespace {

struct VoxelGrid {
  const uint8_t* state;
  int mx, my, mz;
  uint8_t at(int x, int y, int z) const { return state[x + y * mx + z * mx * my]; }
  bool filled(int x, int y, int z) const { return at(x, y, z) != 0; }
};

struct Voxel {
  uint8_t value;
  int x, y, z;
  std::array<bool, 8> edges;
};

// Which Sprite::edges outline this cube: an outline is drawn where no
// neighbouring cube continues the surface (callers guarantee in-range reads
// through the short-circuits).
std::array<bool, 8> outline_edges(const VoxelGrid& g, int x, int y, int z) {
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
void for_each_at_depth(const VoxelGrid& g, int depth, F f) {
  for (int z = std::max(0, depth - (g.mx - 1) - (g.my - 1)); z <= std::min(g.mz - 1, depth); ++z)
    for (int y = std::max(0, depth - z - (g.mx - 1)); y <= std::min(g.my - 1, depth - z); ++y) f(depth - y - z, y, z);
}

// Non-hidden cubes, bucketed by depth x + y + z. Two cubes hide one another
// when they project to the same screen cell (u, v); scanning from the nearest
// depth outward, the first cube to claim a cell is the visible one.
std::vector<std::vector<Voxel>> visible_voxels(const VoxelGrid& g) {
  const int depths = g.mx + g.my + g.mz - 2, rows_v = g.mx + g.my + 2 * g.mz - 3;
  std::vector<std::vector<Voxel>> buckets(depths);
  std::vector<char> claimed(static_cast<size_t>(g.mx + g.my - 1) * rows_v, 0);
  for (int depth = depths - 1; depth >= 0; --depth)
    for_each_at_depth(g, depth, [&](int x, int y, int z) {
      if (!g.filled(x, y, z)) return;
      char& cell = claimed[static_cast<size_t>(x - y + g.my - 1) * rows_v + (x + y - 2 * z + 2 * g.mz - 2)];
      if (cell) return;
      cell = 1;
      buckets[depth].push_back({g.at(x, y, z), x, y, z, outline_edges(g, x, y, z)});
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

uint32_t shaded(uint32_t color, int grey) {
  return 0xFF000000u | shade(color >> 16 & 0xFF, grey) << 16 | shade(color >> 8 & 0xFF, grey) << 8 |
         shade(color & 0xFF, grey);
}

// A stencil's drawn pixels, each its place on the screen from the sprite's corner and its grey's
// index in Sprite::kGreys: a cube stamps them without testing its transparent pixels, and, away from
// the edges, without bounds checks, each pixel's colour shaded once per picture.
struct Stamp {
  struct Pixel {
    int dx, dy, offset, grey;
  };
  std::vector<Pixel> pixels;

  Stamp(const Sprite& sprite, const std::vector<int>& stencil, int stride) {
    for (int dy = 0; dy < sprite.height; ++dy)
      for (int dx = 0; dx < sprite.width; ++dx)
        if (const int grey = stencil[dx + dy * sprite.width]; grey >= 0)
          pixels.push_back({dx, dy, dx + dy * stride, Sprite::grey_index(grey)});
  }
};

// Every value's colour shaded by every grey of the sprites.
using ShadedColors = std::vector<std::array<uint32_t, Sprite::kGreys.size()>>;

void blit(Screen& s, const Sprite& sprite, const Stamp& stamp, int left, int top, const uint32_t* colors) {
  uint32_t* argb = s.image.argb.data();
  const ptrdiff_t corner = s.margin + left + static_cast<ptrdiff_t>(top) * (s.margin + s.width);
  if (s.margin + left >= 0 && left + sprite.width <= s.width && top >= 0 && top + sprite.height <= s.height) {
    for (const Stamp::Pixel& p : stamp.pixels) argb[corner + p.offset] = colors[p.grey];
    return;
  }
  for (const Stamp::Pixel& p : stamp.pixels) {
    const int x = left + p.dx, y = top + p.dy;
    if (s.margin + x >= 0 && x < s.width && y >= 0 && y < s.height) argb[corner + p.offset] = colors[p.grey];
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
  const int stride = margin + screen.width;
  const Stamp cube(sprite, sprite.cube, stride);
  std::vector<Stamp> edges;
  for (const std::vector<int>& edge : sprite.edges) edges.emplace_back(sprite, edge, stride);
  ShadedColors shades(colors.size());
  for (size_t c = 0; c < colors.size(); c++)
    for (size_t k = 0; k < Sprite::kGreys.size(); k++) shades[c][k] = shaded(colors[c], Sprite::kGreys[k]);
  const VoxelGrid grid{state, mx, my, mz};
  const int top0 = static_cast<int>((height - fit_height) / 2) + (mz - 1) * blocksize;
  for (const std::vector<Voxel>& bucket : visible_voxels(grid))
    for (const Voxel& v : bucket) {
      const int left = screen.width / 2 + blocksize * (v.x - v.y) - blocksize;
      const int top = top0 + blocksize * (v.x + v.y) / 2 - blocksize * v.z;
      const uint32_t* shade = shades[v.value].data();
      blit(screen, sprite, cube, left, top, shade);
      for (int j = 0; j < 8; ++j)
        if (v.edges[j]) blit(screen, sprite, edges[size_t(j)], left, top, shade);
    }
  return image;
}

}  // namespace mj::io
