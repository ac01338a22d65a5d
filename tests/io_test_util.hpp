// Shared helpers for the mj::io tests: corpus location, scratch files, error text.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "mj/error.hpp"

namespace mj::io::test {

// The read-only MarkovJunior corpus: $MJ_CORPUS, else <source>/../shared/corpus.
inline std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("MJ_CORPUS"); env && *env) return env;
  return std::filesystem::path(MJ_SOURCE_DIR) / ".." / "shared" / "corpus";
}

// A fresh directory for the running test, removed when the test ends.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() / ("mj_io_" + std::string(info->test_suite_name()) + "_" +
                                                      info->name() + "_" + std::to_string(getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary) << bytes;
}

inline std::string read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs f and returns the mj::Error it throws; fails the test if it throws none.
template <class F>
mj::Error expect_error(F f) {
  try {
    f();
  } catch (const mj::Error& e) {
    return e;
  }
  ADD_FAILURE() << "expected mj::Error";
  return mj::Error("", 0, "(none thrown)");
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace mj::io::test
