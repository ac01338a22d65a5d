// mj::io: turning a grid state into a picture, pixel-exact with the reference.
#pragma once

#include <cstdint>
#include <vector>

#include "io/image.hpp"

namespace mj::io {

// The reference GUI's default background (resources/settings.xml, "222222").
constexpr uint32_t kBackground = 0xFF222222;

// Each cell becomes a pixelsize x pixelsize square of colors[state[x + y*mx]];
// `margin` background columns are added on the left (room for the reference GUI).
Image render_2d(const uint8_t* state, int mx, int my, const std::vector<uint32_t>& colors, int pixelsize,
                int margin = 0);

// Shaded isometric cubes with black outlines; value 0 is empty space.
// Image is margin + (mx+my+2)*blocksize wide, ((mx+my)/2 + mz + 2)*blocksize high.
Image render_isometric(const uint8_t* state, int mx, int my, int mz, const std::vector<uint32_t>& colors,
                       int blocksize, int margin = 0);

// mz == 1 ? render_2d : render_isometric.
Image render(const uint8_t* state, int mx, int my, int mz, const std::vector<uint32_t>& colors, int pixelsize,
             int margin = 0);

}  // namespace mj::io
