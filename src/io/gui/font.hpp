// mj::io: the reference GUI's bitmap fonts (resources/fonts/*.png): 32 x 3 glyphs in one picture.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace mj::io {

class BitmapFont {
 public:
  // A pixel is ink when it differs from both the top-left and the top-right pixel of the picture.
  // Throws mj::Error when the picture cannot be read or is too small for 32 x 3 glyphs.
  static BitmapFont load(const std::filesystem::path& file);

  int glyph_width() const { return glyph_width_; }
  int glyph_height() const { return glyph_height_; }
  // Is pixel (dx, dy) of glyph `glyph` (an index from glyph_of) ink?
  bool ink(int glyph, int dx, int dy) const;

  // The glyph of a character, or -1 when the font has none.
  static int glyph_of(char32_t c);
  // The characters of UTF-8 text (malformed bytes stand for themselves).
  static std::u32string characters(std::string_view utf8);

 private:
  int glyph_width_ = 0, glyph_height_ = 0;
  std::vector<bool> ink_;  // the picture's pixels, row-major
};

}  // namespace mj::io
