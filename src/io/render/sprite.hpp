// mj::io internals: the stencils the isometric renderer stamps for each cube.
#pragma once

#include <array>
#include <vector>

namespace mj::io {

// Grey-level stencils, width x height, row-major: -1 is transparent, otherwise
// the grey (0..255) that scales the cube's colour. `cube` holds the three
// shaded faces; edges[0..7] the outline segments the renderer adds where a
// neighbouring cube does not continue the surface.
struct Sprite {
  explicit Sprite(int size);

  // Every grey a stencil holds (the faces' and the outlines'), and a grey's index among them.
  static constexpr std::array<int, 4> kGreys{0, 71, 143, 215};
  static int grey_index(int grey);

  int width, height;
  std::vector<int> cube;
  std::array<std::vector<int>, 8> edges;
};

}  // namespace mj::io
