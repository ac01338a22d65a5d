// Model lists for Python: the entry that gives a model alone its size, steps and colours, as
// `mj run MODEL.xml` finds it.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "mj/model_list.hpp"

namespace mj::python {

namespace {

py::dict entry_dict(const ModelEntry& e) {
  py::dict colors;
  for (const auto& [symbol, color] : e.colors) colors[py::str(std::string(1, symbol))] = color & 0xFFFFFFu;
  py::dict d;
  d["name"] = e.name;
  d["line"] = e.line;
  d["size"] = py::make_tuple(e.mx, e.my, e.mz);
  d["steps"] = e.steps;
  d["pixelsize"] = e.pixelsize;
  d["seeds"] = e.seeds;
  d["iso"] = e.iso;
  d["colors"] = colors;
  return d;
}

py::object listed_entry(const std::string& model) {
  std::optional<ListedEntry> listed = find_listed_entry(model);
  if (!listed) return py::none();
  py::dict d = entry_dict(listed->entry);
  d["list"] = listed->list.string();
  return d;
}

}  // namespace

void bind_model_list(py::module_& m) {
  m.def("listed_entry", &listed_entry, py::arg("model"),
        "The entry of models.xml (the model's folder or the one above) or demo.xml naming the model, or None");
  m.def(
      "model_list",
      [](const std::string& file) {
        py::list entries;
        for (const ModelEntry& e : load_model_list(file)) entries.append(entry_dict(e));
        return entries;
      },
      py::arg("file"), "Every entry of a models.xml");
}

}  // namespace mj::python
