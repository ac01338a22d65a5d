// markovjunior._core: mj's library for Python. The public names live in the pure-Python modules
// beside it; this module is what they call.
#include "bindings.hpp"
#include "mj/version.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "mj's C++ library: models, pictures and model lists (use the markovjunior package)";
  mj::python::bind_errors(m);
  mj::python::bind_model(m);
  mj::python::bind_pictures(m);
  mj::python::bind_model_list(m);
  mj::python::bind_explore(m);
  mj::python::bind_run_settings(m);
  m.attr("__version__") = std::string(mj::kVersion);
}
