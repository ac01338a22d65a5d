#include "io/gui/font.hpp"

#include "io/formats/png.hpp"
#include "mj/error.hpp"

namespace mj::io {

namespace {

constexpr int kColumns = 32, kRows = 3;

// The order of the glyphs in the picture, row by row.
constexpr std::u32string_view kLegend =
    U"ABCDEFGHIJKLMNOPQRSTUVWXYZ 12345abcdefghijklmnopqrstuvwxyz\u03bb67890{}[]()<>$*-+=/#_%^@\\&|~?'\"`!,.;:";
static_assert(kLegend.size() == kColumns * kRows);

// The length of the UTF-8 sequence a lead byte starts, 1 for a byte that cannot lead one.
size_t sequence_length(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return lead < 0xF0 ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

}  // namespace

BitmapFont BitmapFont::load(const std::filesystem::path& file) {
  Image image = load_png(file);
  if (image.width < kColumns || image.height < kRows)
    throw Error(file.string(), 0, "a font picture holds 32 x 3 glyphs: it is too small");
  BitmapFont font;
  font.glyph_width_ = image.width / kColumns;
  font.glyph_height_ = image.height / kRows;
  uint32_t paper0 = image.argb.front(), paper1 = image.argb[size_t(image.width - 1)];
  for (uint32_t argb : image.argb) font.ink_.push_back(argb != paper0 && argb != paper1);
  return font;
}

bool BitmapFont::ink(int glyph, int dx, int dy) const {
  // Rows are glyph_width * 32 apart, as the reference reads them (the same as the picture's width
  // when that is a multiple of 32).
  int x = glyph % kColumns * glyph_width_ + dx, y = glyph / kColumns * glyph_height_ + dy;
  size_t i = size_t(x) + size_t(y) * size_t(glyph_width_ * kColumns);
  return i < ink_.size() && ink_[i];
}

int BitmapFont::glyph_of(char32_t c) {
  size_t i = kLegend.find(c);
  return i == std::u32string_view::npos ? -1 : int(i);
}

std::u32string BitmapFont::characters(std::string_view utf8) {
  std::u32string result;
  for (size_t i = 0; i < utf8.size();) {
    auto lead = static_cast<unsigned char>(utf8[i]);
    size_t length = sequence_length(lead);
    if (length == 1 || i + length > utf8.size()) {
      result += char32_t(lead);
      i++;
      continue;
    }
    char32_t c = lead & (0x7F >> length);
    for (size_t k = 1; k < length; k++) c = (c << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    result += c;
    i += length;
  }
  return result;
}

}  // namespace mj::io
