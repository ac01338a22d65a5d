// The settings of a run, decided by the library's resolve_run (mj/run_settings.hpp) for Python as for
// the CLI: Python passes what it was given (None: not given) and gets every default decided, as an
// mj::RunSettings it keeps (markovjunior.Source) and hands back as it is to every model and picture.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/model_list.hpp"
#include "mj/run_settings.hpp"

namespace mj::python {

RunRequest run_request(const std::string& model, std::optional<std::string> xml,
                       const std::vector<std::string>& folders, const std::vector<int>& size, std::optional<int> steps,
                       std::optional<int> pixelsize, std::optional<bool> iso, const std::string& resources,
                       long long max_cells, const std::map<std::string, uint32_t>& colors, bool backtrack,
                       bool own_pins, bool own_goal) {
  RunRequest r;
  r.model = model, r.xml = std::move(xml);
  r.model_folders.assign(folders.begin(), folders.end());
  set_sides(r, size);  // n (every side; n x n x n for a 3D model), (mx, my): a 2D grid, or (mx, my, mz)
  r.steps = steps, r.pixelsize = pixelsize, r.iso = iso;
  r.resources = resources, r.max_cells = max_cells, r.colors = colors, r.backtrack = backtrack;
  r.own_pins = own_pins, r.own_goal = own_goal;
  return r;
}

namespace {

// The palette as sorted (symbol, 0xAARRGGBB) pairs.
py::tuple palette_pairs(const RunSettings& s) {
  py::list pairs;
  for (const auto& [symbol, color] : s.palette) pairs.append(py::make_tuple(std::string(1, symbol), color));
  return py::tuple(pairs);
}

// The settings as a pickle carries them, every field Python keeps in one order; also what Settings
// compare and hash by.
py::tuple settings_state(const RunSettings& s) {
  return py::make_tuple(s.file.string(), s.xml ? py::object(py::str(*s.xml)) : py::none(), s.source, s.name,
                        py::make_tuple(s.load.mx, s.load.my, s.load.mz), s.load.resources.string(), s.load.max_cells,
                        s.steps, s.pixelsize, s.iso, s.backtrack, palette_pairs(s), s.size_from, s.gui, s.seed);
}

RunSettings settings_from_state(const py::tuple& t) {
  if (t.size() != 15) throw py::value_error("not the state of a markovjunior Settings");
  RunSettings s;
  s.file = t[0].cast<std::string>();
  if (!t[1].is_none()) s.xml = t[1].cast<std::string>();
  s.source = t[2].cast<std::string>();
  s.name = t[3].cast<std::string>();
  std::tie(s.load.mx, s.load.my, s.load.mz) = t[4].cast<std::tuple<int, int, int>>();
  s.load.resources = t[5].cast<std::string>();
  s.load.max_cells = t[6].cast<long long>();
  s.steps = t[7].cast<int>();
  s.pixelsize = t[8].cast<int>();
  s.iso = t[9].cast<bool>();
  s.backtrack = t[10].cast<bool>();
  for (auto [symbol, color] : t[11].cast<std::vector<std::pair<std::string, uint32_t>>>())
    s.palette[symbol.at(0)] = color;
  s.size_from = t[12].cast<std::string>();
  s.gui = t[13].cast<int>();
  s.seed = t[14].cast<int>();
  return s;
}

RunSettings resolve(const std::string& model, std::optional<std::string> xml, const std::vector<std::string>& folders,
                    const std::vector<int>& size, std::optional<int> steps, std::optional<int> pixelsize,
                    std::optional<bool> iso, const std::string& resources, long long max_cells,
                    const std::map<std::string, uint32_t>& colors, bool backtrack, bool own_pins, bool own_goal) {
  const RunRequest r = run_request(model, std::move(xml), folders, size, steps, pixelsize, iso, resources, max_cells,
                                   colors, backtrack, own_pins, own_goal);
  py::gil_scoped_release unlocked;
  return resolve_run(r);
}

}  // namespace

void bind_run_settings(py::module_& m) {
  py::class_<RunSettings>(m, "Settings", "mj::RunSettings: what resolve_run decided for a run of a model")
      .def_property_readonly("file", [](const RunSettings& s) { return s.file.string(); })
      .def_readonly("xml", &RunSettings::xml)
      .def_readonly("source", &RunSettings::source)
      .def_readonly("name", &RunSettings::name)
      .def_property_readonly("size",
                             [](const RunSettings& s) { return py::make_tuple(s.load.mx, s.load.my, s.load.mz); })
      .def_property_readonly("resources", [](const RunSettings& s) { return s.load.resources.string(); })
      .def_property_readonly("max_cells", [](const RunSettings& s) { return s.load.max_cells; })
      .def_readonly("steps", &RunSettings::steps)
      .def_readonly("seed", &RunSettings::seed)
      .def_readonly("pixelsize", &RunSettings::pixelsize)
      .def_readonly("iso", &RunSettings::iso)
      .def_readonly("backtrack", &RunSettings::backtrack)
      .def_property_readonly("palette", &palette_pairs, "(symbol, 0xAARRGGBB) pairs, sorted")
      .def_readonly("size_from", &RunSettings::size_from)
      .def_property_readonly("pins_file", [](const RunSettings& s) { return s.pins.string(); })
      .def_property_readonly("goal_file", [](const RunSettings& s) { return s.goal.string(); })
      .def("__eq__",
           [](const RunSettings& a, const RunSettings& b) { return settings_state(a).equal(settings_state(b)); })
      .def("__hash__", [](const RunSettings& s) { return py::hash(settings_state(s)); })
      .def(py::pickle(&settings_state, &settings_from_state));
  m.def("resolve_run", &resolve, py::arg("model"), py::arg("xml"), py::arg("model_folders"), py::arg("size"),
        py::arg("steps"), py::arg("pixelsize"), py::arg("iso"), py::arg("resources"), py::arg("max_cells"),
        py::arg("colors"), py::arg("backtrack"), py::arg("own_pins") = false, py::arg("own_goal") = false,
        "The settings of a run (a Settings): mj's resolve_run, every default decided");
  m.def("worker_count", &worker_count, py::arg("requested"), "Runs at once: the ones requested, or every core");
}

}  // namespace mj::python
