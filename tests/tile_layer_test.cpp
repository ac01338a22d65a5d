// A tile model's grid as tiles (Interpreter::tile_layer) and its Tiled map over an atlas of tile pictures
// (tests/exports/check_exports.mjs reads the corpus's maps back against mj's PNG).
#include <gtest/gtest.h>

#include "mj/picture.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace {

mj::Interpreter corpus_model(const std::string& name, int size) {
  const std::filesystem::path corpus = mjtest::corpus_dir();
  return mj::Interpreter::from_file(corpus / "models" / (name + ".xml"), {size, size, 1, corpus / "resources"});
}

TEST(TileLayer, AModelEndingOnItsTileWfcIsItsTiles) {
  mj::Interpreter ip = corpus_model("Knots2D", 8);
  EXPECT_FALSE(ip.tile_layer()) << "before a run";
  ip.run(1, 0);
  const std::optional<mj::TileLayer> tiles = ip.tile_layer();
  ASSERT_TRUE(tiles);
  const mj::GridView g = ip.grid();
  EXPECT_EQ(tiles->tileset, "Knots2D");
  EXPECT_EQ(tiles->mx * tiles->size, g.mx);
  EXPECT_EQ(tiles->my * tiles->size, g.my);
  ASSERT_EQ(tiles->at.size(), size_t(tiles->mx * tiles->my));
  EXPECT_EQ(tiles->names.size(), tiles->tiles.size());
  EXPECT_EQ(tiles->names[0], "Empty");
  for (int i = 0; i < tiles->mx * tiles->my; i++) {
    const std::vector<uint8_t>& tile = tiles->tiles[size_t(tiles->at[size_t(i)])];
    const int x0 = i % tiles->mx * tiles->size, y0 = i / tiles->mx * tiles->size;
    for (int dy = 0; dy < tiles->size; dy++)
      for (int dx = 0; dx < tiles->size; dx++)
        ASSERT_EQ(g.cells[size_t(x0 + dx) + size_t(y0 + dy) * size_t(g.mx)], tile[size_t(dx + dy * tiles->size)]);
  }
}

TEST(TileLayer, ChildrenThatRewroteCellsOrNoTileModelLeaveNone) {
  mj::Interpreter path = corpus_model("TilePath", 10);  // its children paint the river over the tiles
  path.run(1, 0);
  EXPECT_FALSE(path.tile_layer());
  mj::Interpreter maze = corpus_model("MazeGrowth", 9);
  maze.run(1, 0);
  EXPECT_FALSE(maze.tile_layer());
}

TEST(TileLayer, TheMapIsALayerOfVariantsOverTheirAtlas) {
  mj::TileLayer tiles{"Two", 2, 2, 1, {{0, 1, 1, 0}, {1, 1, 1, 1}}, {"Checker", "Full"}, {1, 0}};
  const std::string map = mj::encode_tiled(tiles, 3, "t.png");
  EXPECT_TRUE(mjtest::contains(map, "\"width\":2,\"height\":1,\"tilewidth\":6,\"tileheight\":6")) << map;
  EXPECT_TRUE(mjtest::contains(map, "\"data\":[2,1]")) << map;
  EXPECT_TRUE(mjtest::contains(map, "\"tilecount\":2,\"columns\":2")) << map;
  EXPECT_TRUE(mjtest::contains(map, "\"value\":\"Full\"")) << map;
  const mj::Image atlas = mj::tiled_atlas(tiles, {0xFF000000, 0xFFFFFFFF}, 3);
  ASSERT_EQ(atlas.width, 12);
  ASSERT_EQ(atlas.height, 6);
  EXPECT_EQ(atlas.argb[0], 0xFF000000u);                   // tile 0, cell (0, 0)
  EXPECT_EQ(atlas.argb[3], 0xFFFFFFFFu);                   // tile 0, cell (1, 0)
  EXPECT_EQ(atlas.argb[size_t(3 * 12 + 3)], 0xFF000000u);  // tile 0, cell (1, 1)
  EXPECT_EQ(atlas.argb[size_t(6 + 5 * 12)], 0xFFFFFFFFu);  // tile 1
}

}  // namespace
