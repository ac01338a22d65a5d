// mj::Error becomes markovjunior.ModelError (file, line, message) when it names a file, and
// ValueError when it does not: then it was a bad argument (a size, a pixel size, a colour list).
// The library words both, with Python's names for the settings that would fix them.
#include "bindings.hpp"
#include "mj/error.hpp"

namespace mj::python {

const SettingNames& python_setting_names() {
  static const SettingNames names{
      "size=", "steps=", "seed=", "pixelsize=", "max_cells=", "resources=", "workers=", "max_states="};
  return names;
}

void bind_errors(py::module_&) {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Error& e) {
      const SettingNames& names = python_setting_names();
      if (e.file().empty() && e.line() == 0) {
        PyErr_SetString(PyExc_ValueError, e.message(names).c_str());
        return;
      }
      py::object type = py::module_::import("markovjunior.errors").attr("ModelError");
      PyErr_SetObject(type.ptr(), type(e.text(names), e.file(), e.line(), e.message(names)).ptr());
    }
  });
}

}  // namespace mj::python
