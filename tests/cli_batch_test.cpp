// The batch runner and animations, through the `mj` binary.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;

std::string bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

fs::path corpus_like_folder(const std::string& name) {
  auto dir = mjtest::temp_dir("batch-" + name);
  mjtest::write(dir / "models.xml", R"(<models>
    <model name="Grow" size="24" amount="3"/>
    <model name="Maze" size="21" seeds="5 6"/>
    <model name="Fill3D" size="6" d="3" amount="1"/>
  </models>)");
  mjtest::write(dir / "models" / "Grow.xml", R"(<one values="BW" origin="True" in="WB" out="WW"/>)");
  mjtest::write(dir / "models" / "Maze.xml", R"(<one values="BWA" origin="True" in="WBB" out="WAW"/>)");
  mjtest::write(dir / "models" / "Fill3D.xml", R"(<one values="BW" in="BB" out="WW"/>)");
  mjtest::write(
      dir / "resources" / "palette.xml",
      R"(<colors><color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/><color symbol="A" value="FF0000"/></colors>)");
  return dir;
}

TEST(CliBatch, ParallelRunsWriteTheSameFiles) {
  fs::path dir = corpus_like_folder("parallel");
  auto one = mjtest::run_cli((dir / "models.xml").string() + " -j 1 -q --out " + (dir / "one").string());
  auto two = mjtest::run_cli((dir / "models.xml").string() + " -j 2 -q --out " + (dir / "two").string());
  ASSERT_EQ(one.exit_code, 0) << one.output;
  ASSERT_EQ(two.exit_code, 0) << two.output;
  int files = 0;
  for (const auto& f : fs::directory_iterator(dir / "one")) {
    files++;
    EXPECT_EQ(bytes(f.path()), bytes(dir / "two" / f.path().filename())) << f.path();
  }
  EXPECT_EQ(files, 6);  // 3 + 2 + 1 runs
  EXPECT_TRUE(fs::exists(dir / "one" / "Maze_5.png"));
  EXPECT_TRUE(fs::exists(dir / "one" / "Maze_6.png"));
}

// A list's runs of one model at one size share its loaded program (whatever their pictures): each
// writes the file its run alone writes. CentralCrawlers' `all` with fields keeps flags of skipped
// matches within a run (as the reference does), which must not reach the next run.
TEST(CliBatch, RunsOfOneProgramWriteWhatEachRunAloneWrites) {
  const fs::path dir = mjtest::temp_dir();
  fs::create_directory_symlink(mjtest::corpus_dir() / "models", dir / "models");
  fs::create_directory_symlink(mjtest::corpus_dir() / "resources", dir / "resources");
  mjtest::write(dir / "models.xml", R"(<models>
    <model name="CentralCrawlers" size="30" steps="300" seeds="2 1"/>
    <model name="CentralCrawlers" size="30" steps="300" seeds="3" pixelsize="2"/>
    <model name="CentralCrawlers" size="28" steps="300" seeds="4"/>
  </models>)");
  auto list = mjtest::run_cli((dir / "models.xml").string() + " -j 1 -q --out " + (dir / "list").string());
  ASSERT_EQ(list.exit_code, 0) << list.output;
  struct Alone {
    int seed, size, pixelsize;
  };
  for (const Alone& a : {Alone{2, 30, 4}, Alone{1, 30, 4}, Alone{3, 30, 2}, Alone{4, 28, 4}}) {
    const fs::path out = dir / ("alone" + std::to_string(a.seed));
    auto alone = mjtest::run_cli("run " + (dir / "models" / "CentralCrawlers.xml").string() + " --size " +
                                 std::to_string(a.size) + " --seed " + std::to_string(a.seed) + " --pixelsize " +
                                 std::to_string(a.pixelsize) + " --steps 300 -q --out " + out.string());
    ASSERT_EQ(alone.exit_code, 0) << alone.output;
    const std::string file = "CentralCrawlers_" + std::to_string(a.seed) + ".png";
    EXPECT_EQ(bytes(dir / "list" / file), bytes(out / file)) << file;
  }
}

TEST(CliBatch, JsonLinePerRun) {
  fs::path dir = corpus_like_folder("json");
  auto r = mjtest::run_cli((dir / "models.xml").string() + " -j 2 --json --out " + (dir / "json").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 6);
  EXPECT_NE(r.output.find("{\"name\": \"Maze\", \"seed\": 5, \"steps\": "), std::string::npos) << r.output;
}

TEST(CliBatch, GifHasOneFramePerKSteps) {
  fs::path dir = corpus_like_folder("gif");
  auto r = mjtest::run_cli("run " + (dir / "models" / "Grow.xml").string() + " --size 8 --steps 20 --gif " +
                           (dir / "a.gif").string() + " --every 5 --no-picture -q");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  int error = 0;
  GifFileType* gif = DGifOpenFileName((dir / "a.gif").c_str(), &error);
  ASSERT_NE(gif, nullptr);
  ASSERT_EQ(DGifSlurp(gif), GIF_OK);
  EXPECT_EQ(gif->ImageCount, 5);  // before steps 0, 5, 10, 15, and the final state
  EXPECT_EQ(gif->SWidth, 8 * 4);
  DGifCloseFile(gif, &error);
}

// Frames too large for a GIF or for mj's pictures are one line naming the file and the pixel size, and
// no GIF is left behind. (Pixel sizes past 64 are refused before: a large grid makes the frames large.)
TEST(CliBatch, GifTooLargeIsRefusedBeforeTheFileIsMade) {
  fs::path dir = corpus_like_folder("gif-size");
  const std::string pixelsize = "64";
  for (auto [size, limit] :
       {std::pair{"1100", "more than a GIF's 65535 a side"}, std::pair{"1000", "more than the 2^28 pixels mj draws"}}) {
    auto r = mjtest::run_cli("run " + (dir / "models" / "Grow.xml").string() + " --size " + size + " --steps 2 --gif " +
                             (dir / "a.gif").string() + " --pixelsize " + pixelsize + " --no-picture -q");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_TRUE(mjtest::contains(r.output, (dir / "a.gif").string() + ": the frames would be ")) << r.output;
    EXPECT_TRUE(mjtest::contains(r.output, std::string(limit) + " (--pixelsize is " + pixelsize + ")")) << r.output;
    EXPECT_FALSE(fs::exists(dir / "a.gif"));
  }
}

}  // namespace
