// mj explore for Python: a small model's state space (mj/explore.hpp), as plain Python values that
// markovjunior.explore wraps.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/explore.hpp"

namespace mj::python {

namespace {

// The request both explorers resolve, and their options: the library's limit unless one is given.
RunRequest explore_request(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                           const std::string& resources) {
  RunRequest r;
  r.model = model, r.xml = std::move(xml), r.resources = resources;
  auto side = [](int n) { return n != 0 ? std::optional<int>(n) : std::nullopt; };  // 0: not given
  r.length = side(std::get<0>(size)), r.width = side(std::get<1>(size)), r.height = side(std::get<2>(size));
  return r;
}

ExploreOptions explore_options(std::optional<long long> max_states) {
  ExploreOptions options;
  if (max_states) options.max_states = *max_states;
  return options;
}

py::dict explore_model(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                       const std::string& resources, std::optional<long long> max_states) {
  const RunRequest r = explore_request(model, std::move(xml), size, resources);
  StateSpace space;
  {
    py::gil_scoped_release unlocked;
    space = explore(resolve_run(r), explore_options(max_states));
  }
  py::list edges, outcomes;
  for (const auto& out : space.edges) {
    py::list successors;
    for (const StateSpace::Edge& e : out) successors.append(py::make_tuple(e.to, e.probability));
    edges.append(successors);
  }
  for (const StateSpace::Outcome& o : space.outcomes) outcomes.append(py::make_tuple(o.state, o.probability, o.text));
  py::dict d;
  d["transitions"] = space.transitions, d["cyclic"] = space.cyclic, d["unending"] = space.unending;
  d["edges"] = edges, d["grids"] = space.grids, d["outcomes"] = outcomes, d["json"] = state_space_json(space);
  return d;
}

py::dict explore_grids(const std::string& model, std::optional<std::string> xml, std::tuple<int, int, int> size,
                       const std::string& resources, std::optional<long long> max_grids) {
  const RunRequest r = explore_request(model, std::move(xml), size, resources);
  GridDynamics d;
  {
    py::gil_scoped_release unlocked;
    d = explore_all_grids(resolve_run(r), explore_options(max_grids));
  }
  py::list classes;
  for (const GridDynamics::ClosedClass& c : d.classes) classes.append(py::make_tuple(c.size, c.basin, c.example));
  py::dict out;
  out["grids"] = d.grids, out["gardens_of_eden"] = d.gardens_of_eden, out["halting"] = d.halting;
  out["undecided"] = d.undecided, out["transitions"] = d.transitions, out["classes"] = classes;
  out["json"] = grid_dynamics_json(d);
  return out;
}

}  // namespace

void bind_explore(py::module_& m) {
  m.def("explore", &explore_model, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"),
        py::arg("max_states") = py::none(), "mj::explore of the model resolved as given: its state space as a dict");
  m.def("explore_all_grids", &explore_grids, py::arg("model"), py::arg("xml"), py::arg("size"), py::arg("resources"),
        py::arg("max_grids") = py::none(),
        "mj::explore_all_grids of the model resolved as given: its global dynamics as a dict");
}

}  // namespace mj::python
