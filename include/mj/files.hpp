// mj's public API: writing a file whole or not at all, as every file mj writes is written.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace mj {

// Writes `bytes` to `file`: first to a new file beside it, renamed over `file` when complete, so that
// a full disk, an error or a killed process never leaves a half-written file under that name.
// Throws mj::Error naming the file and the system's reason ("No space left on device", "Read-only
// file system", "Is a directory"...).
void save_file(const std::filesystem::path& file, std::string_view bytes);

// `name` as a file name: characters other than letters, digits, '-', '_' and '.' become '_', and a
// name that is empty or starts with '.' gets a leading '_' (no hidden files, no paths).
std::string safe_name(const std::string& name);
// The stem of a run's files: "NAME_SEED", made safe.
std::string output_stem(const std::string& name, int seed);

// Makes `folder` and its parents; mj::Error (kind io) naming it when it cannot.
void make_folder(const std::filesystem::path& folder);

// Removes from `folder` the new files that writers killed before renaming them left behind (their
// process is gone); files being written by a living process stay. Returns how many were removed.
int remove_stale_partials(const std::filesystem::path& folder);

}  // namespace mj
