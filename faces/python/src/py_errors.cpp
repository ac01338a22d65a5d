// The library's failures as Python's exceptions, by their kind (mj::failure_of, the one translator every face
// uses): a problem in the model, or a limit it reached, is markovjunior.ModelError (file, line, message); a
// missing file FileNotFoundError; a file that cannot be read or written OSError; a bad argument ValueError
// ("file:line: message" when it is a line of the model that cannot be done, as a node no world runs); no memory
// MemoryError. The library words each, with Python's names for the settings that would fix it.
#include <pybind11/stl.h>

#include <cerrno>
#include <filesystem>

#include "bindings.hpp"
#include "mj/error.hpp"
#include "mj/failure.hpp"

namespace mj::python {

const SettingNames& python_setting_names() {
  static const SettingNames names{
      "size=", "steps=", "seed=", "pixelsize=", "max_cells=", "resources=", "workers=", "max_states="};
  return names;
}

namespace {

void raise(const Failure& f) {
  py::module_ builtins = py::module_::import("builtins");
  auto set = [](const py::object& type, const py::object& value) { PyErr_SetObject(type.ptr(), value.ptr()); };
  switch (f.kind) {
    case ErrorKind::model:
    case ErrorKind::limit: {
      py::object type = py::module_::import("markovjunior.errors").attr("ModelError");
      set(type, type(f.text, f.file, f.line, f.message));
      return;
    }
    case ErrorKind::missing_file: {
      py::object file = f.file.empty() ? py::object(py::none()) : py::object(py::str(f.file));
      set(builtins.attr("FileNotFoundError"), builtins.attr("FileNotFoundError")(ENOENT, f.message, file));
      return;
    }
    case ErrorKind::io: set(builtins.attr("OSError"), builtins.attr("OSError")(f.text)); return;
    case ErrorKind::argument:  // with its place when it has one: a node a world refuses, at its line
      PyErr_SetString(PyExc_ValueError, (f.line > 0 ? f.text : f.message).c_str());
      return;
    case ErrorKind::memory: PyErr_SetString(PyExc_MemoryError, f.message.c_str()); return;
    case ErrorKind::internal: PyErr_SetString(PyExc_RuntimeError, f.text.c_str()); return;
  }
}

}  // namespace

void bind_errors(py::module_& m) {
  m.def(
      "setting_names",
      [] {
        const SettingNames& n = python_setting_names();
        return std::vector<std::string>{n.size,      n.steps,     n.seed,    n.pixelsize,
                                        n.max_cells, n.resources, n.workers, n.max_states};
      },
      "The words for the settings in messages, in mj::SettingNames' order (size, steps, seed, pixelsize, "
      "max_cells, resources, workers, max_states)");
  // mj's own failures; other exceptions (Python's own coming back through C++, std ones) go on to pybind11's.
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Error&) {
      raise(failure_of(thrown, python_setting_names()));
    } catch (const std::filesystem::filesystem_error&) {
      raise(failure_of(thrown, python_setting_names()));
    }
  });
}

}  // namespace mj::python
