// Exports for engines: greedy meshing and the glTF binary container (tests/exports/check_exports.mjs
// runs the Khronos validator over the corpus and reads Tiled maps back).
#include <gtest/gtest.h>

#include <cstring>

#include "mj/mesh.hpp"
#include "mj/picture.hpp"

namespace {

mj::GridView view(int mx, int my, int mz, const std::vector<uint8_t>& cells) {
  return mj::GridView{mx, my, mz, "BWR", cells.data(), {}};
}

TEST(GreedyMesh, OneVoxelIsSixFaces) {
  std::vector<uint8_t> cells{0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(mj::greedy_mesh(view(3, 3, 3, cells)).size(), 0u + 6);
}

TEST(GreedyMesh, ASolidBlockMergesIntoSixRectangles) {
  std::vector<uint8_t> cells(4 * 3 * 2, 1);
  auto quads = mj::greedy_mesh(view(4, 3, 2, cells));
  EXPECT_EQ(quads.size(), 6u);
  float area = 0;
  for (const auto& q : quads) {
    int axis = q.normal[0] != 0 ? 0 : q.normal[1] != 0 ? 1 : 2;
    float du = 0, dv = 0;
    for (int k = 0; k < 3; k++) {
      if (k == axis) continue;
      float extent = std::max({q.corners[0][k], q.corners[1][k], q.corners[2][k]}) -
                     std::min({q.corners[0][k], q.corners[1][k], q.corners[2][k]});
      (du == 0 ? du : dv) = extent;
    }
    area += du * dv;
  }
  EXPECT_EQ(area, 2 * (4 * 3 + 4 * 2 + 3 * 2));  // the block's surface, and nothing inside it
}

TEST(GreedyMesh, FacesBetweenFilledCellsAreLeftOutWhateverTheirValues) {
  std::vector<uint8_t> cells{1, 2};  // two cells side by side, two values
  auto quads = mj::greedy_mesh(view(2, 1, 1, cells));
  EXPECT_EQ(quads.size(), 10u);  // 5 faces each; the shared face is inside
  for (const auto& q : quads)
    if (q.normal[0] != 0) {
      EXPECT_EQ(q.corners[0][0], q.value == 1 ? 0.f : 2.f);
    }
}

TEST(GreedyMesh, FacesTurnOutwards) {
  std::vector<uint8_t> cells{1};
  for (const auto& q : mj::greedy_mesh(view(1, 1, 1, cells))) {
    // (b - a) x (c - a) points along the normal: counter-clockwise seen from outside
    std::array<float, 3> e1{}, e2{};
    for (int k = 0; k < 3; k++) e1[k] = q.corners[1][k] - q.corners[0][k], e2[k] = q.corners[2][k] - q.corners[0][k];
    std::array<float, 3> n{e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
    EXPECT_GT(n[0] * q.normal[0] + n[1] * q.normal[1] + n[2] * q.normal[2], 0);
  }
}

TEST(Glb, ContainerHoldsJsonAndBinaryChunks) {
  std::vector<uint8_t> cells{0, 1, 2, 0};
  auto bytes = mj::encode_glb(view(2, 2, 1, cells), {0xFF000000, 0xFFFFFFFF, 0xFFFF0000});
  ASSERT_GE(bytes.size(), 28u);
  auto u32 = [&](size_t at) {
    uint32_t v;
    std::memcpy(&v, &bytes[at], 4);
    return v;
  };
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
  EXPECT_EQ(u32(4), 2u);
  EXPECT_EQ(u32(8), bytes.size());
  const uint32_t json = u32(12);
  EXPECT_EQ(json % 4, 0u);
  EXPECT_EQ(std::string(bytes.begin() + 16, bytes.begin() + 20), "JSON");
  const std::string text(bytes.begin() + 20, bytes.begin() + 20 + json);
  EXPECT_NE(text.find("\"materials\":[{\"name\":\"W\""), std::string::npos) << text;
  EXPECT_NE(text.find("{\"name\":\"R\""), std::string::npos);
  EXPECT_EQ(std::string(bytes.begin() + 24 + json, bytes.begin() + 28 + json), std::string("BIN\0", 4));
  EXPECT_EQ(mj::glb_triangles(view(2, 2, 1, cells)), 2u * 12);
}

TEST(Tiled, MapNamesItsTilesetAndLayers) {
  std::vector<uint8_t> cells{0, 1, 2, 0};
  std::string map = mj::encode_tiled(view(2, 2, 1, cells), {0xFF000000, 0xFFFFFFFF, 0xFFFF0000}, 3, "t.png");
  EXPECT_NE(map.find("\"data\":[1,2,3,1]"), std::string::npos) << map;
  EXPECT_NE(map.find("\"image\":\"t.png\",\"imagewidth\":9,\"imageheight\":3"), std::string::npos) << map;
  mj::Image tiles = mj::tiled_tileset({0xFF000000, 0xFFFFFFFF, 0xFFFF0000}, 3);
  EXPECT_EQ(tiles.width, 9);
  EXPECT_EQ(tiles.argb[7], 0xFFFF0000u);
}

}  // namespace
