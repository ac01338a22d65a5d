#include "outputs.hpp"

#include <fstream>

#include "io/png.hpp"
#include "io/render.hpp"
#include "io/vox.hpp"

namespace mj::cli {

std::vector<uint32_t> legend_colors(const GridView& grid, const io::Palette& palette) {
  std::vector<uint32_t> colors;
  for (char symbol : grid.legend) {
    auto it = palette.find(symbol);
    if (it == palette.end())
      throw Error("", 0, std::string("no colour for symbol '") + symbol +
                             "': add it to resources/palette.xml or as <color> in models.xml");
    colors.push_back(it->second);
  }
  return colors;
}

std::filesystem::path write_picture(const std::filesystem::path& stem, const GridView& grid,
                                    const io::Palette& palette, const ImageOptions& options,
                                    const std::function<void(io::Image&)>& decorate) {
  std::vector<uint32_t> colors = legend_colors(grid, palette);
  std::filesystem::path file = stem;
  if (grid.mz == 1 || options.iso) {
    file += ".png";
    io::Image picture = io::render(grid.cells, grid.mx, grid.my, grid.mz, colors, options.pixelsize, options.margin);
    if (decorate) decorate(picture);
    io::save_png(file, picture);
  } else {
    file += ".vox";
    io::save_vox(file, grid.cells, grid.mx, grid.my, grid.mz, colors);
  }
  return file;
}

void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  if (!out) throw Error(file.string(), 0, "cannot write file");
}

std::string safe_name(const std::string& name) {
  std::string result;
  for (char c : name) result += (std::isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.') ? c : '_';
  if (result.empty() || result[0] == '.') result = "_" + result;
  return result;
}

}  // namespace mj::cli
