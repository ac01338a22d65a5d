#include "io/render/canvas.hpp"

#include <algorithm>
#include <string>

#include "core/point.hpp"
#include "mj/error.hpp"

namespace mj::io {

void check_picture_size(long long width, long long height) {
  // Sides first: the product of two huge sides (a pixel size near 2^31) does not fit a long long.
  const bool fits = width >= 0 && height >= 0 && width <= kMaxPicturePixels && height <= kMaxPicturePixels;
  if (!fits || width * height > kMaxPicturePixels)
    throw Error("", 0, "cannot render a " + size_text(width, height) + " picture (limit 2^28 pixels)");
}

Image make_canvas(long long width, long long height, uint32_t fill) {
  check_picture_size(width, height);
  return Image{static_cast<int>(width), static_cast<int>(height),
               std::vector<uint32_t>(static_cast<size_t>(width * height), fill)};
}

void check_colors(const uint8_t* state, size_t cells, const std::vector<uint32_t>& colors, bool skip_empty) {
  if (cells == 0) return;
  const uint8_t top = *std::max_element(state, state + cells);
  if (top < colors.size() || (skip_empty && top == 0)) return;
  throw Error(
      "", 0,
      "cell value " + std::to_string(top) + " has no colour (" + std::to_string(colors.size()) + " colours given)");
}

void check_at_least(std::initializer_list<int> values, int minimum, const char* what) {
  for (int v : values)
    if (v < minimum)
      throw Error("", 0,
                  std::string(what) + " must be at least " + std::to_string(minimum) + ", got " + std::to_string(v));
}

}  // namespace mj::io
