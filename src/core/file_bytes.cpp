#include "core/file_bytes.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/partial_file.hpp"
#include "mj/error.hpp"

namespace mj {

static std::string reason(const char* action) {
  return std::string(action) + ": " + (errno != 0 ? std::strerror(errno) : "I/O error");
}

// POSIX reads rather than an ifstream: a tile model reads dozens of small files per run, and
// setting up a stream costs more than reading one.
std::string read_file(const std::filesystem::path& file) {
  errno = 0;
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw Error(file.string(), 0, reason("cannot open file"),
                errno == ENOENT ? ErrorKind::missing_file : ErrorKind::io);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw Error(file.string(), 0, reason("cannot read file"), ErrorKind::io);
  if (S_ISDIR(info.st_mode)) throw Error(file.string(), 0, "is a directory, not a file", ErrorKind::io);
  // Up to one byte past the limit, so that endless files (/dev/zero, a pipe) stop with an error.
  std::string bytes;
  const size_t expected = S_ISREG(info.st_mode) ? size_t(info.st_size) : 0;
  bytes.resize(std::min(expected, kMaxFileBytes) + 1);
  size_t size = 0;
  for (;;) {
    if (size == bytes.size()) {
      if (size > kMaxFileBytes) break;
      bytes.resize(std::min(2 * size + 4096, kMaxFileBytes + 1));
    }
    const ssize_t got = ::read(fd, bytes.data() + size, bytes.size() - size);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw Error(file.string(), 0, reason("cannot read file"), ErrorKind::io);
    if (got == 0) break;
    size += size_t(got);
  }
  if (size > kMaxFileBytes)
    throw Error(file.string(), 0, "file is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB", ErrorKind::io);
  bytes.resize(size);
  return bytes;
}

void write_file(const std::filesystem::path& file, const std::vector<uint8_t>& bytes) {
  PartialFile out(file);
  out.write(bytes.data(), bytes.size());
  out.commit();
}

}  // namespace mj
