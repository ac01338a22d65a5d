#include "io/formats/picture_cells.hpp"

#include <string>

#include "core/point.hpp"
#include "io/formats/vox.hpp"
#include "io/render/palette.hpp"

namespace mj::io {
namespace {

// The picture must have one pixel per cell; one that mj drew at a pixel size (all its squares that
// size) is named as such, since it is the likely mistake.
void check_start_size(const std::filesystem::path& file, const Image& image, const GridView& shape) {
  if (image.width == shape.mx && image.height == shape.my && shape.mz == 1) return;
  std::string message =
      "picture is " + size_text(image.width, image.height) + ", the grid " + size_text(shape.mx, shape.my, shape.mz);
  const int scale = image.width / shape.mx;
  if (shape.mz == 1 && scale > 1 && image.width == shape.mx * scale && image.height == shape.my * scale)
    message +=
        " (a start picture has one pixel per cell; this one looks drawn " + std::to_string(scale) + " pixels a cell)";
  throw Error(file.string(), 0, message);
}

std::vector<uint8_t> cells_of_png(const std::filesystem::path& file, const GridView& shape, const Palette& colors) {
  Image image = load_png(file);
  check_start_size(file, image, shape);
  std::vector<uint8_t> cells;
  cells.reserve(image.argb.size());
  for (uint32_t argb : image.argb) {
    int value = -1;
    for (size_t v = 0; v < shape.legend.size() && value < 0; v++) {
      auto it = colors.find(shape.legend[v]);
      if (it != colors.end() && it->second == argb) value = int(v);
    }
    if (value < 0) {
      const int x = int(cells.size()) % image.width, y = int(cells.size()) / image.width;
      throw Error(file.string(), 0,
                  "pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") is " + color_text(argb) +
                      ", the colour of none of the values \"" + shape.legend + "\"");
    }
    cells.push_back(uint8_t(value));
  }
  return cells;
}

std::vector<uint8_t> cells_of_vox(const std::filesystem::path& file, const GridView& shape) {
  VoxModel vox = load_vox(file);
  if (vox.mx != shape.mx || vox.my != shape.my || vox.mz != shape.mz)
    throw Error(file.string(), 0,
                "voxel model is " + size_text(vox.mx, vox.my, vox.mz) + ", the grid " +
                    size_text(shape.mx, shape.my, shape.mz));
  std::vector<uint8_t> cells;
  cells.reserve(vox.voxels.size());
  for (int v : vox.voxels) {
    if (v > int(shape.legend.size()))
      throw Error(file.string(), 0, "colour index " + std::to_string(v) + " is no value of the model");
    cells.push_back(uint8_t(v <= 0 ? 0 : v - 1));
  }
  return cells;
}

}  // namespace

std::vector<uint8_t> cells_of_picture(const std::filesystem::path& file, const GridView& shape, const Palette& colors) {
  return file.extension() == ".vox" ? cells_of_vox(file, shape) : cells_of_png(file, shape, colors);
}

}  // namespace mj::io
