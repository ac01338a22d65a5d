// The order `mj -j N` starts the runs of a list in: the longest predicted first, so that the
// workers finish together instead of one running a large model alone at the end.
#pragma once

#include <string>

#include "mj/model_list.hpp"

namespace mj::cli {

// A run's work as its program and size predict it, only to compare runs: the grid's cells times
// the program's elements (nodes and rules), times 64 for a wfc node or a search, which do far more
// per cell than rules do. `xml`: the model's text, empty when it cannot be read (the run reports why).
double predicted_work(const ModelEntry& entry, const std::string& xml);

}  // namespace mj::cli
