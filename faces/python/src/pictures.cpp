// Pictures for Python: a kept grid (a Result's) drawn to an (H, W, 3) array and written to files as its
// model's mj::Model draws and writes them (mj::Snapshot), from the settings the library decided.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/files.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"
#include "mj/picture.hpp"

namespace mj::python {

namespace {

using Cells = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

py::bytes as_bytes(const std::vector<uint8_t>& data) {
  return py::bytes(reinterpret_cast<const char*>(data.data()), data.size());
}

// A grid as Python holds it (a Result's, a filmstrip) with its legend, seed, step and tiles: its cells copied.
Snapshot snapshot_of(const RunSettings& settings, const Cells& cells, const std::string& legend, int seed, int step,
                     const std::optional<TileTuple>& tiles) {
  const GridView grid = grid_of_array(cells);
  for (const uint8_t* v = grid.cells; v != grid.cells + grid.size(); ++v)
    if (*v >= legend.size()) throw py::value_error("a cell's value is past the legend");
  return Snapshot{std::vector<uint8_t>(grid.cells, grid.cells + grid.size()),
                  grid.mx,
                  grid.my,
                  grid.mz,
                  legend,
                  seed,
                  step,
                  tiles ? std::optional<TileLayer>(tile_layer_of(*tiles)) : std::nullopt,
                  settings,
                  std::nullopt};
}

// The snapshot's cells as a writable uint8 array over its own memory, (my, mx) in 2D and (mz, my, mx) in 3D,
// which keeps the snapshot alive.
py::array cells_array(py::object self) {
  Snapshot& s = self.cast<Snapshot&>();
  const auto row = py::ssize_t(s.mx), layer = row * s.my;
  std::vector<py::ssize_t> shape{py::ssize_t(s.mz), py::ssize_t(s.my), row}, strides{layer, row, 1};
  if (s.mz == 1) shape.erase(shape.begin()), strides.erase(strides.begin());
  return py::array_t<uint8_t>(shape, strides, s.cells.data(), self);
}

py::tuple snapshot_state(const Snapshot& s) {
  return py::make_tuple(s.settings, as_bytes(s.cells), py::make_tuple(s.mx, s.my, s.mz), s.legend, s.seed, s.step,
                        s.tiles ? py::cast(tile_tuple(*s.tiles)) : py::none());
}

Snapshot snapshot_from_state(const py::tuple& t) {
  if (t.size() != 7) throw py::value_error("not the state of a markovjunior Snapshot");
  Snapshot s;
  s.settings = t[0].cast<RunSettings>();
  const std::string cells = t[1].cast<std::string>();
  s.cells.assign(cells.begin(), cells.end());
  std::tie(s.mx, s.my, s.mz) = t[2].cast<std::tuple<int, int, int>>();
  s.legend = t[3].cast<std::string>();
  s.seed = t[4].cast<int>();
  s.step = t[5].cast<int>();
  if (!t[6].is_none()) s.tiles = tile_layer_of(t[6].cast<TileTuple>());
  return s;
}

// What a file holds, by its extension: "gif" (a run) or "grid" (a grid, mj::Snapshot::save).
std::string file_format(const std::string& file) { return grid_format(file) == GridFormat::gif ? "gif" : "grid"; }

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
  RunSettings named;
  named.name = name;
  return snapshot_of(named, cells, legend, seed, steps, std::nullopt).state_text();
}

void bind_pictures(py::module_& m) {
  py::class_<Snapshot>(m, "Snapshot",
                       "mj::Snapshot: a grid at a step with what draws and saves it as its Model does (a Result's)")
      .def(py::init(&snapshot_of), py::arg("settings"), py::arg("cells"), py::arg("legend"), py::arg("seed") = 0,
           py::arg("step") = 0, py::arg("tiles") = py::none(),
           "A grid (a (my, mx) or (mz, my, mx) uint8 array, copied) of the model of settings")
      .def_property_readonly("grid", &cells_array, "The cells, (my, mx) in 2D, (mz, my, mx) in 3D, over its memory")
      .def_readonly("legend", &Snapshot::legend)
      .def_readonly("seed", &Snapshot::seed)
      .def_readonly("step", &Snapshot::step)
      .def_readonly("settings", &Snapshot::settings)
      .def_property_readonly(
          "tiles",
          [](const Snapshot& s) { return s.tiles ? std::optional<TileTuple>(tile_tuple(*s.tiles)) : std::nullopt; },
          "A tile model's tile layer (Model.tile_layer), or None")
      .def(
          "colors", [](const Snapshot& s) { return s.colors(); }, "0xAARRGGBB colour of each symbol of the legend")
      .def(
          "image",
          [](const Snapshot& s, std::optional<int> pixelsize) {
            RgbaImage image;
            {
              py::gil_scoped_release unlocked;
              image = s.image(pixelsize);
            }
            return rgb_array(image);
          },
          py::arg("pixelsize") = py::none(), "The grid as an (H, W, 3) RGB array: squares in 2D, isometric cubes in 3D")
      .def(
          "png",
          [](const Snapshot& s, std::optional<int> pixelsize) {
            std::vector<uint8_t> png;
            {
              py::gil_scoped_release unlocked;
              png = s.png(pixelsize);
            }
            return as_bytes(png);
          },
          py::arg("pixelsize") = py::none(), "image's picture as PNG bytes, as save writes them")
      .def(
          "save",
          [](const Snapshot& s, const std::string& file, std::optional<int> pixelsize) {
            SaveOptions options;
            options.pixelsize = pixelsize;
            py::gil_scoped_release unlocked;
            s.save(file, options);
          },
          py::arg("file"), py::arg("pixelsize") = py::none(),
          "Writes the grid as its file's extension says: .png (3D isometric), .vox, .glb, .tmj (a map of its tiles "
          "when it has them) or .txt (the state text)")
      .def(py::pickle(&snapshot_state, &snapshot_from_state));
  m.def("file_format", &file_format, py::arg("file"), "\"gif\" or \"grid\", by the file's extension");
  m.def(
      "save_file",
      [](const std::string& file, const py::bytes& data) {
        std::string_view bytes = data;
        py::gil_scoped_release unlocked;
        save_file(file, bytes);
      },
      py::arg("file"), py::arg("data"), "Writes the bytes to the file whole or not at all (mj::save_file)");
  m.def("state_text", &state_text_of, py::arg("name"), py::arg("cells"), py::arg("legend"), py::arg("seed"),
        py::arg("steps"), "The grid as mj run --state writes it");
  m.def("load_png", &load_png_array, py::arg("file"), "A PNG file as an (H, W, 3) RGB array");
}

}  // namespace mj::python
