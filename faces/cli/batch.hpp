// Running a list of models as the reference's console program does: every entry, every seed.
#pragma once

#include <filesystem>
#include <functional>
#include <vector>

#include "mj/model_list.hpp"
#include "mj/run_settings.hpp"

namespace mj::cli {

struct BatchOptions {
  std::filesystem::path out = mj::kDefaultOutputFolder;
  int meta_seed = 0;  // seeds the generator of seeds for entries without enough `seeds`
  int jobs = 1;       // runs at once
  bool quiet = false;
  bool json = false;        // one JSON object per finished run instead of the text line
  long long max_cells = 0;  // largest grid; <= 0: the library's default
  // Where an entry's model is (models/NAME.xml, or the built-in demo's text) and its resources.
  std::function<RunRequest(const ModelEntry&)> request;
};

// Runs every entry; reports each run on stdout, each failure on stderr. Returns the exit code.
// The files written do not depend on `jobs`.
int run_batch(const std::vector<ModelEntry>& entries, const BatchOptions& options);

}  // namespace mj::cli
