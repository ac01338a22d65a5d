// One resolver of run settings for every face: a listed model's entry, the defaults, 3D from the
// model, names, resources and colours.
#include <gtest/gtest.h>

#include "mj/run_settings.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

constexpr const char* kFlat = R"(<one values="BW" in="B" out="W" steps="1"/>)";
constexpr const char* kLayered = R"(<one values="BW" in="B B" out="W W"/>)";  // two layers: a 3D rule

mj::RunRequest request_for(const std::filesystem::path& model) {
  mj::RunRequest r;
  r.model = model.string();
  return r;
}

TEST(RunSettings, AListedModelTakesItsEntry) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "models" / "M.xml", kFlat);
  mjtest::write(dir / "models.xml", R"(<models><model name="M" length="3" width="2" pixelsize="5" steps="9">
    <color symbol="W" value="102030"/></model></models>)");
  mj::RunSettings s = mj::resolve_run(request_for(dir / "models" / "M.xml"));
  EXPECT_EQ(s.name, "M");
  EXPECT_EQ(s.load.mx, 3);
  EXPECT_EQ(s.load.my, 2);
  EXPECT_EQ(s.load.mz, 1);
  EXPECT_EQ(s.steps, 9);
  EXPECT_EQ(s.pixelsize, 5);
  EXPECT_EQ(s.palette.at('W'), 0xFF102030u);
  EXPECT_EQ(s.size_from, (dir / "models.xml").lexically_normal().string() + ":1");
  EXPECT_EQ(s.load.resources, dir / "resources");

  mj::RunRequest given = request_for(dir / "models" / "M.xml");  // what the caller gives wins
  given.size = 7, given.steps = 100, given.colors["W"] = 0x0000FF;
  s = mj::resolve_run(given);
  EXPECT_EQ(s.load.mx, 7);
  EXPECT_EQ(s.load.my, 7);
  EXPECT_EQ(s.load.mz, 1);
  EXPECT_EQ(s.steps, 100);
  EXPECT_EQ(s.pixelsize, 5);
  EXPECT_EQ(s.palette.at('W'), 0xFF0000FFu);
  EXPECT_EQ(s.size_from, "given");
}

// The entry's first listed seed is the run's, as its size is (LightCycle's gallery picture is seed 3); a seed given
// wins; an entry without seeds, or no entry, runs kDefaultSeed.
TEST(RunSettings, AListedModelTakesItsEntrysFirstSeed) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "models" / "M.xml", kFlat);
  mjtest::write(dir / "models" / "N.xml", kFlat);
  mjtest::write(dir / "models.xml",
                R"(<models><model name="M" size="4" seeds="3 8"/><model name="N" size="4"/></models>)");
  mj::RunRequest r = request_for(dir / "models" / "M.xml");
  EXPECT_EQ(mj::resolve_run(r).seed, 3);
  r.seed = 11;
  EXPECT_EQ(mj::resolve_run(r).seed, 11);
  EXPECT_EQ(mj::resolve_run(request_for(dir / "models" / "N.xml")).seed, mj::kDefaultSeed);
  const auto alone = mjtest::temp_dir("alone");
  mjtest::write(alone / "M.xml", kFlat);
  EXPECT_EQ(mj::resolve_run(request_for(alone / "M.xml")).seed, mj::kDefaultSeed);
  EXPECT_EQ(mj::resolve_run(request_for(std::string(MJ_SOURCE_DIR) + "/models/LightCycle.xml")).seed, 3);
}

TEST(RunSettings, AskedIn3DAModelTakesItsFirst3DEntry) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "models" / "M.xml", kFlat);
  mjtest::write(dir / "models.xml", R"(<models><model name="M" size="30" steps="7"/>
    <model name="M" size="9" d="3" steps="8" pixelsize="2"/></models>)");
  mj::RunRequest r = request_for(dir / "models" / "M.xml");
  EXPECT_EQ(mj::resolve_run(r).steps, 7);
  r.dimension = 3;
  mj::RunSettings s = mj::resolve_run(r);
  EXPECT_EQ(s.load.mz, 9);
  EXPECT_EQ(s.steps, 8);
  EXPECT_EQ(s.pixelsize, 2);
  EXPECT_EQ(s.size_from, (dir / "models.xml").lexically_normal().string() + ":2");
}

TEST(RunSettings, AModelAloneTakesTheDefaults) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "M.xml", kFlat);
  mj::RunSettings s = mj::resolve_run(request_for(dir / "M.xml"));
  EXPECT_EQ(s.load.mx, mj::kDefaultSize2d);
  EXPECT_EQ(s.load.my, mj::kDefaultSize2d);
  EXPECT_EQ(s.load.mz, 1);
  EXPECT_EQ(s.steps, 50000);
  EXPECT_EQ(s.pixelsize, mj::kDefaultPixelsize);
  EXPECT_EQ(s.size_from, "default size");
  EXPECT_EQ(s.palette.at('W'), mj::default_palette().at('W'));
}

TEST(RunSettings, ThreeDimensionalRulesMakeA3DGrid) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "M.xml", kLayered);
  mj::RunSettings s = mj::resolve_run(request_for(dir / "M.xml"));
  EXPECT_EQ(s.load.mz, mj::kDefaultSize3d);
  EXPECT_TRUE(s.is_3d());
  mj::RunRequest sized = request_for(dir / "M.xml");
  sized.size = 8;  // one size for a 3D model is 8x8x8, never 8x8x1
  s = mj::resolve_run(sized);
  EXPECT_EQ(s.load.mx, 8);
  EXPECT_EQ(s.load.my, 8);
  EXPECT_EQ(s.load.mz, 8);
  EXPECT_EQ(mj::model_dimension(kFlat, "flat"), 2);
  EXPECT_EQ(mj::model_dimension(R"x(<one values="BW" in="B" out="W" symmetry="(xyz)"/>)x", "s"), 3);
  sized.dimension = 2;  // said outright, it wins
  EXPECT_EQ(mj::resolve_run(sized).load.mz, 1);
}

TEST(RunSettings, NamesAreFoundInTheFacesFolders) {
  auto dir = mjtest::temp_dir();
  mjtest::write(dir / "own" / "Maze.xml", kFlat);
  mjtest::write(dir / "own" / "demo.xml", R"(<models><model name="Maze" size="5"/></models>)");
  mj::RunRequest r;
  r.model = "Maze";
  r.model_folders = {dir / "own"};
  mj::RunSettings s = mj::resolve_run(r);
  EXPECT_EQ(s.file, dir / "own" / "Maze.xml");
  EXPECT_EQ(s.load.mx, 5);
  r.model = "NoSuchModel";
  EXPECT_THROW(mj::resolve_run(r), mj::Error);
}

TEST(RunSettings, TextTakesTheEntryItIsGiven) {
  mj::RunRequest r;
  r.model = "Given.xml";
  r.xml = kFlat;
  mj::ModelEntry entry;
  entry.mx = 4, entry.my = 6, entry.steps = 3;
  r.entry = entry;
  mj::RunSettings s = mj::resolve_run(r);
  EXPECT_EQ(s.source, "Given.xml");
  EXPECT_EQ(s.name, "Given");
  EXPECT_EQ(s.load.mx, 4);
  EXPECT_EQ(s.load.my, 6);
  EXPECT_EQ(s.steps, 3);
  EXPECT_EQ(s.load.resources, "resources");
  mj::Interpreter ip = load_model(s);
  EXPECT_EQ(ip.run(1, s.steps), 2);  // the rewrite, then the step that finds the node done
}

TEST(RunSettings, BadValuesAreOneError) {
  mj::RunRequest r;
  r.xml = kFlat;
  r.colors["WB"] = 0;
  EXPECT_THROW(mj::resolve_run(r), mj::Error);
  r.colors.clear();
  r.dimension = 4;
  EXPECT_THROW(mj::resolve_run(r), mj::Error);
  r.dimension.reset();
  r.pixelsize = 0;
  try {
    mj::resolve_run(r);
    FAIL();
  } catch (const mj::Error& e) {
    EXPECT_EQ(e.setting(), mj::Setting::pixelsize);
  }
}

}  // namespace
