// mj::io: whole-file reads and writes that report failures as mj::Error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace mj::io {

// The file's bytes. Throws mj::Error(file, 0, ...) if it cannot be read.
std::string read_file(const std::filesystem::path& file);

// Replaces the file's contents. Throws mj::Error(file, 0, ...) on failure.
void write_file(const std::filesystem::path& file, const std::vector<uint8_t>& bytes);

}  // namespace mj::io
