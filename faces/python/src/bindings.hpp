// The parts of markovjunior._core, each bound in a file of its own.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "mj/inspect.hpp"
#include "mj/model.hpp"
#include "mj/picture.hpp"
#include "mj/run_settings.hpp"
#include "mj/tile_layer.hpp"

namespace mj::python {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_model(py::module_& m);
void bind_pictures(py::module_& m);
void bind_model_list(py::module_& m);
void bind_run_settings(py::module_& m);
void bind_explore(py::module_& m);
void bind_world(py::module_& m);

// What Python asks of a model's run (markovjunior.source.core_request's tuple, the arguments of resolve_run and of
// World), as the library's RunRequest.
RunRequest run_request(const std::string& model, std::optional<std::string> xml,
                       const std::vector<std::string>& folders, const std::vector<int>& size, std::optional<int> steps,
                       std::optional<int> pixelsize, std::optional<bool> iso, const std::string& resources,
                       long long max_cells, const std::map<std::string, uint32_t>& colors, bool backtrack,
                       bool own_pins, bool own_goal);

// A grid's cells as a read-only uint8 array, (my, mx) in 2D and (mz, my, mx) in 3D, over the interpreter's memory,
// which the array keeps alive (GridView::owner).
py::array grid_array(const GridView& grid);
// An Inspection (mj/inspect.hpp) as a dict of numpy arrays shaped like the grid (inspect.cpp).
py::dict inspection_dict(const Inspection& inspection);
// The other way: a (mz, my, mx) or (my, mx) uint8 array seen as a grid. The array must outlive the view.
GridView grid_of_array(const py::array_t<uint8_t, py::array::c_style>& cells);

// A picture as the (height, width, 3) RGB array that imshow and PIL take.
py::array_t<uint8_t> rgb_array(const RgbaImage& image);

// A TileLayer as plain Python data, (tileset, size, mx, my, tiles, names, at), so that a Result holding it
// pickles; the library's struct field for field, nothing decided here.
using TileTuple = std::tuple<std::string, int, int, int, std::vector<std::vector<uint8_t>>, std::vector<std::string>,
                             std::vector<int>>;
TileTuple tile_tuple(const TileLayer& layer);
TileLayer tile_layer_of(const TileTuple& tiles);

}  // namespace mj::python
