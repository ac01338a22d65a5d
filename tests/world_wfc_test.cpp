// Worlds of wfc models: a tile model's and an overlap model's world is the same in any order of chunks, and a
// valid collapse across every border, checked apart from the propagator (tests/wfc_checkers.hpp: every pair of
// neighbouring tiles one the tileset allows, every window of the overlap model's output one of its sample's).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "mj/world.hpp"
#include "test_util.hpp"
#include "wfc_checkers.hpp"

namespace {

mj::WorldRequest corpus_world(const std::filesystem::path& model, int chunk, int margin, int seam) {
  mj::WorldRequest r;
  r.model.model = model.string();
  r.model.resources = mjtest::corpus_dir() / "resources";
  r.seed = 5, r.chunk = chunk, r.margin = margin, r.seam = seam;
  return r;
}

mj::GridView view(const std::vector<uint8_t>& cells, const mj::Region& r, const std::string& legend) {
  return {int(r.x1 - r.x0), int(r.y1 - r.y0), 1, legend, cells.data(), {}};
}

// The region again, chunk by chunk in a shuffled order, and with two threads.
void expect_any_order(const mj::WorldRequest& request, const mj::Region& r, const std::vector<uint8_t>& whole) {
  const long long k = *request.chunk, width = r.x1 - r.x0;
  std::vector<mj::Region> chunks;
  for (long long y = r.y0; y < r.y1; y += k)
    for (long long x = r.x0; x < r.x1; x += k) chunks.push_back({x, y, 0, x + k, y + k, 1});
  std::shuffle(chunks.begin(), chunks.end(), std::mt19937(11));
  mj::World pieces(request);
  for (const mj::Region& c : chunks) {
    const std::vector<uint8_t> part = pieces.region(c);
    for (long long y = 0; y < k; y++)
      for (long long x = 0; x < k; x++)
        ASSERT_EQ(part[size_t(x + y * k)], whole[size_t(c.x0 - r.x0 + x + (c.y0 - r.y0 + y) * width)]);
  }
  EXPECT_EQ(mj::World(request).region(r, {2, {}}), whole);
}

TEST(WorldWfc, ATileModelsWorldIsAValidTilingAcrossBorders) {
  // models/KnotWorld.xml: Knots2D's tiles of 5 cells, End tiles allowed; chunks of 4 tiles, a margin of 2, a seam
  // of 1 tile; 6 x 6 chunks.
  const mj::WorldRequest request =
      corpus_world(std::filesystem::path(MJ_SOURCE_DIR) / "models" / "KnotWorld.xml", 20, 10, 5);
  mj::World world(request);
  EXPECT_EQ(world.settings().unit, 5);
  const mj::Region r{-60, -60, 0, 60, 60, 1};
  const std::vector<uint8_t> cells = world.region(r);
  // The checker reads the wfc below the model's root: the model's own root is its wfc.
  const mjtest::TileRules rules("<sequence>" +
                                mjtest::read_bytes(std::filesystem::path(MJ_SOURCE_DIR) / "models" / "KnotWorld.xml") +
                                "</sequence>");
  EXPECT_EQ(rules.faults(view(cells, r, world.settings().legend)), std::vector<std::string>{});
  expect_any_order(request, r, cells);
}

TEST(WorldWfc, AnOverlapModelsWorldHasOnlyTheSamplesWindows) {
  // WaveFlowers: n = 3, symmetry (x); its windows across every border are the sample's or its mirror's.
  const mj::WorldRequest request = corpus_world(mjtest::corpus_dir() / "models" / "WaveFlowers.xml", 24, 12, 3);
  mj::World world(request);
  const mj::Region r{-72, -72, 0, 72, 72, 1};
  const std::vector<uint8_t> cells = world.region(r);
  const mjtest::SampleWindows sample("Flowers", 3, true);
  const mj::GridView g = view(cells, r, world.settings().legend);
  EXPECT_EQ(sample.faults(g, false), 0);
  // The checker: a cell changed breaks a window.
  std::vector<uint8_t> changed = cells;
  changed[size_t(50 * 144 + 47)] = uint8_t((changed[size_t(50 * 144 + 47)] + 1) % 4);
  EXPECT_GT(sample.faults(view(changed, r, world.settings().legend), false), 0);
  expect_any_order(request, r, cells);
}

}  // namespace
