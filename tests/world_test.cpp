// Worlds (mj/world.hpp): any region comes out the same however it is asked for (at once, chunk by chunk in a
// shuffled order, in overlapping pieces, in threads, or chunk by chunk from the cells of the chunks each needs,
// as a cluster's workers make them), written whole to files, and bad requests get one clear line.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "mj/error.hpp"
#include "mj/picture.hpp"
#include "mj/world.hpp"
#include "test_util.hpp"

namespace {

mj::WorldRequest maze_world(int seed = 7) {
  mj::WorldRequest r;
  r.model.model = (mjtest::corpus_dir() / "models" / "MazeGrowth.xml").string();
  r.model.resources = mjtest::corpus_dir() / "resources";
  r.seed = seed, r.chunk = 16, r.margin = 4, r.seam = 2;
  return r;
}

// 6 x 6 chunks, across the origin.
const mj::Region kRegion{-40, -24, 0, 56, 72, 1};

std::vector<uint8_t> cut(const std::vector<uint8_t>& cells, const mj::Region& whole, const mj::Region& part) {
  std::vector<uint8_t> out;
  const long long width = whole.x1 - whole.x0;
  for (long long y = part.y0; y < part.y1; y++)
    for (long long x = part.x0; x < part.x1; x++) out.push_back(cells[size_t((x - whole.x0) + (y - whole.y0) * width)]);
  return out;
}

TEST(World, AnyOrderOfChunksGivesTheSameCells) {
  mj::World at_once(maze_world());
  const std::vector<uint8_t> whole = at_once.region(kRegion);
  ASSERT_EQ(whole.size(), size_t(kRegion.cells()));
  std::vector<mj::Region> chunks;
  for (long long y = kRegion.y0; y < kRegion.y1; y += 16)
    for (long long x = kRegion.x0; x < kRegion.x1; x += 16) chunks.push_back({x, y, 0, x + 16, y + 16, 1});
  std::shuffle(chunks.begin(), chunks.end(), std::mt19937(3));
  mj::World one_by_one(maze_world());
  for (const mj::Region& c : chunks) EXPECT_EQ(one_by_one.region(c), cut(whole, kRegion, c));
  // Two overlapping requests, each in a world of its own.
  const mj::Region left{-40, -24, 0, 20, 72, 1}, right{5, -24, 0, 56, 72, 1};
  EXPECT_EQ(mj::World(maze_world()).region(left), cut(whole, kRegion, left));
  EXPECT_EQ(mj::World(maze_world()).region(right), cut(whole, kRegion, right));
  // Threads.
  EXPECT_EQ(mj::World(maze_world()).region(kRegion, {2, {}}), whole);
  // Another seed is another world.
  EXPECT_NE(mj::World(maze_world(8)).region(kRegion), whole);
}

TEST(World, AThreeDimensionalWorldIsTheSameInAnyOrder) {
  // 8 phases: a chunk waits for up to 26 neighbours, and its cells reach 7 chunks away.
  mj::WorldRequest r = maze_world();
  r.model.dimension = 3;
  r.chunk = 6, r.margin = 2, r.seam = 1;
  const mj::Region whole{-6, -6, -6, 12, 6, 12};
  const std::vector<uint8_t> cells = mj::World(r).region(whole);
  ASSERT_EQ(cells.size(), size_t(whole.cells()));
  mj::World pieces(r);
  std::vector<uint8_t> assembled(cells.size());
  std::vector<mj::Region> chunks;
  for (long long z = whole.z0; z < whole.z1; z += 6)
    for (long long y = whole.y0; y < whole.y1; y += 6)
      for (long long x = whole.x0; x < whole.x1; x += 6) chunks.push_back({x, y, z, x + 6, y + 6, z + 6});
  std::shuffle(chunks.begin(), chunks.end(), std::mt19937(5));
  for (const mj::Region& c : chunks) {
    const std::vector<uint8_t> part = pieces.region(c);
    for (long long z = 0; z < 6; z++)
      for (long long y = 0; y < 6; y++)
        for (long long x = 0; x < 6; x++)
          assembled[size_t((c.x0 + x - whole.x0) + 18 * ((c.y0 + y - whole.y0) + 12 * (c.z0 + z - whole.z0)))] =
              part[size_t(x + 6 * (y + 6 * z))];
  }
  EXPECT_EQ(assembled, cells);
  EXPECT_EQ(pieces.settings().dimension, 3);
  // As a folder: a VOX a chunk (3 x 2 x 3 of them), and the index.
  const auto dir = mjtest::temp_dir("world_3d");
  mj::save_region(pieces, whole, dir / "chunks");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir / "chunks"), {}), 19);
  EXPECT_TRUE(std::filesystem::exists(dir / "chunks" / "chunk_-1_-1_1.vox"));
}

TEST(World, ChunksFromTheirNeedsAloneAreTheWorlds) {
  // As a cluster makes them: every chunk by a world of its own from the cells of its needs, in the order of
  // chunks_for (phases), which puts each chunk after what it needs.
  mj::World scheduler(maze_world());
  const mj::Region r{0, 0, 0, 32, 32, 1};
  std::map<std::tuple<long long, long long>, std::vector<uint8_t>> made;
  for (const mj::ChunkIndex& c : scheduler.chunks_for(r)) {
    std::vector<const std::vector<uint8_t>*> needed;
    for (const mj::ChunkIndex& n : scheduler.needs(c)) needed.push_back(&made.at({n.x, n.y}));
    made[{c.x, c.y}] = mj::World(maze_world()).run_chunk(c, needed);
  }
  const std::vector<uint8_t> whole = scheduler.region(r);
  for (long long cy = 0; cy < 2; cy++)
    for (long long cx = 0; cx < 2; cx++)
      EXPECT_EQ(made.at({cx, cy}), cut(whole, r, {cx * 16, cy * 16, 0, cx * 16 + 16, cy * 16 + 16, 1}));
}

TEST(World, ChunksMadeElsewhereAreKept) {
  // A world whose missing chunks another world makes (as a cluster's workers would) and keep() hands back: the
  // same cells, written as well as cut, and no chunk made here.
  mj::World maker(maze_world());
  std::vector<mj::ChunkIndex> asked;
  mj::World w(maze_world());
  mj::WorldControl control;
  control.progress = [](long long, long long) -> bool { throw std::logic_error("a chunk was made here"); };
  control.elsewhere = [&](const std::vector<mj::ChunkIndex>& missing) {
    asked.insert(asked.end(), missing.begin(), missing.end());
    for (const mj::ChunkIndex& c : missing)
      w.keep(c, maker.region({c.x * 16, c.y * 16, 0, c.x * 16 + 16, c.y * 16 + 16, 1}));
  };
  EXPECT_EQ(w.region(kRegion, control), mj::World(maze_world()).region(kRegion));
  EXPECT_EQ(asked, w.chunks_for(kRegion));
  w.forget();
  const auto text = mjtest::temp_dir("world_elsewhere") / "region.txt";
  mj::save_region(w, kRegion, text, control);
  mj::World here(maze_world());
  mj::save_region(here, kRegion, text.string() + ".here.txt");
  const auto bytes = [](const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(bytes(text), bytes(text.string() + ".here.txt"));
  // Cells that are not a chunk's, and a chunk not given back.
  EXPECT_THROW(w.keep({0, 0, 0}, std::vector<uint8_t>(15)), mj::Error);
  control.elsewhere = [](const std::vector<mj::ChunkIndex>&) {};
  w.forget();
  EXPECT_THROW(w.region(kRegion, control), mj::Error);
}

TEST(World, ChunksSeeAcrossTheirBorders) {
  // MazeGrowth grows from the pinned cells of earlier neighbours: its corridors (values 1 and 2, W and A) cross
  // chunk borders, so a world's maze is not chunks apart.
  mj::World w(maze_world());
  const std::vector<uint8_t> cells = w.region({0, 0, 0, 64, 64, 1});
  int crossings = 0;
  for (int y = 0; y < 64; y++)
    for (int x = 15; x < 63; x += 16) crossings += cells[size_t(x + y * 64)] != 0 && cells[size_t(x + 1 + y * 64)] != 0;
  EXPECT_GT(crossings, 8);
}

// The error's message, and (where) its file and line.
std::string error_of(const std::function<void()>& f, bool where = false) {
  try {
    f();
  } catch (const mj::Error& e) {
    return where ? e.what() : e.message();
  }
  return "no error";
}

TEST(World, BadRequestsGetOneLine) {
  const auto with = [](auto change, bool where = false) {
    mj::WorldRequest r = maze_world();
    change(r);
    return error_of([&] { mj::World w(r); }, where);
  };
  EXPECT_EQ(with([](auto& r) { r.chunk = 0; }), "a world's chunk is 1 to 1024 cells on a side, not 0");
  EXPECT_EQ(with([](auto& r) { r.chunk = 5000; }), "a world's chunk is 1 to 1024 cells on a side, not 5000");
  EXPECT_EQ(with([](auto& r) { r.margin = 17; }), "a world's margin is 0 to its chunk (16 cells), not 17");
  EXPECT_EQ(with([](auto& r) { r.seam = 5; }), "a world's seam is 0 to its margin (4 cells), not 5");
  EXPECT_NE(with([](auto& r) { r.model.model = "nowhere.xml"; }, true).find("nowhere.xml"), std::string::npos);
  mj::World w(maze_world());
  EXPECT_EQ(error_of([&] {
              w.region({5, 0, 0, 5, 10, 1});
            }),
            "a world's region holds no cells with x from 5 to 5 (the second is left out)");
  EXPECT_EQ(error_of([&] {
              w.region({0, 0, 1, 5, 10, 2});
            }),
            "a 2D world's region has z from 0 to 1, not z from 1 to 2");
  EXPECT_NE(error_of([&] { w.region({0, 0, 0, 1LL << 41, 10, 1}); }).find("within 2^40 cells"), std::string::npos);
  EXPECT_NE(error_of([&] { w.region({0, 0, 0, 1 << 15, 1 << 15, 1}); }).find("write it to a file"), std::string::npos);
  EXPECT_NE(error_of([&] {
              w.run_chunk({1, 0, 0}, {});
            }).find("needs the cells of 2 chunks, not 0"),
            std::string::npos);
}

TEST(World, ModelsNoWorldIsMadeOfAreRefusedAtTheirLine) {
  const auto refused = [](const std::string& xml) {
    mj::WorldRequest r;
    r.model.model = "bad";
    r.model.xml = xml;
    return error_of([&] { mj::World w(r); }, true);
  };
  EXPECT_EQ(
      refused("<sequence values=\"BW\">\n  <event key=\"ArrowLeft\"><one in=\"B\" out=\"W\"/></event>\n</sequence>"),
      "bad:2: a world runs without inputs, and this <event> waits for one");
  EXPECT_EQ(refused("<sequence values=\"BW\">\n  <map scale=\"2 2 1\" values=\"BW\"><rule in=\"B\" "
                    "out=\"BB/BB\"/></map>\n</sequence>"),
            "bad:2: a world pins the cells its chunks end with, and this <map> makes a new grid from the one the pins "
            "name");
}

TEST(World, AStopComesInsideAChunksRun) {
  // A model that never ends, with no step limit: only a stop asked between its steps ends a chunk's run.
  mj::WorldRequest r;
  r.model.model = "Flicker";
  r.model.xml = "<markov values=\"BW\"><one in=\"B\" out=\"W\"/><one in=\"W\" out=\"B\"/></markov>";
  r.model.steps = 0;
  r.chunk = 8;
  for (int threads : {1, 2}) {
    mj::World w(r);
    long long asked_at = -1;
    const mj::WorldControl stop{threads, [&](long long done, long long) { return asked_at = done, false; }};
    EXPECT_EQ(error_of([&] { w.region({0, 0, 0, 16, 16, 1}, stop); }), "the world's region was stopped") << threads;
    EXPECT_EQ(asked_at, 0) << threads;  // asked before any chunk was made
  }
  mj::World w(r);
  EXPECT_NE(error_of([&] { w.run_chunk({0, 0, 0}, {}, [] { return false; }); }).find("stopped"), std::string::npos);
}

TEST(World, RegionsAreWrittenWholeByBands) {
  const auto dir = mjtest::temp_dir("world_files");
  mj::World w(maze_world());
  const mj::Region r{-10, -5, 0, 40, 37, 1};
  const std::vector<uint8_t> cells = w.region(r);
  mj::save_region(w, r, dir / "region.png", {}, 1);
  const mj::Image image = mj::load_png(dir / "region.png");
  ASSERT_EQ(image.width, 50);
  ASSERT_EQ(image.height, 42);
  const std::vector<uint32_t> colors = mj::legend_colors(w.settings().legend, w.settings().run.palette);
  for (size_t i = 0; i < cells.size(); i++) ASSERT_EQ(image.argb[i], colors[cells[i]]) << i;
  mj::save_region(w, r, dir / "region.txt");
  std::ifstream text(dir / "region.txt");
  std::string head, legend, row;
  std::getline(text, head), std::getline(text, legend), std::getline(text, row);
  EXPECT_EQ(head, "MazeGrowth 50 42 1 7 0");
  EXPECT_EQ(row.size(), 50u);
  EXPECT_EQ(row[0], legend[cells[0]]);
  mj::save_region(w, r, dir / "chunks");
  EXPECT_TRUE(std::filesystem::exists(dir / "chunks" / "index.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "chunks" / "chunk_-1_-1.png"));
  EXPECT_TRUE(std::filesystem::exists(dir / "chunks" / "chunk_2_2.png"));
  // Stopped half way: no file.
  mj::WorldControl stop{1, [](long long done, long long) { return done < 3; }};
  mj::World fresh(maze_world());
  EXPECT_NE(error_of([&] { mj::save_region(fresh, r, dir / "stopped.png", stop); }).find("stopped"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir / "stopped.png"));
}

}  // namespace
