// mj::io internals: reducing a frame to GIF's indexed colour form.
#pragma once

#include <cstdint>
#include <vector>

#include "mj/picture.hpp"

namespace mj::io {

// A frame as GIF stores it: a colour table and one table index per pixel.
struct IndexedFrame {
  std::vector<uint32_t> colors;  // 0xRRGGBB, 1..256 entries
  std::vector<uint8_t> indices;  // row-major, one per pixel
};

// Exact whenever the frame has at most 256 distinct RGB colours (alpha is
// ignored), with the table in order of first appearance. Otherwise the 256
// most frequent colours form the table (ties: first appearance) and other
// pixels take the nearest entry by squared RGB distance (ties: lowest index).
IndexedFrame index_frame(const Image& frame);

}  // namespace mj::io
