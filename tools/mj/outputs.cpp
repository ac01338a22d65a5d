#include "outputs.hpp"

#include "mj/files.hpp"

namespace mj::cli {

std::filesystem::path write_picture(const std::filesystem::path& stem, const GridView& grid, const mj::Palette& palette,
                                    const ImageOptions& options, const std::function<void(mj::Image&)>& decorate) {
  std::vector<uint32_t> colors = legend_colors(grid.legend, palette);
  const std::filesystem::path file = picture_file(stem, grid, options.iso);
  if (grid_format(file) == GridFormat::png && (decorate || options.margin > 0)) {
    mj::Image picture = render(grid, colors, {options.pixelsize, options.margin});
    if (decorate) decorate(picture);
    save_png(file, picture);
  } else {
    save_grid(file, grid, colors, options.pixelsize);
  }
  return file;
}

void write_text(const std::filesystem::path& file, const std::string& text) { save_file(file, text); }

void make_folder(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw Error(folder.string(), 0, "cannot create the output folder: " + error.message());
}

std::string safe_name(const std::string& name) {
  std::string result;
  for (char c : name) result += (std::isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.') ? c : '_';
  if (result.empty() || result[0] == '.') result = "_" + result;
  return result;
}

}  // namespace mj::cli
