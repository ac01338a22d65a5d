#include "core/one_line.hpp"

#include <cstdio>

namespace mj {

namespace {

// The length of the UTF-8 character starting at `at` (2 to 4), or 0 when no whole one does.
size_t utf8_length(std::string_view text, size_t at) {
  const auto byte = [&](size_t i) { return (unsigned char)text[i]; };
  const unsigned char lead = byte(at);
  const size_t length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0;
  if (length == 0 || at + length > text.size()) return 0;
  for (size_t i = at + 1; i < at + length; i++)
    if ((byte(i) & 0xC0) != 0x80) return 0;
  return length;
}

std::string escaped(unsigned char c) {
  switch (c) {
    case '\0': return "\\0";
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\r': return "\\r";
    default: {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      return hex;
    }
  }
}

}  // namespace

std::string one_line(std::string_view text) {
  std::string line;
  line.reserve(text.size());
  for (size_t at = 0; at < text.size();) {
    const unsigned char c = (unsigned char)text[at];
    if (c >= 0x20 && c < 0x7F) {
      line += char(c), at++;
    } else if (const size_t length = c >= 0x80 ? utf8_length(text, at) : 0; length > 0) {
      line.append(text.substr(at, length)), at += length;
    } else {
      line += escaped(c), at++;
    }
  }
  return line;
}

}  // namespace mj
