#include "mj/picture.hpp"

namespace mj {

// The colours of the reference's resources/palette.xml (MarkovJunior, MIT licence), so that every model
// has its picture without any resource file; a palette.xml beside the models overrides them (palette_with).
const Palette& default_palette() {
  static const Palette palette{
      {'B', 0xFF000000}, {'I', 0xFF1D2B53}, {'P', 0xFF7E2553}, {'E', 0xFF008751}, {'N', 0xFFAB5236}, {'D', 0xFF5F574F},
      {'A', 0xFFC2C3C7}, {'W', 0xFFFFF1E8}, {'R', 0xFFFF004D}, {'O', 0xFFFFA300}, {'Y', 0xFFFFEC27}, {'G', 0xFF00E436},
      {'U', 0xFF29ADFF}, {'S', 0xFF83769C}, {'K', 0xFFFF77A8}, {'F', 0xFFFFCCAA}, {'b', 0xFF291814}, {'i', 0xFF111D35},
      {'p', 0xFF422136}, {'e', 0xFF125359}, {'n', 0xFF742F29}, {'d', 0xFF49333B}, {'a', 0xFFA28879}, {'w', 0xFFF3EF7D},
      {'r', 0xFFBE1250}, {'o', 0xFFFF6C24}, {'y', 0xFFA8E72E}, {'g', 0xFF00B543}, {'u', 0xFF065AB5}, {'s', 0xFF754665},
      {'k', 0xFFFF6E59}, {'f', 0xFFFF9D81}, {'C', 0xFF00FFFF}, {'c', 0xFF5FCDE4}, {'H', 0xFFE4BB40}, {'h', 0xFF8A6F30},
      {'J', 0xFF4B692F}, {'j', 0xFF45107E}, {'L', 0xFF847E87}, {'l', 0xFF696A6A}, {'M', 0xFFFF00FF}, {'m', 0xFF9C09CC},
      {'Q', 0xFF9BADB7}, {'q', 0xFF3F3F74}, {'T', 0xFF37946E}, {'t', 0xFF323C39}, {'V', 0xFF8F974A}, {'v', 0xFF524B24},
      {'X', 0xFFFF0000}, {'x', 0xFFD95763}, {'Z', 0xFFFFFFFF}, {'z', 0xFFCBDBFC}};
  return palette;
}

}  // namespace mj
