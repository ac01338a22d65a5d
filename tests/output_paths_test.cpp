// Outputs stay inside --out whatever a models.xml entry is called.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace {

namespace fs = std::filesystem;

// Every regular file under `dir`, as paths relative to it.
std::vector<std::string> files_under(const fs::path& dir) {
  std::vector<std::string> files;
  for (const auto& f : fs::recursive_directory_iterator(dir))
    if (f.is_regular_file()) files.push_back(fs::relative(f.path(), dir).string());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(OutputPaths, EntryNamesCannotEscapeTheOutputFolder) {
  auto dir = mjtest::temp_dir("escape");
  // "../../x" reads the model from dir/x.xml, as the reference would, but must write only into out/
  mjtest::write(dir / "x.xml", R"(<one values="BW" in="B" out="W" steps="2"/>)");
  fs::create_directories(dir / "work" / "models");
  mjtest::write(dir / "work" / "models.xml", R"(<models>
  <model name="../../x" size="4" seeds="7" amount="1"><color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></model>
  <model name="/tmp/../x" size="4" seeds="8" amount="1"><color symbol="B" value="000000"/><color symbol="W" value="FFFFFF"/></model>
</models>)");
  auto result =
      mjtest::run_cli((dir / "work" / "models.xml").string() + " -q -j 1 --out " + (dir / "work" / "out").string());
  EXPECT_EQ(result.exit_code, 1) << result.output;  // the second entry's model file does not exist
  std::vector<std::string> expected = {"work/models.xml", "work/out/_.._.._x_7.png", "x.xml"};
  EXPECT_EQ(files_under(dir), expected) << result.output;
}

}  // namespace
