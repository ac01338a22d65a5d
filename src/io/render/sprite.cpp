#include "io/render/sprite.hpp"

#include <cstddef>

namespace mj::io {
namespace {

constexpr int kTop = 215, kLeft = 143, kRight = 71, kBlack = 0, kClear = -1;

// The cube's hexagon: is (x, y) inside it, and on which face?
int cube_shade(int size, int x, int y) {
  if (2 * y - x >= 2 * size || 2 * y + x > 2 * size || 2 * y - x < -2 * size || 2 * y + x <= -2 * size) return kClear;
  if (x > 0 && 2 * y < x) return kRight;
  if (x <= 0 && 2 * y <= -x) return kLeft;
  return kTop;
}

}  // namespace

int Sprite::grey_index(int grey) {
  for (size_t k = 0; k < kGreys.size(); k++)
    if (kGreys[k] == grey) return int(k);
  return -1;
}

Sprite::Sprite(int size) : width(2 * size), height(2 * size - 1) {
  // Shapes are defined around the cube's centre with y pointing up; integer
  // divisions truncate toward zero, which the outlines' pixel pattern relies on.
  auto texture = [&](auto shade) {
    std::vector<int> t(static_cast<size_t>(width) * height);
    for (int j = 0; j < height; ++j)
      for (int i = 0; i < width; ++i) t[i + j * width] = shade(i - size + 1, size - j - 1);
    return t;
  };
  auto stroke = [](bool on, int grey) { return on ? grey : kClear; };
  cube = texture([size](int x, int y) { return cube_shade(size, x, y); });
  edges[0] = texture([&](int x, int y) { return stroke(x == 1 && y <= 0, kTop); });
  edges[1] = texture([&](int x, int y) { return stroke(x == 0 && y <= 0, kTop); });
  edges[2] = texture([&](int x, int y) { return stroke(x == 1 - size && 2 * y < size && 2 * y >= -size, kBlack); });
  edges[3] = texture([&](int x, int y) { return stroke(x <= 0 && y == x / 2 + size - 1, kBlack); });
  edges[4] = texture([&](int x, int y) { return stroke(x == size && 2 * y < size && 2 * y >= -size, kBlack); });
  edges[5] = texture([&](int x, int y) { return stroke(x > 0 && y == -(x + 1) / 2 + size, kBlack); });
  edges[6] = texture([&](int x, int y) { return stroke(x > 0 && y == (x + 1) / 2 - size, kBlack); });
  edges[7] = texture([&](int x, int y) { return stroke(x <= 0 && y == -x / 2 - size + 1, kBlack); });
}

}  // namespace mj::io
