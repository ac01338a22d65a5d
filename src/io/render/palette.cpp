#include "io/render/palette.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <pugixml.hpp>
#include <stdexcept>
#include <string>

#include "core/file_bytes.hpp"
#include "mj/error.hpp"

namespace mj::io {
namespace {

// pugixml reports byte offsets; mj::Error wants 1-based lines (0 = unknown).
int line_at(std::string_view text, std::ptrdiff_t offset) {
  if (offset < 0) return 0;
  const auto end = text.begin() + std::min<std::ptrdiff_t>(offset, std::ssize(text));
  return 1 + static_cast<int>(std::count(text.begin(), end, '\n'));
}

// Dropping a UTF-8 byte-order mark ourselves keeps pugixml's offsets aligned with `text`.
std::string_view without_bom(std::string_view text) { return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text; }

struct ColorEntry {
  char symbol;
  uint32_t argb;
};

// Throws std::invalid_argument; the caller adds file and line (counted only then: a palette has
// dozens of entries and is read for every model).
ColorEntry read_color(const pugi::xml_node& node) {
  const pugi::xml_attribute symbol = node.attribute("symbol"), value = node.attribute("value");
  if (!symbol) throw std::invalid_argument("<color> has no symbol attribute");
  if (!value) throw std::invalid_argument("<color> has no value attribute");
  const std::string_view s = symbol.value();
  if (s.size() != 1) throw std::invalid_argument("colour symbol \"" + std::string(s) + "\" is not one character");
  return {s[0], parse_color(value.value())};
}

}  // namespace

uint32_t parse_color(std::string_view hex) {
  const bool digits =
      std::all_of(hex.begin(), hex.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
  if (hex.size() != 6 || !digits)
    throw std::invalid_argument("bad colour \"" + std::string(hex) + "\": expected six hex digits such as 1D2B53");
  uint32_t rgb = 0;
  std::from_chars(hex.data(), hex.data() + hex.size(), rgb, 16);
  return 0xFF000000u | rgb;
}

std::string color_text(uint32_t argb) {
  const uint32_t alpha = argb >> 24;
  return fmt::format("#{:06X}", argb & 0xFFFFFF) + (alpha == 255 ? "" : fmt::format(" (alpha {})", alpha));
}

}  // namespace mj::io

namespace mj {

Palette load_palette(const std::filesystem::path& file) {
  const std::string name = file.string(), raw = read_file(file);
  const std::string_view text = io::without_bom(raw);
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed =
      doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed)
    throw Error(name, io::line_at(text, parsed.offset), std::string("malformed XML: ") + parsed.description());
  Palette palette;
  for (const pugi::xml_node& node : doc.document_element().children("color")) {
    try {
      const io::ColorEntry entry = io::read_color(node);
      if (!palette.emplace(entry.symbol, entry.argb).second)
        throw std::invalid_argument(std::string("colour symbol '") + entry.symbol + "' is defined twice");
    } catch (const std::invalid_argument& e) {
      throw Error(name, io::line_at(text, node.offset_debug()), e.what());
    }
  }
  return palette;
}

Palette palette_with(const std::filesystem::path& file) {
  Palette palette = default_palette();
  if (!std::filesystem::exists(file)) return palette;
  for (const auto& [symbol, color] : load_palette(file)) palette[symbol] = color;
  return palette;
}

std::vector<uint32_t> legend_colors(const std::string& legend, const Palette& palette) {
  std::vector<uint32_t> colors;
  colors.reserve(legend.size());
  for (char symbol : legend) {
    auto it = palette.find(symbol);
    if (it == palette.end())
      throw Error("", 0,
                  std::string("no colour for symbol '") + symbol +
                      "': add it to resources/palette.xml or as <color> in models.xml");
    colors.push_back(it->second);
  }
  return colors;
}

}  // namespace mj
