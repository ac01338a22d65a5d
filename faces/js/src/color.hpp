// Colours as JavaScript takes them: 0xRRGGBB numbers (the library's are 0xFFRRGGBB, always opaque).
#pragma once

#include <cstdint>

namespace mjweb {

inline int rgb(uint32_t argb) { return int(argb & 0xFFFFFF); }

}  // namespace mjweb
