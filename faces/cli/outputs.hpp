// Writing a run's results: images (PNG, isometric PNG), voxels (VOX), the state text.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "mj/picture.hpp"

namespace mj::cli {

struct ImageOptions {
  int pixelsize = 0;  // the run's (RunSettings::pixelsize)
  bool iso = false;   // 3D grids as isometric PNG instead of VOX
  int margin = 0;     // background columns left of a PNG, where `decorate` may draw (the GUI sidebar)
};

// Writes `stem`.png (2D or iso) or `stem`.vox (3D) in `colors` (grid_colors) and returns the file written.
// `decorate`, when given, draws over a PNG before it is saved.
std::filesystem::path write_picture(const std::filesystem::path& stem, const GridView& grid,
                                    const std::vector<uint32_t>& colors, const ImageOptions& options,
                                    const std::function<void(mj::Image&)>& decorate = {});
void write_text(const std::filesystem::path& file, const std::string& text);

}  // namespace mj::cli
