// `mj run MODEL.xml` without a size runs the model as its entry in a list beside it says.
#pragma once

#include <filesystem>
#include <optional>

#include "io/model_list.hpp"

namespace mj::cli {

struct ListedEntry {
  io::ModelEntry entry;
  std::filesystem::path list;  // the file that lists it
};

// The first entry named as the model in models.xml of the model's folder or the one above it (the
// reference's layout), or in demo.xml of its folder (mj's own models/). A list that is there but
// broken is an error (mj::Error with its file and line), not a silent fallback.
std::optional<ListedEntry> find_listed_entry(const std::filesystem::path& model);

}  // namespace mj::cli
