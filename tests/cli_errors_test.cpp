// Every bad input gets one line "file:line: message" and exit code 1.
#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "test_util.hpp"

namespace {

using mjtest::run_cli;

struct Case {
  std::string name;
  std::string model;   // model file text (empty: the file is missing)
  std::string args;    // extra arguments
  std::string expect;  // part of the message
};

// The cases are data (tests/cli_errors.xml) that the Python tests read too.
std::vector<Case> error_cases() {
  pugi::xml_document doc;
  const auto file = std::filesystem::path(MJ_SOURCE_DIR) / "tests" / "cli_errors.xml";
  if (!doc.load_file(file.c_str())) throw std::runtime_error("cannot read " + file.string());
  std::vector<Case> cases;
  for (pugi::xml_node c : doc.child("cases").children("case"))
    cases.push_back({c.attribute("name").value(), c.child_value("model"), c.attribute("args").value(),
                     c.attribute("expect").value()});
  return cases;
}

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
}

}  // namespace
