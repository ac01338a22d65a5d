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
