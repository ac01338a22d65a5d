// Every bad input gets one line "file:line: message" and exit code 1.
#include <gtest/gtest.h>

#include <regex>

#include "cli_cases.hpp"
#include "test_util.hpp"

namespace {

using mjtest::run_cli;

using Case = mjtest::CliCase;

std::vector<Case> error_cases() { return mjtest::cli_cases("cli_errors.xml"); }

class CliErrors : public ::testing::TestWithParam<Case> {};

TEST_P(CliErrors, OneLineAndExitCodeOne) {
  const Case& c = GetParam();
  auto dir = mjtest::temp_dir("cli-" + c.name);
  auto model = dir / "models" / "M.xml";
  if (!c.model.empty()) mjtest::write(model, c.model);
  auto result = run_cli("run " + model.string() + " --out " + (dir / "out").string() + " " + c.args);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find(c.expect), std::string::npos) << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
}

TEST(CliErrorCases, AreRead) { EXPECT_GE(error_cases().size(), 15u); }

INSTANTIATE_TEST_SUITE_P(Messages, CliErrors, ::testing::ValuesIn(error_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(Cli, RunWritesPngAndState) {
  auto dir = mjtest::temp_dir("cli-ok");
  auto model = mjtest::write(dir / "models" / "M.xml", R"(<one values="BW" in="B" out="W" steps="3"/>)");
  mjtest::write(dir / "resources" / "palette.xml",
                R"(<colors><color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></colors>)");
  auto result = run_cli("run " + model.string() + " --size 4 --seed 2 --out " + (dir / "out").string() + " --state " +
                        (dir / "s.txt").string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "M_2.png"));
  std::ifstream state(dir / "s.txt");
  std::string header;
  std::getline(state, header);
  EXPECT_EQ(header, "M 4 4 1 2 4");  // 3 rewrites, then the step that ends the program
  // The run's line, as the README says: model, seed, steps, time and the file written.
  EXPECT_TRUE(std::regex_search(result.output, std::regex("^M seed 2: 4 steps, [0-9]+ ms -> .*M_2\\.png\n$")))
      << result.output;
}

// The forms of an error's line (README, docs/errors.md): FILE:LINE where a line of a file is at fault,
// FILE alone for a whole file, `mj:` where no file is.
TEST(Cli, ErrorsSayWhereTheyAre) {
  auto dir = mjtest::temp_dir("cli-located");
  auto run = [&](const std::string& args) { return run_cli("run " + args + " --out " + (dir / "out").string()); };
  auto missing = run((dir / "Nope.xml").string());
  EXPECT_EQ(missing.output.rfind((dir / "Nope.xml").string() + ": cannot open file", 0), 0u) << missing.output;
  EXPECT_EQ(missing.exit_code, 1);
  auto argument = run((dir / "Nope.xml").string() + " --size abc");
  EXPECT_EQ(argument.output.rfind("mj: --size: ", 0), 0u) << argument.output;
  EXPECT_EQ(argument.exit_code, 1);
}

// A symbol the palette has no colour for ('~') is said at the line of the `values` that lists it, when a file
// with colours is written (the picture, a GIF); the state text needs no colour (docs/language/grid.md).
TEST(Cli, NoColourIsSaidAtItsLine) {
  auto dir = mjtest::temp_dir("cli-colourless");
  auto model = mjtest::write(dir / "models" / "M.xml",
                             "<!-- a symbol without a colour -->\n"
                             "<one values=\"B~\" in=\"B\" out=\"~\" steps=\"1\"/>\n");
  const std::string run = "run " + model.string() + " --size 3 --out " + (dir / "out").string();
  const std::string located = model.string() + ":2: no colour for symbol '~'";
  for (const std::string& args : {std::string(), " --gif " + (dir / "M.gif").string()}) {
    auto drawn = run_cli(run + args);
    EXPECT_EQ(drawn.exit_code, 1) << args;
    EXPECT_EQ(drawn.output.rfind(located, 0), 0u) << args << ": " << drawn.output;
    EXPECT_EQ(std::count(drawn.output.begin(), drawn.output.end(), '\n'), 1) << drawn.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "M.gif"));
  auto state = run_cli(run + " --no-picture --state " + (dir / "s.txt").string());
  EXPECT_EQ(state.exit_code, 0) << state.output;
  EXPECT_TRUE(mjtest::contains(mjtest::read_bytes(dir / "s.txt"), "B~\n")) << "the legend";
}

}  // namespace
