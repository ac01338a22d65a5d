// mj::io: PNG files (libpng), read in png_read.cpp and written in png_write.cpp. The functions are
// public (mj/picture.hpp: load_png, encode_png, save_png); what is here are the limits they enforce.
#pragma once

#include "mj/picture.hpp"

namespace mj::io {

// Largest picture load_png accepts: guards against decompression bombs.
constexpr int kMaxPngSide = 16384;
constexpr long long kMaxPngPixels = 1LL << 26;

}  // namespace mj::io
