// mj::io: PNG files (libpng).
#pragma once

#include <filesystem>

#include "io/image.hpp"

namespace mj::io {

// Largest picture load_png accepts: guards against decompression bombs.
constexpr int kMaxPngSide = 16384;
constexpr long long kMaxPngPixels = 1LL << 26;

// Any PNG colour type and bit depth becomes 8-bit ARGB. Colours are taken as
// stored (gAMA, cHRM, iCCP are ignored, as the reference's ImageSharp does), so
// sample pixels match palette colours exactly. Throws mj::Error(file, 0, ...).
Image load_png(const std::filesystem::path& file);

// Writes palette indices (1 to 8 bits) when the image has at most 256 colours, 8-bit RGBA
// otherwise. Throws mj::Error on an inconsistent image or I/O failure.
void save_png(const std::filesystem::path& file, const Image& image);

}  // namespace mj::io
