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

// A per-process scratch file, in memory where /dev/shm exists, holding the current input.
inline std::filesystem::path input_file(const uint8_t* data, size_t size, const char* extension) {
  static const std::filesystem::path dir =
      std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
  std::filesystem::path file = dir / ("mj-fuzz-" + std::to_string(getpid()) + extension);
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return file;
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
