#include "listed_entry.hpp"

namespace mj::cli {

std::optional<ListedEntry> find_listed_entry(const std::filesystem::path& model) {
  const std::filesystem::path folder = model.parent_path().empty() ? "." : model.parent_path();
  const std::string name = model.stem().string();
  for (const auto& list : {folder / "models.xml", folder / ".." / "models.xml", folder / "demo.xml"}) {
    if (!std::filesystem::is_regular_file(list)) continue;
    for (io::ModelEntry& entry : io::load_model_list(list))
      if (entry.name == name) return ListedEntry{std::move(entry), list.lexically_normal()};
  }
  return std::nullopt;
}

}  // namespace mj::cli
