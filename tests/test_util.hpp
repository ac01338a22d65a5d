// The helpers every test shares, in one namespace: the corpus, scratch folders and files, errors
// expected, the CLI, models from strings. (node_test_util.hpp adds loading single nodes.)
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "mj/error.hpp"
#if __has_include("run/interpreter.hpp")  // not for the C interface's tests, which see the public headers alone
#include "run/interpreter.hpp"
#define MJ_TEST_INTERPRETER 1
#endif

namespace mjtest {

// The read-only MarkovJunior corpus: $MJ_CORPUS, else <source>/../shared/corpus.
inline std::filesystem::path corpus_dir() {
  if (const char* env = std::getenv("MJ_CORPUS"); env && *env) return env;
  return std::filesystem::path(MJ_SOURCE_DIR) / ".." / "shared" / "corpus";
}

// The share of its random programs a test draws: $MJ_TEST_SHARE, a number in (0, 1], else 1. The sanitizer run
// asks for a quarter, the first programs each test draws: under ASan these tests took about 6 of its 16 minutes
// of test CPU (the native run draws them all). Counts and thresholds scale alike.
inline int share_of(int count) {
  static const double share = [] {
    const char* env = std::getenv("MJ_TEST_SHARE");
    const double s = env && *env ? std::atof(env) : 1.0;
    return s > 0 && s <= 1 ? s : 1.0;
  }();
  const int n = int(count * share + 0.5);
  return n < 1 ? 1 : n;
}

// This test process's scratch root, mj-test-<pid>: ctest runs each test as its own process, two at a
// time, so tests never share a folder; the root goes when the process ends.
struct ScratchRoot {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("mj-test-" + std::to_string(getpid()));
  ~ScratchRoot() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
};
inline ScratchRoot scratch_root;

// An empty folder in the scratch root: named `name`, or after the running test.
inline std::filesystem::path temp_dir(const std::string& name = "") {
  std::string leaf = name;
  if (leaf.empty()) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    leaf = std::string(info->test_suite_name()) + "_" + info->name();
    for (char& c : leaf)
      if (c == '/') c = '_';
  }
  auto dir = scratch_root.dir / leaf;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Writes `bytes` to `file`, making its folders.
inline std::filesystem::path write(const std::filesystem::path& file, const std::string& bytes) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << bytes;
  return file;
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

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct CliResult {
  int exit_code;
  std::string output;  // stdout and stderr
};

// Runs `mj args` (in `folder` when given) and collects what it prints.
inline CliResult run_cli(const std::string& args, const std::filesystem::path& folder = {}) {
  std::string command = std::string(MJ_CLI_PATH) + " " + args + " 2>&1";
  if (!folder.empty()) command = "cd '" + folder.string() + "' && " + command;
  FILE* pipe = popen(command.c_str(), "r");
  std::string output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  int status = pclose(pipe);
  return {WEXITSTATUS(status), output};
}

#ifdef MJ_TEST_INTERPRETER
// Runs a model given as XML text on a grid of the given size; returns the final grid as text rows.
inline std::string run_model(const std::string& xml, int mx, int my, int seed, int steps = 0, int mz = 1) {
  auto ip = mj::Interpreter::from_string(xml, {mx, my, mz, {}});
  ip.run(seed, steps);
  mj::GridView g = ip.grid();
  std::string text;
  for (size_t i = 0; i < g.size(); i++) {
    text += g.legend[g.cells[i]];
    if ((i + 1) % size_t(g.mx) == 0) text += '\n';
  }
  return text;
}
#endif

}  // namespace mjtest
