// mj::io: the reference's GUI sidebar: the model's node tree drawn into the margin left of a
// rendered picture, pixel-exact with the reference (GUI.cs).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "io/gui/font.hpp"
#include "io/render/palette.hpp"
#include "mj/picture.hpp"

namespace mj {
struct NodeView;
}

namespace mj::io {

// resources/settings.xml; what it leaves out takes the reference's defaults.
struct GuiSettings {
  int square = 7, small_square = 3;  // sizes of rule cells; rules wider than max_width cells get small ones
  int max_width = 10;
  int zshift = 2;  // offset of each deeper layer of a 3D rule
  int hindent = 30, hgap = 2, harrow = 10, hline = 14;
  int vskip = 2, small_vskip = 2, font_shift = 2, after_font = 4;
  bool dense = true;  // "field ■ ■ ■" instead of "field for ■ to ■ on ■"
  bool d3 = true;     // wildcards drawn in the inactive colour rather than the background
  uint32_t background = 0xFF222222, inactive = 0xFF666666, active = 0xFFFFFFFF;
};

// A missing file gives the defaults; a malformed one throws mj::Error(file, line, ...).
GuiSettings load_gui_settings(const std::filesystem::path& file);

class Gui {
 public:
  // Reads resources/fonts/Tamzen8x16r.png (text), Tamzen8x16b.png (title) and resources/settings.xml.
  static Gui load(const std::filesystem::path& resources);
  Gui(GuiSettings settings, BitmapFont text, BitmapFont title);

  // Draws the sidebar of model `name` over `image`, which was rendered with a margin on the left.
  // The tree's current branch and fired rules are highlighted. Throws mj::Error for a drawn symbol
  // without a colour in `palette`.
  void draw(Image& image, const std::string& name, const NodeView& tree, const Palette& palette) const;

  const GuiSettings& settings() const { return settings_; }
  const BitmapFont& text_font() const { return text_; }
  const BitmapFont& title_font() const { return title_; }

 private:
  GuiSettings settings_;
  BitmapFont text_, title_;
};

}  // namespace mj::io
