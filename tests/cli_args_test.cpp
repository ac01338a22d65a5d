// Bad command lines end like every other bad input: one line on stderr and exit code 1.
#include <gtest/gtest.h>

#include "mj/version.hpp"
#include "test_util.hpp"

namespace {

TEST(CliArgs, BadArgumentsGiveOneLineAndExitOne) {
  for (const char* args : {"run x.xml --size abc", "run", "--no-such-flag", "run x.xml --steps 1.5"}) {
    auto result = mjtest::run_cli(args);
    EXPECT_EQ(result.exit_code, 1) << args << "\n" << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << args << "\n" << result.output;
    EXPECT_EQ(result.output.rfind("mj: ", 0), 0u) << result.output;
  }
}

// Numbers that cannot mean anything are refused while the command line is read, naming the option, before
// the model (here a missing file) is even opened; they used to be clamped or ignored (--d 4 ran 2D), and
// numbers past an int said only "Could not convert".
TEST(CliArgs, ImpossibleNumbersAreRefusedByName) {
  struct Case {
    const char* args;
    const char* message;
  };
  for (auto [args, message] : {Case{"run x.xml --size 0", "mj: size must be a positive number of cells (--size"},
                               Case{"run x.xml --width -3", "mj: width must be a positive number of cells"},
                               Case{"run x.xml --d 4", "mj: the dimension must be 2 or 3, got 4"},
                               Case{"run x.xml --every 0", "--every: must be a positive number of steps"},
                               Case{"run x.xml --pixelsize 0", "mj: --pixelsize must be from 1 to 64 pixels"},
                               Case{"run x.xml --pixelsize 65", "mj: --pixelsize must be from 1 to 64 pixels"},
                               Case{"run x.xml --steps -1", "mj: --steps must be 0 (no limit) or a positive number"},
                               Case{"models.xml -j 0", "mj: --jobs must be at least 1"},
                               Case{"models.xml --jobs -2", "mj: --jobs must be at least 1"},
                               Case{"run x.xml --size 99999999999", "--size: must be at most 2147483647"},
                               Case{"run x.xml --seed 1.5", "--seed: must be a whole number from -2147483648 to"},
                               Case{"run x.xml --steps 99999999999", "--steps: must be at most 2147483647"},
                               Case{"models.xml --meta-seed x", "--meta-seed: must be a whole number from"}}) {
    auto result = mjtest::run_cli(args);
    EXPECT_EQ(result.exit_code, 1) << args << "\n" << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << args << "\n" << result.output;
    EXPECT_TRUE(mjtest::contains(result.output, message)) << args << "\n" << result.output;
  }
}

// An output folder that cannot be made (here: below a file) is one line naming it, in both modes.
TEST(CliArgs, OutputFolderThatCannotBeMadeIsNamed) {
  auto dir = mjtest::temp_dir("out");
  mjtest::write(dir / "models" / "M.xml", R"(<one values="BW" in="B" out="W" steps="2"/>)");
  mjtest::write(dir / "models.xml", R"(<models><model name="M" size="3" amount="1" seeds="5">
  <color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></model></models>)");
  mjtest::write(dir / "file", "");
  auto out = (dir / "file" / "sub").string();
  for (auto args : {"run " + (dir / "models" / "M.xml").string() + " --size 3 --out " + out,
                    (dir / "models.xml").string() + " -q --out " + out}) {
    auto result = mjtest::run_cli(args);
    EXPECT_EQ(result.exit_code, 1) << args << "\n" << result.output;
    EXPECT_TRUE(mjtest::contains(result.output, out + ": cannot create the output folder")) << result.output;
  }
}

TEST(CliArgs, HelpStillExitsZero) {
  auto result = mjtest::run_cli("--help");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("Usage"), std::string::npos) << result.output;
}

// The version is written once (mj/version.hpp): CMake's package version and `mj --version` read it there.
TEST(CliArgs, VersionIsTheHeadersEverywhere) {
  EXPECT_EQ(mj::kVersion, MJ_PROJECT_VERSION);
  auto result = mjtest::run_cli("--version");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(result.output, "mj " + std::string(mj::kVersion) + "\n");
}

TEST(CliArgs, HugeJobCountStartsNoIdleThreads) {
  auto dir = mjtest::temp_dir("jobs");
  mjtest::write(dir / "models" / "M.xml", R"(<one values="BW" in="B" out="W" steps="2"/>)");
  mjtest::write(dir / "models.xml", R"(<models><model name="M" size="3" amount="1" seeds="5">
  <color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></model></models>)");
  auto result = mjtest::run_cli((dir / "models.xml").string() + " -q -j 1000000 --out " + (dir / "out").string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "M_5.png"));
}

}  // namespace
