// Bad command lines end like every other bad input: one line on stderr and exit code 1.
#include <gtest/gtest.h>

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

}  // namespace
