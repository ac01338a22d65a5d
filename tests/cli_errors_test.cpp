// Every bad input gets one line "file:line: message" and exit code 1.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace {

using mjtest::run_cli;

struct Case {
  const char* name;
  const char* model;   // model file text ("" for a missing file)
  const char* args;    // extra arguments
  const char* expect;  // part of the message
};

class CliErrors : public ::testing::TestWithParam<Case> {};

TEST_P(CliErrors, OneLineAndExitCodeOne) {
  const Case& c = GetParam();
  auto dir = mjtest::temp_dir(std::string("cli-") + c.name);
  auto model = dir / "models" / "M.xml";
  if (*c.model) mjtest::write(model, c.model);
  auto result = run_cli("run " + model.string() + " --out " + (dir / "out").string() + " " + c.args);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find(c.expect), std::string::npos) << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
}

INSTANTIATE_TEST_SUITE_P(
    Messages, CliErrors,
    ::testing::Values(
        Case{"missing", "", "--size 5", "M.xml: cannot open file"},
        Case{"malformed", "<one values=\"BW\" in=\"B\" out=\"W\">\n</two>", "--size 5", "M.xml:2: malformed XML"},
        Case{"unknown_node", "<sequence values=\"BW\">\n  <dance/>\n</sequence>", "--size 5", "M.xml:2: unknown node <dance>"},
        Case{"unknown_symbol", "<sequence values=\"BW\">\n\n  <one in=\"BX\" out=\"WW\"/>\n</sequence>", "--size 5",
             "M.xml:3: unknown symbol 'X' in rule input"},
        Case{"size_mismatch", "<one values=\"BW\" in=\"BB\" out=\"W\"/>", "--size 5", "M.xml:1: input and output of a rule must have the same size"},
        Case{"no_legend", "<one values=\"BW\" file=\"R\"/>", "--size 5", "M.xml:1: rule file \"R\" needs a 'legend'"},
        Case{"missing_resource", "<one values=\"BW\" file=\"Nope\" legend=\"BW\"/>", "--size 5", "M.xml:1: cannot read rule file"},
        Case{"bad_size", "<one values=\"BW\" in=\"B\" out=\"W\"/>", "--size 0", "give the grid size"},
        Case{"negative_size", "<one values=\"BW\" in=\"B\" out=\"W\"/>", "--length -3 --width 4", "give the grid size"},
        Case{"no_values", "<one in=\"B\" out=\"W\"/>", "--size 5", "M.xml:1: <one> needs the attribute 'values'"},
        Case{"bad_symmetry", "<one values=\"BW\" in=\"B\" out=\"W\" symmetry=\"(q)\"/>", "--size 5", "M.xml:1: unknown symmetry"},
        Case{"bad_number", "<one values=\"BW\" in=\"B\" out=\"W\" steps=\"many\"/>", "--size 5", "M.xml:1: attribute steps=\"many\" is not an integer"},
        Case{"huge_grid", "<one values=\"BW\" in=\"B\" out=\"W\"/>", "--size 100000", "M.xml:1: grid size 100000x100000x1 is too large"},
        Case{"unknown_field_value", "<one values=\"BW\" in=\"B\" out=\"W\">\n<field for=\"Q\" to=\"W\" on=\"B\"/></one>", "--size 5",
             "M.xml:2: attribute for='Q' is not a value (values are \"BW\")"},
        Case{"unknown_observe_from", "<one values=\"BW\" in=\"B\" out=\"W\">\n<observe value=\"W\" from=\"Z\" to=\"B\"/></one>", "--size 5",
             "M.xml:2: attribute from='Z' is not a value (values are \"BW\")"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Cli, RunWritesPngAndState) {
  auto dir = mjtest::temp_dir("cli-ok");
  auto model = mjtest::write(dir / "models" / "M.xml", R"(<one values="BW" in="B" out="W" steps="3"/>)");
  mjtest::write(dir / "resources" / "palette.xml", R"(<colors><color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></colors>)");
  auto result = run_cli("run " + model.string() + " --size 4 --seed 2 --out " + (dir / "out").string() + " --state " + (dir / "s.txt").string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "M_2.png"));
  std::ifstream state(dir / "s.txt");
  std::string header;
  std::getline(state, header);
  EXPECT_EQ(header, "M 4 4 1 2 4");  // 3 rewrites, then the step that ends the program
}

}  // namespace
