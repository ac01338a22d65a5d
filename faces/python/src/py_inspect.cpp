// Debugger::inspect for Python: what a node computed to make its choices, as numpy arrays shaped
// like the grid ((my, mx) in 2D, (mz, my, mx) in 3D). markovjunior.Model's fields(), potentials(),
// future(), choice(), trajectory() and wave() read the dict made here.
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace mj::python {

namespace {

template <class T>
py::array shaped(const std::vector<T>& cells, const Inspection& v) {
  std::vector<py::ssize_t> shape{v.mz, v.my, v.mx};
  if (v.mz == 1) shape.erase(shape.begin());
  py::array_t<T> array(shape);
  std::copy(cells.begin(), cells.end(), array.mutable_data());
  return array;
}

// {symbol: potential} for each value listed.
py::dict potentials(const std::vector<PotentialView>& list, const Inspection& v) {
  py::dict d;
  for (const PotentialView& p : list) d[py::str(std::string(1, v.legend[size_t(p.value)]))] = shaped(p.cells, v);
  return d;
}

py::tuple cell_xyz(int i, const Inspection& v) { return py::make_tuple(i % v.mx, i / v.mx % v.my, i / (v.mx * v.my)); }

// The lost options' pictures as RGB bytes, (k, my, mx, 3) or in 3D (k, mz, my, mx, 3); None without colours.
py::object lost_pictures(const ContradictionView& c) {
  if (c.pictures.size() != c.lost.size()) return py::none();
  std::vector<py::ssize_t> shape{py::ssize_t(c.pictures.size()), c.option_mz, c.option_my, c.option_mx, 3};
  if (c.option_mz == 1) shape.erase(shape.begin() + 1);
  py::array_t<uint8_t> array(shape);
  uint8_t* out = array.mutable_data();
  for (const std::vector<uint32_t>& picture : c.pictures)
    for (uint32_t argb : picture) *out++ = uint8_t(argb >> 16), *out++ = uint8_t(argb >> 8), *out++ = uint8_t(argb);
  return array;
}

// The last failure's contradiction: None when none was met (or not inspecting); the neighbour is None
// when the cell's own ban emptied it.
py::object contradiction(const Inspection& v) {
  const ContradictionView& c = v.contradiction;
  if (c.cell < 0) return py::none();
  py::object neighbour = c.neighbour < 0 ? py::object(py::none()) : py::object(cell_xyz(c.neighbour, v));
  return py::make_tuple(cell_xyz(c.cell, v), neighbour, c.lost, c.names, lost_pictures(c));
}

}  // namespace

py::dict inspection_dict(const Inspection& v) {
  py::dict d;
  d["kind"] = v.kind;
  d["line"] = v.line;
  d["legend"] = v.legend;
  d["fields"] = potentials(v.fields, v);
  d["potentials"] = potentials(v.potentials, v);
  // The trajectory: (k, ...the grid's shape), k = 0 when there is none.
  std::vector<py::ssize_t> shape{py::ssize_t(v.trajectory.size()), v.mz, v.my, v.mx};
  if (v.mz == 1) shape.erase(shape.begin() + 1);
  py::array_t<uint8_t> trajectory(shape);
  for (size_t k = 0; k < v.trajectory.size(); k++)
    std::copy(v.trajectory[k].begin(), v.trajectory[k].end(), trajectory.mutable_data() + k * v.trajectory[k].size());
  d["trajectory"] = std::move(trajectory);
  d["trajectory_at"] = v.trajectory_at;
  d["future"] = v.future.empty() ? py::object(py::none()) : py::object(shaped(v.future, v));
  py::list candidates;
  for (const CandidateView& c : v.candidates)
    candidates.append(py::make_tuple(c.rule, c.x, c.y, c.z, c.delta, c.score));
  d["candidates"] = candidates;
  d["chosen"] = v.chosen;
  d["options"] = v.options.empty() ? py::object(py::none()) : py::object(shaped(v.options, v));
  d["patterns"] = v.patterns;
  d["failed_tries"] = v.failed_tries;
  d["undone_choices"] = v.undone_choices;
  py::list contradictions;
  for (int i : v.contradictions) contradictions.append(cell_xyz(i, v));
  d["contradictions"] = contradictions;
  d["contradiction"] = contradiction(v);
  return d;
}

}  // namespace mj::python
