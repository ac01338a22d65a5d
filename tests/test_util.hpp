// Small helpers shared by the tests: temporary files, the CLI, models from strings.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "mj/interpreter.hpp"

namespace mjtest {

inline std::filesystem::path temp_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("mj-test-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::filesystem::path write(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

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

}  // namespace mjtest
