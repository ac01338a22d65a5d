// A file the library wrote into emscripten's file system, read back as bytes and removed: how a binding hands
// JavaScript what mj writes to disk (a run's files, a world's region).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace mjweb {

inline std::vector<uint8_t> read_and_remove(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<uint8_t> out{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  in.close();
  std::filesystem::remove(file);
  return out;
}

}  // namespace mjweb
