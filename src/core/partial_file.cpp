#include "core/partial_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#include "mj/error.hpp"

namespace mj {

namespace {

constexpr std::string_view kMark = ".partial-";

// A name no other writer uses: the process, and a count within it (threads write at once).
std::filesystem::path temporary_name(const std::filesystem::path& file) {
  static std::atomic<unsigned> count{0};
  std::filesystem::path name = file;
  name += std::string(kMark) + std::to_string(::getpid()) + "-" + std::to_string(count++);
  return name;
}

// The writer's process id in a new file's name, or 0 for any other name.
pid_t writer_of(const std::string& name) {
  const size_t at = name.rfind(kMark);
  if (at == std::string::npos) return 0;
  const char* digits = name.c_str() + at + kMark.size();
  char* end = nullptr;
  const long pid = std::strtol(digits, &end, 10);
  return end != digits && *end == '-' && pid > 0 ? pid_t(pid) : 0;
}

// A name that is a link, or that names neither a plain file nor a folder (a device such as /dev/null, a pipe,
// a terminal), is written through, as a shell's `>` writes it: a new file renamed over it would replace the
// link or the device itself (as root, /dev/stdout by a plain file of the output).
bool written_through(const std::filesystem::path& file) {
  struct stat at {};
  return ::lstat(file.c_str(), &at) == 0 && !S_ISREG(at.st_mode) && !S_ISDIR(at.st_mode);
}

}  // namespace

PartialFile::PartialFile(const std::filesystem::path& file)
    : file_(file), through_(written_through(file)), temporary_(through_ ? file : temporary_name(file)) {
  // A file's folder is made as `--out DIR` makes its folder (`--state DIR/x.txt`); when it cannot be, the open
  // below says why.
  std::error_code ignored;
  if (!through_ && file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ignored);
  errno = 0;
  // 0666 less the umask, as for any new file (mkstemp would make it 0600).
  const int flags = through_ ? O_TRUNC : O_EXCL;
  fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0666);
  if (fd_ < 0) fail("cannot create the file");
}

PartialFile::~PartialFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !through_) ::unlink(temporary_.c_str());
}

void PartialFile::write(const void* data, size_t size) {
  const char* at = static_cast<const char*>(data);
  while (size > 0) {
    errno = 0;
    const ssize_t wrote = ::write(fd_, at, size);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) fail("cannot write the file");
    at += wrote, size -= size_t(wrote);
  }
}

int PartialFile::release() { return std::exchange(fd_, -1); }

void PartialFile::commit() {
  errno = 0;
  // close() reports what a network or quota-bound file system deferred
  if (fd_ >= 0 && ::close(std::exchange(fd_, -1)) != 0) fail("cannot write the file");
  if (!through_ && ::rename(temporary_.c_str(), file_.c_str()) != 0) fail("cannot write the file");
  committed_ = true;
}

void PartialFile::fail(const std::string& what) const {
  throw Error(file_.string(), 0, what + ": " + (errno != 0 ? std::strerror(errno) : "I/O error"), ErrorKind::io);
}

}  // namespace mj

namespace mj {

int PartialFile::remove_stale(const std::filesystem::path& folder, const std::string& of) {
  int removed = 0;
  std::error_code error;
  const std::string prefix = of.empty() ? "" : of + std::string(kMark);
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    const pid_t writer = writer_of(name);
    if (writer == 0 || writer == ::getpid() || ::kill(writer, 0) == 0 || errno != ESRCH) continue;
    removed += std::filesystem::remove(entry.path(), error) ? 1 : 0;
  }
  return removed;
}

}  // namespace mj
