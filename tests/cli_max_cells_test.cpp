// --max-cells: the grid cell cap of the command line, in `mj run` and in batch mode.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;

constexpr const char* kModel = R"(<one values="BW" in="B" out="W"/>)";
constexpr const char* kOverCap =
    "M.xml:1: grid size 20x20x1 is too large (at most 100 cells; raise the limit with --max-cells";

fs::path model_folder(const std::string& name) {
  auto dir = mjtest::temp_dir("max-cells-" + name);
  mjtest::write(dir / "models" / "M.xml", kModel);
  mjtest::write(dir / "models.xml", R"(<models><model name="M" size="20"/></models>)");
  mjtest::write(dir / "resources" / "palette.xml",
                R"(<colors><color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></colors>)");
  return dir;
}

TEST(CliMaxCells, RunOverTheCapFailsWithOneLine) {
  fs::path dir = model_folder("run-over");
  auto r = mjtest::run_cli("run " + (dir / "models" / "M.xml").string() + " --size 20 --max-cells 100 --no-picture");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find(kOverCap), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
}

TEST(CliMaxCells, RunWithARaisedCapLoads) {
  fs::path dir = model_folder("run-raised");
  auto r = mjtest::run_cli("run " + (dir / "models" / "M.xml").string() + " --size 20 --max-cells 400 --no-picture -q");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "");
}

TEST(CliMaxCells, BatchOverTheCapFails) {
  fs::path dir = model_folder("batch-over");
  auto r = mjtest::run_cli((dir / "models.xml").string() + " --max-cells 399 -q --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("M.xml:1: grid size 20x20x1 is too large (at most 399 cells"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "out" / "M_1.png"));
}

TEST(CliMaxCells, BatchWithARaisedCapRuns) {
  fs::path dir = model_folder("batch-raised");
  auto r = mjtest::run_cli((dir / "models.xml").string() + " --max-cells 400 -q --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_FALSE(fs::is_empty(dir / "out")) << r.output;
}

TEST(CliMaxCells, MustBePositive) {
  fs::path dir = model_folder("zero");
  auto r = mjtest::run_cli("run " + (dir / "models" / "M.xml").string() + " --size 2 --max-cells 0 --no-picture");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("--max-cells: must be a positive number of cells"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
}

}  // namespace
