#include "io/formats/picture_cells.hpp"

#include <sstream>
#include <string>

#include "core/file_bytes.hpp"
#include "core/point.hpp"
#include "io/formats/vox.hpp"
#include "io/render/palette.hpp"
#include "mj/defaults.hpp"

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

std::vector<uint8_t> cells_of_png(const std::filesystem::path& file, const GridView& shape, const Palette& colors,
                                  bool free_undrawn) {
  Image image = load_png(file);
  check_start_size(file, image, shape);
  std::vector<uint8_t> cells;
  cells.reserve(image.argb.size());
  for (uint32_t argb : image.argb) {
    if (free_undrawn && argb >> 24 == 0) {
      cells.push_back(kFreeCell);
      continue;
    }
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

std::vector<uint8_t> cells_of_vox(const std::filesystem::path& file, const GridView& shape, bool free_undrawn) {
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
    cells.push_back(v <= 0 ? (free_undrawn ? kFreeCell : uint8_t(0)) : uint8_t(v - 1));
  }
  return cells;
}

// "NAME FX FY FZ SEED STEPS", the legend, then FY*FZ rows of FX symbols (io/formats/state_text.hpp).
std::vector<uint8_t> cells_of_state_text(const std::filesystem::path& file, const GridView& shape) {
  std::istringstream in(read_file(file));
  std::string name, legend, row;
  int fx = 0, fy = 0, fz = 0;
  if (!(in >> name >> fx >> fy >> fz) || !std::getline(in, row) || !(in >> legend))
    throw Error(file.string(), 1, "not a state text (\"NAME FX FY FZ SEED STEPS\", the legend, the rows)");
  if (fx != shape.mx || fy != shape.my || fz != shape.mz)
    throw Error(file.string(), 1,
                "state is " + size_text(fx, fy, fz) + ", the grid " + size_text(shape.mx, shape.my, shape.mz));
  // The legend names the values in order: one that is not the model's (its symbols swapped) would read the rows
  // as other values than their writer meant.
  if (legend != shape.legend)
    throw Error(file.string(), 2, "the legend \"" + legend + "\" is not the model's values \"" + shape.legend + "\"");
  std::vector<uint8_t> cells;
  int line = 3;
  for (; int(cells.size()) < fx * fy * fz; line++) {
    if (!(in >> row))
      throw Error(
          file.string(), line,
          "a row of " + std::to_string(fx) + " symbols is missing (the grid has " + std::to_string(fy * fz) + " rows)");
    if (int(row.size()) != fx)
      throw Error(file.string(), line,
                  "the row has " + std::to_string(row.size()) + " symbols, the grid " + std::to_string(fx) + " a row");
    for (char symbol : row) {
      const size_t value = shape.legend.find(symbol);
      if (symbol != '*' && value == std::string::npos)
        throw Error(file.string(), line,
                    std::string("symbol ") + symbol + " is none of the values \"" + shape.legend + "\" (or *: free)");
      cells.push_back(symbol == '*' ? kFreeCell : uint8_t(value));
    }
  }
  if (in >> row)
    throw Error(file.string(), line,
                "a row past the grid's last (the grid has " + std::to_string(fy * fz) + " rows of " +
                    std::to_string(fx) + " symbols)");
  return cells;
}

}  // namespace

std::vector<uint8_t> cells_of_picture(const std::filesystem::path& file, const GridView& shape, const Palette& colors) {
  return file.extension() == ".vox" ? cells_of_vox(file, shape, false) : cells_of_png(file, shape, colors, false);
}

std::vector<uint8_t> constraint_cells(const std::filesystem::path& file, const GridShape& grid, const Palette& colors) {
  const GridView shape{grid.mx, grid.my, grid.mz, grid.legend, nullptr, {}};
  if (file.extension() == ".txt") return cells_of_state_text(file, shape);
  return file.extension() == ".vox" ? cells_of_vox(file, shape, true) : cells_of_png(file, shape, colors, true);
}

}  // namespace mj::io
