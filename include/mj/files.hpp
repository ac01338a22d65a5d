// mj's public API: writing a file whole or not at all, as every file mj writes is written.
#pragma once

#include <filesystem>
#include <string_view>

namespace mj {

// Writes `bytes` to `file`: first to a new file beside it, renamed over `file` when complete, so that
// a full disk, an error or a killed process never leaves a half-written file under that name.
// Throws mj::Error naming the file and the system's reason ("No space left on device", "Read-only
// file system", "Is a directory"...).
void save_file(const std::filesystem::path& file, std::string_view bytes);

// Removes from `folder` the new files that writers killed before renaming them left behind (their
// process is gone); files being written by a living process stay. Returns how many were removed.
int remove_stale_partials(const std::filesystem::path& folder);

}  // namespace mj
