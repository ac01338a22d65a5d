// Running a list of models as the reference's console program does: every entry, every seed.
#pragma once

#include <filesystem>
#include <functional>
#include <vector>

#include "mj/interpreter.hpp"
#include "mj/model_list.hpp"
#include "mj/picture.hpp"

namespace mj::cli {

struct BatchOptions {
  std::filesystem::path out = "output";
  mj::Palette palette;  // base palette; entries' <color>s override it
  int meta_seed = 0;    // seeds the generator of seeds for entries without enough `seeds`
  int jobs = 1;         // runs at once
  bool quiet = false;
  bool json = false;        // one JSON object per finished run instead of the text line
  long long max_cells = 0;  // largest grid; <= 0: the library's default
  // Loads the program of an entry (from models/NAME.xml, or from the built-in demo).
  std::function<Interpreter(const ModelEntry&, const LoadOptions&)> load;
  std::filesystem::path resources;
};

// Runs every entry; reports each run on stdout, each failure on stderr. Returns the exit code.
// The files written do not depend on `jobs`.
int run_batch(const std::vector<ModelEntry>& entries, const BatchOptions& options);

}  // namespace mj::cli
