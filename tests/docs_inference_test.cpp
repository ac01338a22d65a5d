// The worked example of docs/language/inference.md: the tables the page marks with
// "<!-- NAME: checked by tests/docs_inference_test.cpp -->" are read from the page and compared with what
// Interpreter::inspect reports for the examples they describe, so that the page's numbers are mj's.
#include <fstream>
#include <map>
#include <sstream>

#include "mj/inspect.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

const std::filesystem::path kLanguage = std::filesystem::path(MJ_SOURCE_DIR) / "docs" / "language";

std::string text_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The cells of a table row "| a | b | c |", trimmed, backticks removed.
std::vector<std::string> row_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream s(line.substr(1));
  std::string cell;
  while (std::getline(s, cell, '|')) {
    std::string t;
    for (char c : cell)
      if (c != '`') t += c;
    const size_t a = t.find_first_not_of(' '), b = t.find_last_not_of(' ');
    cells.push_back(a == std::string::npos ? "" : t.substr(a, b - a + 1));
  }
  return cells;
}

// The body rows of the table that follows the comment "<!-- name: ..." on the page.
std::vector<std::vector<std::string>> marked_table(const std::string& name) {
  std::stringstream page(text_of(kLanguage / "inference.md"));
  std::string line;
  while (std::getline(page, line) && line.rfind("<!-- " + name + ":", 0) != 0) {
  }
  std::vector<std::vector<std::string>> rows;
  int seen = 0;
  while (std::getline(page, line) && !line.empty() && line[0] == '|')
    if (seen++ >= 2) rows.push_back(row_cells(line));  // after the header and the --- row
  return rows;
}

int number(const std::string& cell) { return cell == "-" ? -1 : std::stoi(cell); }

// The 1-based line of an example that contains `part`.
int line_of(const std::string& example, const std::string& part) {
  std::stringstream file(text_of(kLanguage / "examples" / example));
  std::string line;
  for (int n = 1; std::getline(file, line); n++)
    if (line.find(part) != std::string::npos) return n;
  return 0;
}

// An example of the page, loaded on its line of five cells and run to the guided node's first step.
mj::Interpreter after_guided_step(const std::string& example) {
  mj::LoadOptions options;
  options.mx = 5, options.my = 1;
  mj::Interpreter ip = mj::Interpreter::from_file(kLanguage / "examples" / example, options);
  ip.set_inspecting(true);
  ip.start(1);
  EXPECT_TRUE(ip.step());  // the first node marks the goal
  EXPECT_TRUE(ip.step());  // the guided node's first step
  return ip;
}

std::string symbols(const std::vector<uint8_t>& cells, const std::string& legend) {
  std::string s;
  for (uint8_t c : cells) s += legend[c];
  return s;
}

TEST(DocsInference, BackwardPotentialsAreThePagesTable) {
  mj::Interpreter ip = after_guided_step("ObserveLine.xml");
  const mj::Inspection view = ip.inspect(line_of("ObserveLine.xml", "<one in=\"RB\""));
  const auto table = marked_table("backward potentials");
  ASSERT_EQ(table.size(), 4u);
  std::map<int, std::vector<int>> inspected;
  for (const mj::PotentialView& p : view.potentials) inspected[p.value] = p.cells;
  for (const auto& row : table) {
    const int value = int(view.legend.find(row[0]));
    ASSERT_GE(value, 0) << row[0];
    std::vector<int> expected;
    for (size_t x = 1; x <= 5; x++) expected.push_back(number(row[x]));
    std::vector<int> got = inspected.count(value) ? inspected[value] : std::vector<int>(5, -1);
    EXPECT_EQ(got, expected) << "value " << row[0];
  }
}

TEST(DocsInference, TheWalkersScoresAreThePagesAndTheLowestWins) {
  mj::Interpreter ip = after_guided_step("ObserveLine.xml");
  const mj::Inspection view = ip.inspect(line_of("ObserveLine.xml", "<one in=\"RB\""));
  const auto table = marked_table("candidates");
  ASSERT_EQ(view.candidates.size(), table.size());
  std::map<int, int> delta_at;
  for (const mj::CandidateView& c : view.candidates) delta_at[c.x] = c.delta;
  for (const auto& row : table) {
    ASSERT_TRUE(delta_at.count(number(row[0]))) << "no match at x=" << row[0];
    EXPECT_EQ(delta_at[number(row[0])], number(row[2])) << "the match at x=" << row[0];
  }
  ASSERT_GE(view.chosen, 0);
  EXPECT_EQ(view.candidates[size_t(view.chosen)].x, 2);  // the score -1: the walker moves right
  const mj::GridView grid = ip.grid();
  EXPECT_EQ(symbols({grid.cells, grid.cells + 5}, grid.legend), "BBWRB");
}

TEST(DocsInference, AFieldWalkerScoresItsNewDistancePlusOne) {
  mj::Interpreter ip = after_guided_step("FieldLine.xml");
  const mj::Inspection view = ip.inspect(line_of("FieldLine.xml", "<one in=\"RB\""));
  ASSERT_EQ(view.candidates.size(), 1u);  // the move left is not allowed: its cell cannot reach G
  EXPECT_EQ(view.candidates[0].x, 2);
  EXPECT_EQ(view.candidates[0].delta, 2);  // (0 - (-1)) for the R it leaves + distance 1
}

TEST(DocsInference, TheSearchsPlanIsThePagesTrajectory) {
  mj::Interpreter ip = after_guided_step("SearchLine.xml");
  const mj::Inspection view = ip.inspect(line_of("SearchLine.xml", "<one in=\"RB\""));
  const auto table = marked_table("trajectory");
  ASSERT_EQ(view.trajectory.size(), table.size());
  for (size_t k = 0; k < table.size(); k++) {
    EXPECT_EQ(number(table[k][0]), int(k) + 1);
    EXPECT_EQ(symbols(view.trajectory[k], view.legend), table[k][1]) << "state " << k + 1;
  }
}

TEST(DocsInference, TheSearchReadsAUnionInARuleInputAsItsFirstValue) {
  mj::Interpreter ip = after_guided_step("SearchUnion.xml");
  EXPECT_TRUE(ip.inspect(line_of("SearchUnion.xml", "<one in=\"Rb\"")).trajectory.empty());
  // The same walk with the union's values as rules of their own finds its plan.
  std::string xml = text_of(kLanguage / "examples" / "SearchUnion.xml");
  xml.replace(xml.find("<one in=\"Rb\" out=\"WR\" search=\"True\">"),
              std::string("<one in=\"Rb\" out=\"WR\" search=\"True\">").size(),
              "<one search=\"True\"><rule in=\"RB\" out=\"WR\"/><rule in=\"RY\" out=\"WR\"/>");
  mj::LoadOptions options;
  options.mx = 5, options.my = 1;
  mj::Interpreter split = mj::Interpreter::from_string(xml, options);
  split.start(1);
  ASSERT_TRUE(split.step());
  ASSERT_TRUE(split.step());
  EXPECT_EQ(split.inspect(line_of("SearchUnion.xml", "<one in=\"Rb\"")).trajectory.size(), 2u);
}

TEST(DocsInference, APrlSearchesAndIgnoresItsPlan) {
  mj::Interpreter ip = after_guided_step("PrlSearch.xml");
  EXPECT_EQ(ip.inspect(line_of("PrlSearch.xml", "<prl")).trajectory.size(), 2u);
  const mj::GridView grid = ip.grid();
  EXPECT_EQ(symbols({grid.cells, grid.cells + 5}, grid.legend), "BRWRB");  // both matches fired, not the plan
}

}  // namespace
