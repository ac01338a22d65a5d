#include "outputs.hpp"

#include "mj/files.hpp"

namespace mj::cli {

std::filesystem::path write_picture(const std::filesystem::path& stem, const GridView& grid,
                                    const std::vector<uint32_t>& colors, const ImageOptions& options,
                                    const std::function<void(mj::Image&)>& decorate) {
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

}  // namespace mj::cli
