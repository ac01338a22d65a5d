#include <gtest/gtest.h>

#include <filesystem>

#include "io/formats/png.hpp"
#include "node_test_util.hpp"
#include "test_util.hpp"

namespace mj {
namespace {

using mjtest::cells_of;
using mjtest::LoadedNode;
using mjtest::set_cells;

// A resources folder with samples/<name>.png: `white` picks the white pixels of a w*h picture.
class Samples : public ::testing::Test {
 protected:
  std::filesystem::path resources;

  void SetUp() override {
    resources = mjtest::temp_dir();
    std::filesystem::create_directories(resources / "samples");
  }

  template <class F>
  void write_sample(const std::string& name, int w, int h, F white) {
    mj::Image image{w, h, {}};
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) image.argb.push_back(white(x, y) ? 0xFFFFFFFFu : 0xFF000000u);
    mj::save_png(resources / "samples" / (name + ".png"), image);
  }
};

TEST_F(Samples, WritesBlackAndWhiteOnlyOnTheOnCells) {
  write_sample("Stripes", 4, 4, [](int x, int) { return x % 2 == 0; });
  LoadedNode n("BDAX", R"(<convchain sample="Stripes" on="B" black="D" white="A" n="2"/>)", 6, 6, 1, resources);
  set_cells(n.grid(), "XXXXXX/XBBBBX/XBBBBX/XBBBBX/XBBBBX/XXXXXX");
  for (int step = 0; step < 5; step++) {
    ASSERT_TRUE(n.go());
    std::string cells = cells_of(n.grid());
    for (size_t i = 0; i < cells.size(); i++) {
      if (cells[i] == '/') continue;
      int x = int(i % 7), y = int(i / 7);
      bool inner = x >= 1 && x <= 4 && y >= 1 && y <= 4;
      if (inner) EXPECT_TRUE(cells[i] == 'D' || cells[i] == 'A') << cells;
      else EXPECT_EQ(cells[i], 'X') << cells;
    }
  }
}

TEST_F(Samples, ConvergesToAWhiteSample) {
  write_sample("White", 4, 4, [](int, int) { return true; });
  LoadedNode n("BDA", R"(<convchain sample="White" on="B" black="D" white="A" n="2" steps="20"/>)", 8, 8, 1, resources);
  int steps = 0;
  while (n.go()) steps++;
  EXPECT_EQ(steps, 20);
  int white = 0;
  for (uint8_t v : n.grid().state) white += v == 2;
  EXPECT_GE(white, 60);
}

TEST_F(Samples, NothingToDoWithoutOnCells) {
  write_sample("White", 2, 2, [](int, int) { return true; });
  LoadedNode n("BDAX", R"(<convchain sample="White" on="B" black="D" white="A" n="2"/>)", 3, 3, 1, resources);
  set_cells(n.grid(), "XXX/XXX/XXX");
  EXPECT_FALSE(n.go());
  EXPECT_EQ(cells_of(n.grid()), "XXX/XXX/XXX");
}

TEST_F(Samples, MissingSampleNamesFileAndLine) {
  try {
    LoadedNode n("BDA", "\n<convchain sample=\"Nowhere\" on=\"B\" black=\"D\" white=\"A\"/>", 4, 4, 1, resources);
    FAIL() << "loaded";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("test.xml:2:"), std::string::npos) << what;
    EXPECT_NE(what.find("Nowhere.png"), std::string::npos) << what;
  }
}

TEST_F(Samples, ThreeDimensionalGridIsRefused) {
  write_sample("White", 2, 2, [](int, int) { return true; });
  try {
    LoadedNode n("BDA", "\n\n<convchain sample=\"White\" on=\"B\" black=\"D\" white=\"A\"/>", 4, 4, 4, resources);
    FAIL() << "loaded";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("test.xml:3:"), std::string::npos) << what;
    EXPECT_NE(what.find("2D"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace mj
