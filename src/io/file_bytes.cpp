#include "io/file_bytes.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "mj/error.hpp"

namespace mj::io {

static std::string reason(const char* action) {
  return std::string(action) + ": " + (errno != 0 ? std::strerror(errno) : "I/O error");
}

std::string read_file(const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) throw Error(file.string(), 0, "is a directory, not a file");
  errno = 0;
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(file.string(), 0, reason("cannot open file"));
  // Chunks up to one byte past the limit, so that endless files (/dev/zero, a pipe) stop with an error.
  std::string bytes;
  char chunk[1 << 16];
  while (in && bytes.size() <= kMaxFileBytes) {
    in.read(chunk, sizeof chunk);
    bytes.append(chunk, size_t(in.gcount()));
  }
  if (in.bad()) throw Error(file.string(), 0, reason("cannot read file"));
  if (bytes.size() > kMaxFileBytes)
    throw Error(file.string(), 0, "file is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB");
  return bytes;
}

void write_file(const std::filesystem::path& file, const std::vector<uint8_t>& bytes) {
  errno = 0;
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) throw Error(file.string(), 0, reason("cannot create file"));
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw Error(file.string(), 0, reason("cannot write file"));
}

}  // namespace mj::io
