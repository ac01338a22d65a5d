// mj::io: turning a grid state into a picture, pixel-exact with the reference.
#pragma once

#include <cstdint>
#include <vector>

#include "mj/picture.hpp"

namespace mj::io {

// Each cell becomes a pixelsize x pixelsize square of colors[state[x + y*mx]];
// `margin` background columns are added on the left (room for the reference GUI).
Image render_2d(const uint8_t* state, int mx, int my, const std::vector<uint32_t>& colors, int pixelsize,
                int margin = 0);

// Shaded isometric cubes with black outlines; value 0 is empty space.
// Image is margin + (mx+my+2)*blocksize wide, ((mx+my)/2 + mz + 2)*blocksize high.
Image render_isometric(const uint8_t* state, int mx, int my, int mz, const std::vector<uint32_t>& colors, int blocksize,
                       int margin = 0);

// mz == 1 ? render_2d : render_isometric (the public mj::render on raw cells).
Image render_cells(const uint8_t* state, int mx, int my, int mz, const std::vector<uint32_t>& colors, int pixelsize,
                   int margin = 0);

}  // namespace mj::io
