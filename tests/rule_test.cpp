#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/rule.hpp"
#include "io/formats/png.hpp"
#include "nodes/rules/rule_load.hpp"
#include "test_util.hpp"

namespace {

struct Loaded {
  std::unique_ptr<mj::XmlDocument> doc;
  std::unique_ptr<mj::Grid> grid;
};

Loaded grid_for(const std::string& xml, int mx = 5, int my = 5, int mz = 1) {
  Loaded l{mj::XmlDocument::load_string(xml, "test.xml"), nullptr};
  l.grid = mj::Grid::load(l.doc->root(), mx, my, mz);
  return l;
}

mj::Rule rule_of(const Loaded& l, const std::filesystem::path& resources = {}) {
  return mj::load_rule(l.doc->root(), *l.grid, *l.grid, resources);
}

TEST(Rule, ParsesWildcardsAndUnions) {
  // Unions are found through markov/sequence only, not inside rule nodes.
  auto hidden =
      grid_for(R"(<sequence values="BWR"><one in="B" out="W"><union symbol="A" values="WR"/></one></sequence>)");
  EXPECT_FALSE(hidden.grid->wave_of('A'));
  auto m = grid_for(R"(<sequence values="BWR"><union symbol="A" values="WR"/><one in="B*A" out="W*B"/></sequence>)");
  auto doc = mj::XmlDocument::load_string(R"(<rule in="B*A" out="W*B"/>)", "r.xml");
  mj::Rule r = mj::load_rule(doc->root(), *m.grid, *m.grid, {});
  EXPECT_EQ(r.in_size.x, 3);
  EXPECT_EQ(r.input, (std::vector<mj::ValueSet>{1u, 7u, 6u}));
  EXPECT_EQ(r.output, (std::vector<uint8_t>{1, mj::kKeep, 0}));
  EXPECT_EQ(r.binput, (std::vector<uint8_t>{0, mj::kKeep, 1}));
  EXPECT_EQ(r.input_shifts()[1].size(), 2u);  // W is accepted by '*' and by A
}

TEST(Rule, ThreeDimensionalSeparators) {
  auto l = grid_for(R"(<one values="ABCDEFGH" in="AB/CD EF/GH" out="AB/CD EF/GH"/>)", 4, 4, 4);
  mj::Rule r = rule_of(l);
  EXPECT_EQ(r.in_size.x, 2);
  EXPECT_EQ(r.in_size.y, 2);
  EXPECT_EQ(r.in_size.z, 2);
  // The last layer written is z = 0.
  EXPECT_EQ(r.input[0], 1u << 4);  // E at (0,0,0)
  EXPECT_EQ(r.input[4], 1u << 0);  // A at (0,0,1)
  EXPECT_EQ(r.input[7], 1u << 3);  // D at (1,1,1)
}

TEST(Rule, SymmetricImagesAreDeduplicated) {
  auto l = grid_for(R"(<one values="BRW" in="RBB" out="WWR"/>)");
  mj::Rule r = rule_of(l);
  EXPECT_EQ(r.symmetries(mj::full_symmetry(true), true).size(), 4u);
  auto point = grid_for(R"(<one values="BW" in="B" out="W"/>)");
  EXPECT_EQ(rule_of(point).symmetries(mj::full_symmetry(true), true).size(), 1u);
  auto corner = grid_for(R"(<one values="BW" in="BW/BB" out="WW/BB"/>)");
  EXPECT_EQ(rule_of(corner).symmetries(mj::full_symmetry(true), true).size(), 8u);
  auto cube = grid_for(R"(<one values="BRW" in="RBB" out="WWR"/>)", 4, 4, 4);
  EXPECT_EQ(rule_of(cube).symmetries(mj::full_symmetry(false), false).size(), 6u);
}

TEST(Rule, RotationMovesCells) {
  auto l = grid_for(R"(<one values="ABCD" in="AB/CD" out="AB/CD"/>)");
  mj::Rule rule = rule_of(l);
  rule.original = true;
  const std::vector<mj::Rule> images = rule.symmetries(mj::full_symmetry(true), true);
  ASSERT_EQ(images.size(), 8u);
  // Image 2 is the rotation: (x, y) of the rotated rule reads (IMX-1-y, x) of the original, so
  // row 0 becomes "BD". Image 1 is the reflection: row 0 becomes "BA".
  EXPECT_EQ(images[2].input, (std::vector<mj::ValueSet>{2u, 8u, 1u, 4u}));
  EXPECT_EQ(images[1].input, (std::vector<mj::ValueSet>{2u, 1u, 8u, 4u}));
  EXPECT_EQ(images[2].output, (std::vector<uint8_t>{1, 3, 0, 2}));
  EXPECT_TRUE(images[0].original && !images[2].original);
}

TEST(Rule, FileRuleSplitsIntoInputAndOutput) {
  auto dir = mjtest::temp_dir("rule-file");
  mj::Image image{4, 1, {0xFF000000u, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFF000000u}};
  std::filesystem::create_directories(dir / "rules");
  mj::save_png(dir / "rules" / "Swap.png", image);
  auto l = grid_for(R"(<one values="BW" file="Swap" legend="BW"/>)");
  mj::Rule r = rule_of(l, dir);
  EXPECT_EQ(r.in_size.x, 2);
  EXPECT_EQ(r.input, (std::vector<mj::ValueSet>{1u, 2u}));
  EXPECT_EQ(r.output, (std::vector<uint8_t>{1, 0}));
}

TEST(Rule, Errors) {
  EXPECT_THROW(rule_of(grid_for(R"(<one values="BW" in="BX" out="WW"/>)")), mj::Error);
  EXPECT_THROW(rule_of(grid_for(R"(<one values="BW" in="BB" out="W"/>)")), mj::Error);
  EXPECT_THROW(rule_of(grid_for(R"(<one values="BW" in="BB/B" out="WW/W"/>)")), mj::Error);
  EXPECT_THROW(rule_of(grid_for(R"(<one values="BW" out="W"/>)")), mj::Error);
  EXPECT_THROW(rule_of(grid_for(R"(<one values="BW" file="Nothing"/>)")), mj::Error);
  try {
    rule_of(grid_for("<one values=\"BW\"\n in=\"BQ\" out=\"WW\"/>"));
    FAIL();
  } catch (const mj::Error& e) {
    EXPECT_EQ(e.file(), "test.xml");
    EXPECT_EQ(e.line(), 1);
    EXPECT_NE(e.message().find("'Q'"), std::string::npos);
  }
}

// ShiftLists: per value, the cells that take it, x fastest, written out cell by cell.
TEST(ShiftLists, ListEachValuesCellsInOrder) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 100; trial++) {
    const mj::Point size{1 + int(rng() % 4), 1 + int(rng() % 3), 1 + int(rng() % 3)};
    const int values = 1 + int(rng() % 6);
    std::vector<mj::ValueSet> waves(size_t(size.x * size.y * size.z));
    for (mj::ValueSet& w : waves) w = mj::ValueSet(rng()) & mj::all_values(values);
    mj::ShiftLists lists;
    lists.build(values, size, [&](size_t i, int v) { return (waves[i] >> v & 1u) != 0; });
    ASSERT_EQ(lists.size(), size_t(values));
    for (int v = 0; v < values; v++) {
      std::vector<mj::Point> expected;
      for (int z = 0, i = 0; z < size.z; z++)
        for (int y = 0; y < size.y; y++)
          for (int x = 0; x < size.x; x++, i++)
            if (waves[size_t(i)] >> v & 1u) expected.push_back({x, y, z});
      const std::span<const mj::Point> got = lists[size_t(v)];
      ASSERT_TRUE(std::equal(got.begin(), got.end(), expected.begin(), expected.end()))
          << "trial " << trial << " value " << v;
    }
  }
}

}  // namespace
