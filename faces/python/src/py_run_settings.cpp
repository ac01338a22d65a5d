// The settings of a run, decided by the library's resolve_run (mj/run_settings.hpp) for Python as for
// the CLI: Python passes what it was given (None: not given) and gets every default decided.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/model_list.hpp"
#include "mj/run_settings.hpp"

namespace mj::python {

namespace {

// A size as Python takes it: n (every side; n x n x n for a 3D model), (mx, my): a 2D grid, or
// (mx, my, mz).
void request_size(RunRequest& r, const std::vector<int>& size) { set_sides(r, size); }

py::dict settings_dict(const RunSettings& s) {
  py::dict palette;
  for (const auto& [symbol, color] : s.palette) palette[py::str(std::string(1, symbol))] = color;
  py::dict d;
  d["file"] = s.file.string();
  d["xml"] = s.xml ? py::object(py::str(*s.xml)) : py::none();
  d["source"] = s.source;
  d["name"] = s.name;
  d["size"] = py::make_tuple(s.load.mx, s.load.my, s.load.mz);
  d["resources"] = s.load.resources.string();
  d["max_cells"] = s.load.max_cells;
  d["steps"] = s.steps;
  d["pixelsize"] = s.pixelsize;
  d["iso"] = s.iso;
  d["backtrack"] = s.backtrack;
  d["palette"] = palette;
  d["size_from"] = s.size_from;
  // The entry's pins and goal files (beside its list): Python reads them into its Source's cells (resolve_source).
  d["pins_file"] = s.pins.string();
  d["goal_file"] = s.goal.string();
  return d;
}

}  // namespace

RunSettings settings_of(const py::dict& d) {
  RunSettings s;
  s.file = d["file"].cast<std::string>();
  if (!d["xml"].is_none()) s.xml = d["xml"].cast<std::string>();
  s.source = d["source"].cast<std::string>();
  s.name = d["name"].cast<std::string>();
  std::tie(s.load.mx, s.load.my, s.load.mz) = d["size"].cast<std::tuple<int, int, int>>();
  s.load.resources = d["resources"].cast<std::string>();
  s.load.max_cells = d["max_cells"].cast<long long>();
  s.steps = d["steps"].cast<int>();
  s.pixelsize = d["pixelsize"].cast<int>();
  s.iso = d["iso"].cast<bool>();
  s.backtrack = d["backtrack"].cast<bool>();
  for (auto [symbol, color] : d["palette"].cast<std::map<std::string, uint32_t>>()) s.palette[symbol.at(0)] = color;
  s.size_from = d["size_from"].cast<std::string>();
  return s;
}

namespace {

py::dict resolve(const std::string& model, std::optional<std::string> xml, const std::vector<std::string>& folders,
                 const std::vector<int>& size, std::optional<int> steps, std::optional<int> pixelsize,
                 std::optional<bool> iso, const std::string& resources, long long max_cells,
                 const std::map<std::string, uint32_t>& colors, bool backtrack) {
  RunRequest r;
  r.model = model, r.xml = std::move(xml);
  r.model_folders.assign(folders.begin(), folders.end());
  request_size(r, size);
  r.steps = steps, r.pixelsize = pixelsize, r.iso = iso;
  r.resources = resources, r.max_cells = max_cells, r.colors = colors, r.backtrack = backtrack;
  RunSettings settings;
  {
    py::gil_scoped_release unlocked;
    settings = resolve_run(r);
  }
  return settings_dict(settings);
}

}  // namespace

void bind_run_settings(py::module_& m) {
  m.def("resolve_run", &resolve, py::arg("model"), py::arg("xml"), py::arg("model_folders"), py::arg("size"),
        py::arg("steps"), py::arg("pixelsize"), py::arg("iso"), py::arg("resources"), py::arg("max_cells"),
        py::arg("colors"), py::arg("backtrack"),
        "The settings of a run (file, xml, source, name, size, resources, max_cells, steps, pixelsize, iso, "
        "backtrack, palette, size_from): mj's resolve_run, every default decided");
  m.def("worker_count", &worker_count, py::arg("requested"), "Runs at once: the ones requested, or every core");
}

}  // namespace mj::python
