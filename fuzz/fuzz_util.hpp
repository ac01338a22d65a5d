// Shared by the fuzz targets: inputs as files (the loaders read paths) and XML escaping.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace mjfuzz {

// Where the targets put their scratch files: in memory where /dev/shm exists.
inline const std::filesystem::path& scratch_root() {
  static const std::filesystem::path root =
      std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
  return root;
}

// A folder of this process's own under scratch_root(), made on first use by each caller.
inline std::filesystem::path scratch_dir(const std::string& name) {
  std::filesystem::path dir = scratch_root() / (name + "-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

// `file` holding exactly these bytes.
inline std::filesystem::path write_input(const std::filesystem::path& file, const void* data, size_t size) {
  std::ofstream(file, std::ios::binary | std::ios::trunc).write(static_cast<const char*>(data), std::streamsize(size));
  return file;
}

// A per-process scratch file holding the current input.
inline std::filesystem::path input_file(const uint8_t* data, size_t size, const char* extension) {
  return write_input(scratch_root() / ("mj-fuzz-" + std::to_string(getpid()) + extension), data, size);
}

// Text as the value of an XML attribute: the parser then hands back exactly these bytes.
inline std::string attribute_text(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

// Resource folder for file rules, samples and tilesets: $MJ_FUZZ_RESOURCES (scripts/fuzz.sh sets it).
// Absolute, because the tileset target links to it from another folder (a relative link would dangle).
inline std::filesystem::path resources() {
  const char* v = std::getenv("MJ_FUZZ_RESOURCES");
  return v && *v ? std::filesystem::absolute(v) : std::filesystem::path("/nonexistent");
}

}  // namespace mjfuzz
