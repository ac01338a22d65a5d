// Whole-file reads and writes that report failures as mj::Error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "mj/error.hpp"

namespace mj {

// Largest file read_file accepts: far above any model, palette or VOX file.
constexpr size_t kMaxFileBytes = size_t(256) << 20;

// The file's bytes. Throws mj::Error(file, 0, ...) if it cannot be read or is larger than kMaxFileBytes.
std::string read_file(const std::filesystem::path& file);

// Replaces the file's contents, whole or not at all (core/partial_file.hpp). Throws mj::Error(file, 0, ...).
void write_file(const std::filesystem::path& file, const std::vector<uint8_t>& bytes);

// Writes the bytes `encode()` returns; its errors, which know no file, are told as this file's.
template <class Encode>
void save_encoded(const std::filesystem::path& file, Encode&& encode) {
  std::vector<uint8_t> bytes;
  try {
    bytes = encode();
  } catch (const Error& e) {
    if (!e.file().empty()) throw;
    throw Error(file.string(), e.line(), e.message());
  }
  write_file(file, bytes);
}

}  // namespace mj
