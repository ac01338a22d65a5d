// markovjunior._core: mj's library for Python. The public names live in the pure-Python modules
// beside it; this module is what they call.
#include "bindings.hpp"
#include "mj/defaults.hpp"
#include "mj/version.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "mj's C++ library: models, pictures and model lists (use the markovjunior package)";
  mj::python::bind_errors(m);
  mj::python::bind_model(m);
  mj::python::bind_pictures(m);
  mj::python::bind_model_list(m);
  mj::python::bind_explore(m);
  mj::python::bind_run_settings(m);
  mj::python::bind_world(m);
  m.attr("__version__") = std::string(mj::kVersion);
  // The library's defaults and bounds (mj/defaults.hpp), which the Python modules read rather than restate.
  pybind11::dict defaults;
  defaults["seed"] = mj::kDefaultSeed;
  defaults["output_folder"] = std::string(mj::kDefaultOutputFolder);
  defaults["steps"] = mj::kDefaultSteps;
  defaults["gif_steps"] = mj::kDefaultGifSteps;
  defaults["pixelsize"] = mj::kDefaultPixelsize;
  defaults["max_pixelsize"] = mj::kMaxPixelsize;
  defaults["size_2d"] = mj::kDefaultSize2d;
  defaults["size_3d"] = mj::kDefaultSize3d;
  defaults["history_bytes"] = mj::kDefaultHistoryBytes;
  defaults["progress_milliseconds"] = mj::kDefaultProgressMilliseconds;
  defaults["max_gif_frames"] = mj::kMaxGifFrames;
  defaults["max_cells"] = mj::kMaxCells;
  defaults["free_cell"] = int(mj::kFreeCell);
  defaults["max_states"] = mj::kMaxStates;
  defaults["chunk_2d"] = mj::kDefaultChunk2d;
  defaults["chunk_3d"] = mj::kDefaultChunk3d;
  defaults["max_chunk"] = mj::kMaxChunk;
  m.attr("DEFAULTS") = defaults;
}
