// Pictures for Python: colours for a legend, a grid rendered to an (H, W, 3) array, and files
// (PNG, VOX, GIF) written as `mj run` writes them.
#include <pybind11/stl.h>

#include <cctype>

#include "bindings.hpp"
#include "mj/files.hpp"
#include "mj/picture.hpp"
#include "mj/state_text.hpp"

namespace mj::python {

namespace {

using Cells = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

// 0xAARRGGBB pixels as the (height, width, 3) RGB array that imshow and PIL take.
py::array_t<uint8_t> rgb_array(const Image& image) {
  py::array_t<uint8_t> rgb({py::ssize_t(image.height), py::ssize_t(image.width), py::ssize_t(3)});
  uint8_t* out = rgb.mutable_data();
  for (uint32_t argb : image.argb) {
    *out++ = uint8_t(argb >> 16);
    *out++ = uint8_t(argb >> 8);
    *out++ = uint8_t(argb);
  }
  return rgb;
}

py::array_t<uint8_t> render_array(const Cells& cells, const std::vector<uint32_t>& colors, int pixelsize) {
  GridView grid = grid_of_array(cells);
  Image image;
  {
    py::gil_scoped_release unlocked;
    image = render(grid, colors, RenderOptions{pixelsize, 0});
  }
  return rgb_array(image);
}

// What a file holds, by its extension: "png" (3D grids isometric), "vox" or "gif".
// The library's word on the file's format: Python only needs to know whether a run must be recorded.
std::string file_format(const std::string& file) { return grid_format(file) == GridFormat::gif ? "gif" : "grid"; }

// A grid written in its file's format (.png, .vox, .glb, .tmj), whole or not at all; a tile model's .tmj
// is a map of its tiles (the tile layer Interpreter.tile_layer gave when its run ended).
void save_grid_file(const std::string& file, const Cells& cells, const std::string& legend,
                    const std::vector<uint32_t>& colors, int pixelsize, const std::optional<TileTuple>& tiles) {
  GridView grid = grid_of_array(cells);
  grid.legend = legend;  // glTF's materials and Tiled's tiles are named by their symbols
  const std::optional<TileLayer> layer = tiles ? std::optional<TileLayer>(tile_layer_of(*tiles)) : std::nullopt;
  py::gil_scoped_release unlocked;
  save_grid(file, grid, colors, pixelsize, layer ? &*layer : nullptr);
}

py::bytes as_bytes(const std::vector<uint8_t>& data) {
  return py::bytes(reinterpret_cast<const char*>(data.data()), data.size());
}

// The PNG bytes of the picture render_array makes: for notebooks (_repr_png_).
py::bytes png_bytes(const Cells& cells, const std::vector<uint32_t>& colors, int pixelsize) {
  GridView grid = grid_of_array(cells);
  std::vector<uint8_t> png;
  {
    py::gil_scoped_release unlocked;
    png = encode_png(grid, colors, pixelsize);
  }
  return as_bytes(png);
}

py::array_t<uint8_t> load_png_array(const std::string& file) {
  Image image;
  {
    py::gil_scoped_release unlocked;
    image = load_png(file);
  }
  return rgb_array(image);
}

}  // namespace

TileTuple tile_tuple(const TileLayer& layer) {
  return {layer.tileset, layer.size, layer.mx, layer.my, layer.tiles, layer.names, layer.at};
}

TileLayer tile_layer_of(const TileTuple& t) {
  const auto& [tileset, size, mx, my, tiles, names, at] = t;
  return TileLayer{tileset, size, mx, my, tiles, names, at};
}

GridView grid_of_array(const py::array_t<uint8_t, py::array::c_style>& cells) {
  if (cells.ndim() != 2 && cells.ndim() != 3)
    throw py::value_error("a grid is a (my, mx) or (mz, my, mx) array, got " + std::to_string(cells.ndim()) +
                          " dimensions");
  const int d = int(cells.ndim());
  auto side = [&](int axis) { return axis < 0 ? 1 : int(cells.shape(axis)); };
  return GridView{side(d - 1), side(d - 2), side(d - 3), "", cells.data(), {}};
}

std::string state_text_of(const std::string& name, const Cells& cells, const std::string& legend, int seed, int steps) {
  GridView grid = grid_of_array(cells);
  for (const uint8_t* v = grid.cells; v != grid.cells + grid.size(); ++v)
    if (*v >= legend.size()) throw py::value_error("a cell's value is past the legend");
  grid.legend = legend;
  return state_text(name, grid, seed, steps);
}

void bind_pictures(py::module_& m) {
  m.def("render", &render_array, py::arg("cells"), py::arg("colors"), py::arg("pixelsize"),
        "A grid as an (H, W, 3) RGB array: squares in 2D, isometric cubes in 3D");
  m.def("file_format", &file_format, py::arg("file"), "\"gif\" or \"grid\", by the file's extension");
  m.def("save_grid", &save_grid_file, py::arg("file"), py::arg("cells"), py::arg("legend"), py::arg("colors"),
        py::arg("pixelsize"), py::arg("tiles") = py::none(),
        "Writes the grid as its file's extension says: .png (3D isometric), .vox, .glb or .tmj (a map of tiles when "
        "given a tile layer)");
  m.def(
      "save_file",
      [](const std::string& file, const py::bytes& data) {
        std::string_view bytes = data;
        py::gil_scoped_release unlocked;
        save_file(file, bytes);
      },
      py::arg("file"), py::arg("data"), "Writes the bytes to the file whole or not at all (mj::save_file)");
  m.def("encode_png", &png_bytes, py::arg("cells"), py::arg("colors"), py::arg("pixelsize"),
        "render's picture as PNG bytes, as save writes them");
  m.def("load_png", &load_png_array, py::arg("file"), "A PNG file as an (H, W, 3) RGB array");
  m.def("state_text", &state_text_of, py::arg("name"), py::arg("cells"), py::arg("legend"), py::arg("seed"),
        py::arg("steps"), "The grid as mj run --state writes it");
}

}  // namespace mj::python
