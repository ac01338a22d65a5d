#include "mj/files.hpp"

#include "core/partial_file.hpp"

namespace mj {

void save_file(const std::filesystem::path& file, std::string_view bytes) {
  PartialFile out(file);
  out.write(bytes.data(), bytes.size());
  out.commit();
}

int remove_stale_partials(const std::filesystem::path& folder) { return PartialFile::remove_stale(folder); }

}  // namespace mj
