// mj::Error becomes markovjunior.ModelError (file, line, message) when it names a file, and
// ValueError when it does not: then it was a bad argument (a size, a pixel size, a colour list).
#include "bindings.hpp"
#include "mj/error.hpp"

namespace mj::python {

void bind_errors(py::module_&) {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Error& e) {
      if (e.file().empty() && e.line() == 0) {
        PyErr_SetString(PyExc_ValueError, e.message().c_str());
        return;
      }
      py::object type = py::module_::import("markovjunior.errors").attr("ModelError");
      PyErr_SetObject(type.ptr(), type(e.file(), e.line(), e.message()).ptr());
    }
  });
}

}  // namespace mj::python
