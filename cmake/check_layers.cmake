# Layers one way (a CTest, `cmake -DROOT=<repo> -P check_layers.cmake`): src/core includes neither
# io/ nor nodes/, src/io does not include nodes/, the public headers include only each other, and the
# faces (the CLI, the C interface, Python, JavaScript) only the public headers and their own: they run
# models through mj::Model, never the private Interpreter of src/run. The outputs beside the engine
# (src/outputs) are built on its public calls: no interpreter, no node. The faces without a debugger (the
# CLI, C) include no mj/debugger.hpp: they do not link its library.
set(folders src/core src/io src/outputs include/mj faces/c faces/cli faces/python/src faces/js/src)
set(private_folders "^#include \"(core|io|nodes|run|debugger|debugging|outputs|explore)/")
foreach(face faces/python/src faces/js/src)
  set(forbidden_${face} "${private_folders}")
endforeach()
foreach(face faces/c faces/cli)
  set(forbidden_${face} "${private_folders}|^#include \"mj/debugger.hpp\"")
endforeach()
set(forbidden_src/outputs "^#include \"(nodes|run|debugger|debugging|explore)/")
set(forbidden_src/core "^#include \"(io|nodes)/")
set(forbidden_src/io "^#include \"nodes/")
set(forbidden_include/mj "^#include \"([^m]|m[^j]|mj[^/])")
include(${CMAKE_CURRENT_LIST_DIR}/forbidden_lines.cmake)
set(violations 0)
foreach(folder ${folders})
  file(GLOB_RECURSE files ${ROOT}/${folder}/*.hpp ${ROOT}/${folder}/*.cpp)
  report_forbidden_lines("${files}" "${forbidden_${folder}}" "${folder} may not include that" violations)
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} includes against the layers")
endif()
message("layers: core -> io -> nodes, one way; public headers include only each other; outputs the engine's public \
API; faces the public API, the debugger only where linked")
