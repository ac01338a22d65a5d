// mj::io: the symbol -> colour table (resources/palette.xml).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string_view>

namespace mj::io {

using Palette = std::map<char, uint32_t>;  // symbol -> 0xFFRRGGBB

// Reads <color symbol="B" value="000000"/> children of the root element.
// Malformed XML, a missing attribute, a symbol that is not one character, a
// bad colour or a repeated symbol -> mj::Error(file, line, ...).
Palette load_palette(const std::filesystem::path& file);

// "1D2B53" -> 0xFF1D2B53. Exactly six hex digits (either case), nothing else;
// throws std::invalid_argument otherwise.
uint32_t parse_color(std::string_view hex);

}  // namespace mj::io
