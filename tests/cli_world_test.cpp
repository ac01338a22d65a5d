// `mj world`: a region of a world written at once, in threads, as a folder of chunks and in overlapping pieces
// gives the same cells; Ctrl-C leaves no file; every bad request (tests/world_errors.xml) gets one line.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <regex>
#include <thread>

#include "cli_cases.hpp"
#include "mj/picture.hpp"
#include "mj/world.hpp"
#include "test_util.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using mjtest::run_cli;

// MazeGrowth's world of chunk 16, and a region of 6 x 6 chunks' cells across the origin (7 x 7 chunks touched).
std::string maze_world(int seed = 7) {
  const fs::path corpus = mjtest::corpus_dir();
  return "world " + (corpus / "models" / "MazeGrowth.xml").string() + " --resources " +
         (corpus / "resources").string() + " --chunk 16 --margin 4 --seam 2 --seed " + std::to_string(seed);
}
constexpr long long kX0 = -40, kY0 = -24, kX1 = 56, kY1 = 72;

std::string region_args(long long x0, long long y0, long long x1, long long y1) {
  return " --region " + std::to_string(x0) + " " + std::to_string(y0) + " " + std::to_string(x1) + " " +
         std::to_string(y1);
}

// A state text's rows (its first two lines are the head and the legend).
std::vector<std::string> rows_of(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> rows;
  for (std::string line; std::getline(in, line);) rows.push_back(line);
  return rows.size() >= 2 ? std::vector<std::string>(rows.begin() + 2, rows.end()) : rows;
}

std::vector<std::string> cut(const std::vector<std::string>& rows, long long x0, long long y0, long long x1,
                             long long y1) {
  std::vector<std::string> out;
  for (long long y = y0; y < y1; y++) out.push_back(rows[size_t(y - kY0)].substr(size_t(x0 - kX0), size_t(x1 - x0)));
  return out;
}

// maze_world()'s world, in this process.
mj::World maze() {
  const fs::path corpus = mjtest::corpus_dir();
  mj::WorldRequest request;
  request.model.model = (corpus / "models" / "MazeGrowth.xml").string();
  request.model.resources = corpus / "resources";
  request.seed = 7, request.chunk = 16, request.margin = 4, request.seam = 2;
  return mj::World(request);
}

// The region's rows from a folder of chunk pictures (pixel size 1), each pixel's colour the legend's.
std::vector<std::string> assembled(const fs::path& folder, const std::string& legend) {
  const mj::World world = maze();
  const std::vector<uint32_t> colors = mj::legend_colors(legend, world.settings().run.palette);
  std::vector<std::string> rows(size_t(kY1 - kY0), std::string(size_t(kX1 - kX0), '?'));
  for (long long cy = -2; cy <= 4; cy++)
    for (long long cx = -3; cx <= 3; cx++) {
      const mj::Image image =
          mj::load_png(folder / ("chunk_" + std::to_string(cx) + "_" + std::to_string(cy) + ".png"));
      EXPECT_EQ(image.width, 16);
      for (long long y = cy * 16; y < cy * 16 + 16; y++)
        for (long long x = cx * 16; x < cx * 16 + 16; x++) {
          if (x < kX0 || x >= kX1 || y < kY0 || y >= kY1) continue;
          const uint32_t color = image.argb[size_t((x - cx * 16) + (y - cy * 16) * 16)];
          const size_t v = size_t(std::find(colors.begin(), colors.end(), color) - colors.begin());
          rows[size_t(y - kY0)][size_t(x - kX0)] = v < legend.size() ? legend[v] : '!';
        }
    }
  return rows;
}

TEST(CliWorld, EveryWayOfAskingGivesTheSameCells) {
  const fs::path dir = mjtest::temp_dir();
  const std::string region = region_args(kX0, kY0, kX1, kY1);
  const auto at_once = run_cli(maze_world() + region + " -j 1 --out " + (dir / "a.txt").string());
  ASSERT_EQ(at_once.exit_code, 0) << at_once.output;
  EXPECT_TRUE(std::regex_match(at_once.output, std::regex("MazeGrowth seed 7, chunk 16: [0-9]+ chunks made, 96x96 "
                                                          "cells \\(9216\\), [0-9]+ ms -> .*a\\.txt\n")))
      << at_once.output;
  // Each chunk made once: those of the region and those they need, none forgotten between bands and made again.
  const size_t needed = maze().chunks_for({kX0, kY0, 0, kX1, kY1, 1}).size();
  EXPECT_TRUE(mjtest::contains(at_once.output, ": " + std::to_string(needed) + " chunks made")) << needed;
  const std::vector<std::string> rows = rows_of(dir / "a.txt");
  ASSERT_EQ(rows.size(), 96u);
  EXPECT_EQ(mjtest::read_bytes(dir / "a.txt").rfind("MazeGrowth 96 96 1 7 0\n", 0), 0u);
  // (b) in two threads
  ASSERT_EQ(run_cli(maze_world() + region + " -j 2 -q --out " + (dir / "b.txt").string()).exit_code, 0);
  EXPECT_EQ(mjtest::read_bytes(dir / "b.txt"), mjtest::read_bytes(dir / "a.txt"));
  // (c) a folder of chunks, put together again
  const auto folder = run_cli(maze_world() + region + " --pixelsize 1 -q --out " + (dir / "chunks").string());
  ASSERT_EQ(folder.exit_code, 0) << folder.output;
  EXPECT_TRUE(fs::exists(dir / "chunks" / "index.json"));
  std::ifstream text(dir / "a.txt");
  std::string head, legend;
  std::getline(text, head), std::getline(text, legend);
  EXPECT_EQ(assembled(dir / "chunks", legend), rows);
  // (d) two overlapping requests, each in a process of its own
  ASSERT_EQ(run_cli(maze_world() + region_args(kX0, kY0, 20, kY1) + " -q --out " + (dir / "l.txt").string()).exit_code,
            0);
  ASSERT_EQ(run_cli(maze_world() + region_args(5, 10, kX1, kY1) + " -q --out " + (dir / "r.txt").string()).exit_code,
            0);
  EXPECT_EQ(rows_of(dir / "l.txt"), cut(rows, kX0, kY0, 20, kY1));
  EXPECT_EQ(rows_of(dir / "r.txt"), cut(rows, 5, 10, kX1, kY1));
  // Another seed is another world.
  const auto other = run_cli(maze_world(8) + region + " -q --out " + (dir / "o.txt").string());
  ASSERT_EQ(other.exit_code, 0) << other.output;
  EXPECT_NE(rows_of(dir / "o.txt"), rows);
}

// Ctrl-C while a large PNG is being written: one line, the exit code of a stop, and no file, whole or partial.
TEST(CliWorld, CtrlCStopsAndLeavesNoFile) {
  const fs::path dir = mjtest::temp_dir(), out = dir / "out";
  fs::create_directories(out);
  const fs::path corpus = mjtest::corpus_dir();
  const std::string model = (corpus / "models" / "MazeGrowth.xml").string(),
                    resources = (corpus / "resources").string();
  const std::string png = (out / "big.png").string(), said_file = (dir / "stderr.txt").string();
  const char* argv[] = {
      MJ_CLI_PATH, "world", model.c_str(), "--resources", resources.c_str(), "--chunk",   "16",   "--region", "0", "0",
      "4000",      "4000",  "--pixelsize", "1",           "--out",           png.c_str(), nullptr};
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 2, said_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t mj = 0;
  ASSERT_EQ(posix_spawn(&mj, MJ_CLI_PATH, &files, nullptr, const_cast<char**>(argv), environ), 0);
  posix_spawn_file_actions_destroy(&files);
  // The PNG's new file appears as its first band of chunks is being made.
  while (fs::is_empty(out)) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(kill(mj, SIGINT), 0);
  int status = 0;
  ASSERT_EQ(waitpid(mj, &status, 0), mj);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const std::string said = mjtest::read_bytes(dir / "stderr.txt");
  EXPECT_TRUE(mjtest::contains(said, "the world's region was stopped")) << said;
  EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
  EXPECT_TRUE(fs::is_empty(out));
}

using Case = mjtest::CliCase;

std::vector<Case> world_error_cases() { return mjtest::cli_cases("world_errors.xml"); }

class CliWorldErrors : public ::testing::TestWithParam<Case> {};

TEST_P(CliWorldErrors, OneLineAndExitCodeOne) {
  const Case& c = GetParam();
  const fs::path dir = mjtest::temp_dir("world-" + c.name);
  const fs::path model = dir / "models" / "M.xml";
  if (!c.model.empty()) mjtest::write(model, c.model);
  const std::string args = std::regex_replace(c.args, std::regex("\\{dir\\}"), dir.string());
  const auto result = run_cli("world " + model.string() + " " + args);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_TRUE(mjtest::contains(result.output, c.expect)) << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  EXPECT_FALSE(fs::exists(dir / "r.txt") || fs::exists(dir / "r.png") || fs::exists(dir / "r.bmp"));
}

TEST(CliWorldErrorCases, AreRead) { EXPECT_GE(world_error_cases().size(), 20u); }

INSTANTIATE_TEST_SUITE_P(Messages, CliWorldErrors, ::testing::ValuesIn(world_error_cases()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
