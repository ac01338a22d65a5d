// mj::io: the symbol -> colour table (resources/palette.xml).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "mj/picture.hpp"

namespace mj::io {

// "1D2B53" -> 0xFF1D2B53. Exactly six hex digits (either case), nothing else;
// throws std::invalid_argument otherwise.
uint32_t parse_color(std::string_view hex);
// 0xFF1D2B53 -> "#1D2B53", for messages; a colour not fully opaque adds " (alpha A)".
std::string color_text(uint32_t argb);

}  // namespace mj::io
