// Fuzzes palette.xml reading: any bytes give a palette or mj::Error. The file's colours lie over the
// built-in palette, and a legend of its symbols (plus the input's first byte) gets a colour each or
// a clear error.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_util.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const auto file = mjfuzz::input_file(data, size, ".xml");
    const mj::Palette own = mj::load_palette(file), palette = mj::palette_with(file);
    std::string legend;
    for (const auto& [symbol, color] : own) {
      if (palette.at(symbol) != color) std::abort();
      legend += symbol;
    }
    if (size > 0) legend += char(data[0]);
    if (mj::legend_colors(legend, palette).size() != legend.size()) std::abort();
  } catch (const mj::Error&) {
  }
  return 0;
}
