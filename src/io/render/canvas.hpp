// mj::io internals shared by the renderers: argument checks and the blank picture.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "mj/picture.hpp"

namespace mj::io {

// Throws mj::Error for a picture of more than kMaxPicturePixels (or a negative side).
void check_picture_size(long long width, long long height);

// A width x height picture filled with `fill`; sizes are taken as 64-bit so an
// overflowing request is rejected (mj::Error) rather than wrapped.
Image make_canvas(long long width, long long height, uint32_t fill);

// Throws mj::Error unless every cell value (every non-zero one when
// skip_empty) indexes `colors`: the reference would fault on such a value.
void check_colors(const uint8_t* state, size_t cells, const std::vector<uint32_t>& colors, bool skip_empty);

// Throws mj::Error unless every argument is at least `minimum`.
void check_at_least(std::initializer_list<int> values, int minimum, const char* what);

}  // namespace mj::io
