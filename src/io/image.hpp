// mj::io: the in-memory picture every reader, renderer and writer shares.
#pragma once

#include <cstdint>
#include <vector>

namespace mj::io {

// Pixels are 0xAARRGGBB, row-major, y pointing down: argb[x + y * width].
struct Image {
  int width = 0, height = 0;
  std::vector<uint32_t> argb;
};

}  // namespace mj::io
