// A file written whole or not at all. Its bytes go to a new file beside it (same folder, so the same
// file system) that is renamed over the name asked for once complete: a full disk, an error or a
// killed process never leaves a half-written file under that name, and readers of the old file see
// it whole until the new one replaces it. A link, a device or a pipe (/dev/stdout, /dev/null) is written
// through instead, as a shell writes it: there is no whole file to keep.
#pragma once

#include <filesystem>
#include <string>

namespace mj {

class PartialFile {
 public:
  // Creates the new file, and its folder when missing; throws mj::Error naming `file` and the reason.
  explicit PartialFile(const std::filesystem::path& file);
  ~PartialFile();  // removes the new file unless committed
  PartialFile(const PartialFile&) = delete;
  PartialFile& operator=(const PartialFile&) = delete;

  const std::filesystem::path& path() const { return temporary_; }  // the new file's name until commit
  void write(const void* data, size_t size);                        // all of it, or mj::Error
  // The descriptor, for a writer that closes it itself (giflib); commit() then only renames.
  int release();
  // Closes the file (if still held) and renames it to the name asked for; mj::Error on failure.
  void commit();
  // mj::Error naming the file asked for, `what` and the system's reason (errno).
  [[noreturn]] void fail(const std::string& what) const;

  // Removes the new files of `folder` whose writer's process is gone (killed before commit()); with
  // `of`, only those of that file name (a long writer's: a killed GIF's hundreds of megabytes).
  static int remove_stale(const std::filesystem::path& folder, const std::string& of = {});

 private:
  std::filesystem::path file_;
  bool through_ = false;  // written in place: a link, a device or a pipe
  std::filesystem::path temporary_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace mj
