#include "mj/files.hpp"

#include <cctype>

#include "core/partial_file.hpp"
#include "mj/error.hpp"

namespace mj {

void save_file(const std::filesystem::path& file, std::string_view bytes) {
  PartialFile out(file);
  out.write(bytes.data(), bytes.size());
  out.commit();
}

int remove_stale_partials(const std::filesystem::path& folder) { return PartialFile::remove_stale(folder); }

std::string safe_name(const std::string& name) {
  std::string result;
  for (char c : name) result += (std::isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.') ? c : '_';
  if (result.empty() || result[0] == '.') result = "_" + result;
  return result;
}

std::string output_stem(const std::string& name, int seed) { return safe_name(name) + "_" + std::to_string(seed); }

void make_folder(const std::filesystem::path& folder) {
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) throw Error(folder.string(), 0, "cannot create the output folder: " + error.message(), ErrorKind::io);
}

}  // namespace mj
