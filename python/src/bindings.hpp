// The parts of markovjunior._core, each bound in a file of its own.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "mj/interpreter.hpp"

namespace mj::python {

namespace py = pybind11;

void bind_errors(py::module_& m);
void bind_interpreter(py::module_& m);
void bind_pictures(py::module_& m);
void bind_model_list(py::module_& m);
void bind_run_settings(py::module_& m);
void bind_explore(py::module_& m);

// A grid's cells as a read-only uint8 array, (my, mx) in 2D and (mz, my, mx) in 3D, over the interpreter's memory,
// which the array keeps alive (GridView::owner).
py::array grid_array(const GridView& grid);
// An Inspection (mj/inspect.hpp) as a dict of numpy arrays shaped like the grid (inspect.cpp).
py::dict inspection_dict(const Inspection& inspection);
// The other way: a (mz, my, mx) or (my, mx) uint8 array seen as a grid. The array must outlive the view.
GridView grid_of_array(const py::array_t<uint8_t, py::array::c_style>& cells);

}  // namespace mj::python
