// Fuzzes models.xml reading: any text gives entries with usable sizes or mj::Error, and a model named
// by the first entry finds that entry in the list beside it (as `mj run` does to get its size).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "fuzz_util.hpp"
#include "mj/error.hpp"
#include "mj/model_list.hpp"

namespace fs = std::filesystem;

namespace {

// A folder of its own holding the input as models.xml.
fs::path list_file(const uint8_t* data, size_t size) {
  static const fs::path dir = mjfuzz::scratch_dir("mj-fuzz-list");
  return mjfuzz::write_input(dir / "models.xml", data, size);
}

bool plain_name(const std::string& name) {
  return !name.empty() &&
         std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const fs::path list = list_file(data, size);
    auto entries = mj::load_model_list(list);
    for (const auto& e : entries)
      if (e.mx <= 0 || e.my <= 0 || e.mz <= 0 || e.pixelsize <= 0) std::abort();
    if (entries.empty() || !plain_name(entries[0].name)) return 0;
    auto found = mj::find_listed_entry(list.parent_path() / (entries[0].name + ".xml"));
    if (!found || found->entry.line != entries[0].line) std::abort();
  } catch (const mj::Error&) {
  }
  return 0;
}
