// Pictures for Python: a kept grid (a Result's) drawn to an (H, W, 3) array and written to files as its
// model's mj::Model draws and writes them (mj::draw_grid, mj::save_grid), from the settings the library decided.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/files.hpp"
#include "mj/model.hpp"
#include "mj/picture.hpp"
#include "mj/state_text.hpp"

namespace mj::python {

namespace {

using Cells = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

// A grid as Python holds it (a copy in a Result, a filmstrip) with its legend.
GridView legend_grid(const Cells& cells, const std::string& legend) {
  GridView grid = grid_of_array(cells);
  grid.legend = legend;
  return grid;
}

// mj::draw_grid: the grid drawn as the model's Model draws it.
py::array_t<uint8_t> draw(const py::dict& settings, const Cells& cells, const std::string& legend,
                          std::optional<int> pixelsize) {
  const RunSettings decided = settings_of(settings);
  const GridView grid = legend_grid(cells, legend);
  RgbaImage image;
  {
    py::gil_scoped_release unlocked;
    image = draw_grid(decided, grid, pixelsize);
  }
  return rgb_array(image);
}

// What a file holds, by its extension: "gif" (a run) or "grid" (a grid, mj::save_grid).
std::string file_format(const std::string& file) { return grid_format(file) == GridFormat::gif ? "gif" : "grid"; }

// mj::save_grid: a kept grid written in its file's format, whole or not at all; a tile model's .tmj is a
// map of its tiles (the tile layer Model.tile_layer gave when its run ended).
void save(const py::dict& settings, const std::string& file, const Cells& cells, const std::string& legend, int seed,
          int steps, std::optional<int> pixelsize, const std::optional<TileTuple>& tiles) {
  const RunSettings decided = settings_of(settings);
  const std::optional<TileLayer> layer = tiles ? std::optional<TileLayer>(tile_layer_of(*tiles)) : std::nullopt;
  const GridAt at{legend_grid(cells, legend), seed, steps, layer ? &*layer : nullptr};
  SaveOptions options;
  options.pixelsize = pixelsize;
  py::gil_scoped_release unlocked;
  save_grid(decided, file, at, options);
}

py::bytes as_bytes(const std::vector<uint8_t>& data) {
  return py::bytes(reinterpret_cast<const char*>(data.data()), data.size());
}

// The PNG bytes of the picture `draw` makes: for notebooks (_repr_png_).
py::bytes png_bytes(const py::dict& settings, const Cells& cells, const std::string& legend,
                    std::optional<int> pixelsize) {
  const RunSettings decided = settings_of(settings);
  const GridView grid = legend_grid(cells, legend);
  std::vector<uint8_t> png;
  {
    py::gil_scoped_release unlocked;
    png = grid_png(decided, grid, pixelsize);
  }
  return as_bytes(png);
}

py::array_t<uint8_t> load_png_array(const std::string& file) {
  RgbaImage image;
  {
    py::gil_scoped_release unlocked;
    image = to_rgba(load_png(file));
  }
  return rgb_array(image);
}

}  // namespace

py::array_t<uint8_t> rgb_array(const RgbaImage& image) {
  py::array_t<uint8_t> rgb({py::ssize_t(image.height), py::ssize_t(image.width), py::ssize_t(3)});
  uint8_t* out = rgb.mutable_data();
  for (size_t i = 0; i < image.rgba.size(); i += 4) out = std::copy_n(&image.rgba[i], 3, out);
  return rgb;
}

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
  m.def("draw", &draw, py::arg("settings"), py::arg("cells"), py::arg("legend"), py::arg("pixelsize") = py::none(),
        "A grid of the model of settings as an (H, W, 3) RGB array: squares in 2D, isometric cubes in 3D");
  m.def("file_format", &file_format, py::arg("file"), "\"gif\" or \"grid\", by the file's extension");
  m.def("save_grid", &save, py::arg("settings"), py::arg("file"), py::arg("cells"), py::arg("legend"), py::arg("seed"),
        py::arg("steps"), py::arg("pixelsize") = py::none(), py::arg("tiles") = py::none(),
        "Writes the grid as its file's extension says: .png (3D isometric), .vox, .glb, .tmj (a map of tiles when "
        "given a tile layer) or .txt (the state text)");
  m.def(
      "save_file",
      [](const std::string& file, const py::bytes& data) {
        std::string_view bytes = data;
        py::gil_scoped_release unlocked;
        save_file(file, bytes);
      },
      py::arg("file"), py::arg("data"), "Writes the bytes to the file whole or not at all (mj::save_file)");
  m.def("encode_png", &png_bytes, py::arg("settings"), py::arg("cells"), py::arg("legend"),
        py::arg("pixelsize") = py::none(), "draw's picture as PNG bytes, as save writes them");
  m.def(
      "colors",
      [](const py::dict& settings, const std::string& legend) { return grid_colors(settings_of(settings), legend); },
      py::arg("settings"), py::arg("legend"), "0xAARRGGBB colour of each symbol of the legend");
  m.def("state_text", &state_text_of, py::arg("name"), py::arg("cells"), py::arg("legend"), py::arg("seed"),
        py::arg("steps"), "The grid as mj run --state writes it");
  m.def("load_png", &load_png_array, py::arg("file"), "A PNG file as an (H, W, 3) RGB array");
}

}  // namespace mj::python
