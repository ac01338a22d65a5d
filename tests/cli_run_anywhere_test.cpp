// `mj run` works outside the reference's folder layout: colours come built in (a palette.xml in the
// resources still wins) and the size from the model's entry in a list beside it, else a default.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "io/formats/vox.hpp"
#include "mj/model_list.hpp"
#include "mj/picture.hpp"
#include "test_util.hpp"

namespace {

const std::filesystem::path kOwnModels = std::filesystem::path(MJ_SOURCE_DIR) / "models";

std::set<uint32_t> colours_of(const mj::Image& image) { return {image.argb.begin(), image.argb.end()}; }

// Every model of mj's own models/ from an empty folder: its picture at the size, pixel size, colours and first
// seed of its demo.xml entry.
TEST(CliRunAnywhere, OwnModelsRunFromAnEmptyFolder) {
  auto entries = mj::load_model_list(kOwnModels / "demo.xml");
  ASSERT_GE(entries.size(), 4u);
  for (const auto& entry : entries) {
    auto dir = mjtest::temp_dir("anywhere-" + entry.name);
    auto result = mjtest::run_cli("run " + (kOwnModels / (entry.name + ".xml")).string(), dir);
    ASSERT_EQ(result.exit_code, 0) << entry.name << ": " << result.output;
    const std::string stem = entry.name + "_" + std::to_string(entry.seeds.empty() ? 1 : entry.seeds[0]);
    if (entry.mz > 1) {
      auto vox = mj::io::load_vox(dir / "output" / (stem + ".vox"));
      EXPECT_EQ(vox.mx * vox.my * vox.mz, entry.mx * entry.my * entry.mz) << entry.name;
      continue;
    }
    mj::Image picture = mj::load_png(dir / "output" / (stem + ".png"));
    EXPECT_EQ(picture.width, entry.mx * entry.pixelsize) << entry.name;
    EXPECT_EQ(picture.height, entry.my * entry.pixelsize) << entry.name;
    for (uint32_t colour : colours_of(picture))  // every colour is one the entry gives its symbols
      EXPECT_TRUE(std::any_of(entry.colors.begin(), entry.colors.end(), [&](auto& c) { return c.second == colour; }))
          << entry.name << std::hex << " has colour " << colour;
  }
}

// One B cell becomes W; the rest stay B.
constexpr const char* kOneRewrite = R"(<one values="BW" in="B" out="W" steps="1"/>)";

TEST(CliRunAnywhere, PaletteXmlOverridesTheBuiltInColours) {
  auto dir = mjtest::temp_dir("palette-override");
  mjtest::write(dir / "models" / "M.xml", kOneRewrite);
  auto run = [&] { return mjtest::run_cli("run models/M.xml --size 2 --pixelsize 1 -q", dir); };
  ASSERT_EQ(run().exit_code, 0);
  EXPECT_EQ(colours_of(mj::load_png(dir / "output" / "M_1.png")), (std::set<uint32_t>{0xFF000000, 0xFFFFF1E8}));
  mjtest::write(dir / "resources" / "palette.xml", R"(<colors><color symbol="B" value="123456"/></colors>)");
  ASSERT_EQ(run().exit_code, 0);
  EXPECT_EQ(colours_of(mj::load_png(dir / "output" / "M_1.png")), (std::set<uint32_t>{0xFF123456, 0xFFFFF1E8}));
}

// The resources default to ../resources from the model's folder, however the model is named: from models/,
// `M.xml` and `./M.xml` find the same palette as `models/M.xml` from above.
TEST(CliRunAnywhere, ResourcesAreBesideTheModelsFolder) {
  auto dir = mjtest::temp_dir("resources-beside");
  mjtest::write(dir / "models" / "M.xml", kOneRewrite);
  mjtest::write(dir / "resources" / "palette.xml", R"(<colors><color symbol="B" value="123456"/></colors>)");
  const std::set<uint32_t> overridden{0xFF123456, 0xFFFFF1E8};
  for (const char* model : {"M.xml", "./M.xml"}) {
    auto run = mjtest::run_cli(std::string("run ") + model + " --size 2 --pixelsize 1 -q", dir / "models");
    ASSERT_EQ(run.exit_code, 0) << model << ": " << run.output;
    EXPECT_EQ(colours_of(mj::load_png(dir / "models" / "output" / "M_1.png")), overridden) << model;
  }
  ASSERT_EQ(mjtest::run_cli("run models/M.xml --size 2 --pixelsize 1 -q", dir).exit_code, 0);
  EXPECT_EQ(colours_of(mj::load_png(dir / "output" / "M_1.png")), overridden);
}

TEST(CliRunAnywhere, SizeComesFromTheListBesideTheModel) {
  auto dir = mjtest::temp_dir("listed-size");
  mjtest::write(dir / "models" / "M.xml", kOneRewrite);
  mjtest::write(dir / "models.xml", R"(<models><model name="M" length="3" width="2" pixelsize="5"/></models>)");
  auto listed = mjtest::run_cli("run models/M.xml", dir);
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_NE(listed.output.find("(3x2x1, models.xml:1)"), std::string::npos) << listed.output;
  EXPECT_EQ(mj::load_png(dir / "output" / "M_1.png").width, 15);
  // A size on the command line wins over the entry's; the entry's pixel size still holds: 4 cells of 5 pixels.
  ASSERT_EQ(mjtest::run_cli("run models/M.xml --size 4", dir).exit_code, 0);
  EXPECT_EQ(mj::load_png(dir / "output" / "M_1.png").width, 20);
  ASSERT_EQ(mjtest::run_cli("run models/M.xml --size 4 --pixelsize 2", dir).exit_code, 0);
  EXPECT_EQ(mj::load_png(dir / "output" / "M_1.png").width, 8);
}

// mj run takes an entry's grid and picture settings, not how the list runs it (docs/language/models-xml.md): one
// run, of the entry's first seed as it takes its size (--seed wins), not its other seeds; a picture, not a GIF; no
// gui margin.
TEST(CliRunAnywhere, RunTakesTheEntrysFirstSeedNotItsGifOrGui) {
  auto dir = mjtest::temp_dir("listed-run");
  mjtest::write(dir / "models" / "M.xml", kOneRewrite);
  mjtest::write(dir / "models.xml",
                R"(<models><model name="M" size="3" pixelsize="2" seeds="5 6" gif="True" gui="40"/></models>)");
  auto run = mjtest::run_cli("run models/M.xml", dir);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(mjtest::contains(run.output, "M seed 5 (3x3x1, ")) << run.output;
  std::vector<std::string> written;
  for (const auto& file : std::filesystem::directory_iterator(dir / "output"))
    written.push_back(file.path().filename().string());
  EXPECT_EQ(written, std::vector<std::string>{"M_5.png"});
  EXPECT_EQ(mj::load_png(dir / "output" / "M_5.png").width, 6);  // 3 cells of 2 pixels, no margin
  run = mjtest::run_cli("run models/M.xml --seed 9 --no-picture", dir);
  EXPECT_TRUE(mjtest::contains(run.output, "M seed 9 (3x3x1, ")) << run.output;
}

TEST(CliRunAnywhere, UnlistedModelRunsAtTheDefaultSize) {
  auto dir = mjtest::temp_dir("default-size");
  mjtest::write(dir / "M.xml", kOneRewrite);
  auto result = mjtest::run_cli("run M.xml --pixelsize 1", dir);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("(64x64x1, default size)"), std::string::npos) << result.output;
  EXPECT_EQ(mj::load_png(dir / "output" / "M_1.png").width, 64);
}

TEST(CliRunAnywhere, BrokenListBesideTheModelIsAnError) {
  auto dir = mjtest::temp_dir("broken-list");
  mjtest::write(dir / "models" / "M.xml", kOneRewrite);
  mjtest::write(dir / "models.xml", "<models>\n<model name=\"M\" size=\"x\"/></models>");
  auto result = mjtest::run_cli("run models/M.xml", dir);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("models.xml:2:"), std::string::npos) << result.output;
}

}  // namespace
