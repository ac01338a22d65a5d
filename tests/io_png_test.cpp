#include <png.h>

#include <climits>
#include <fstream>

#include "io/formats/png.hpp"
#include "io/render/render.hpp"
#include "test_util.hpp"

namespace mj::io {
using namespace mjtest;
namespace {

TEST(IoPng, RenderedGridSurvivesSaveAndLoad) {
  const auto dir = temp_dir();
  const uint8_t state[] = {0, 1, 2,  //
                           2, 2, 1};
  const std::vector<uint32_t> colors = {0xFF1D2B53, 0xFFFF004D, 0xFF00E436};
  save_png(dir / "grid.png", render_2d(state, 3, 2, colors, 4));
  const Image back = load_png(dir / "grid.png");
  ASSERT_EQ(back.width, 12);
  ASSERT_EQ(back.height, 8);
  ASSERT_EQ(back.argb.size(), 96u);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 12; ++x)
      ASSERT_EQ(back.argb[x + y * 12], colors[state[x / 4 + (y / 4) * 3]]) << "pixel " << x << "," << y;
}

TEST(IoPng, AlphaIsKept) {
  const auto dir = temp_dir();
  const Image image{2, 1, {0x80FF0000, 0x00000000}};
  save_png(dir / "alpha.png", image);
  EXPECT_EQ(load_png(dir / "alpha.png").argb, image.argb);
}

// Few colours are written as palette indices of the smallest depth, more than 256 as RGBA;
// either way the pixels come back as they were (odd widths exercise the bit packing).
TEST(IoPng, PaletteDepthFollowsColourCount) {
  const auto dir = temp_dir();
  struct Case {
    int colors, depth, color_type;
  };
  for (Case c : {Case{1, 1, 3}, Case{2, 1, 3}, Case{3, 2, 3}, Case{16, 4, 3}, Case{17, 8, 3}, Case{256, 8, 3},
                 Case{257, 8, 6}}) {
    Image image{37, 9, {}};
    for (int i = 0; i < 37 * 9; ++i) {
      const uint32_t k = uint32_t(i * 7919 % c.colors);  // every colour occurs: 7919 is prime
      image.argb.push_back((k & 0xFF) | (k >> 8) << 16 | (k % 5 == 1 ? 0x7F000000u : 0xFF000000u));
    }
    // Built with append: "p" + std::string trips a false -Wrestrict in GCC 12.
    const auto file = dir / std::string("p").append(std::to_string(c.colors)).append(".png");
    save_png(file, image);
    EXPECT_EQ(load_png(file).argb, image.argb) << c.colors << " colours";
    std::ifstream in(file, std::ios::binary);
    char header[26];
    in.read(header, sizeof header);
    EXPECT_EQ(header[24], c.depth) << c.colors << " colours";
    EXPECT_EQ(header[25], c.color_type) << c.colors << " colours";
  }
}

TEST(IoPng, GreyscaleBecomesOpaqueRgb) {
  const auto dir = temp_dir();
  const png_byte grey[] = {0, 128, 255};
  png_image out{};
  out.version = PNG_IMAGE_VERSION;
  out.width = 3, out.height = 1, out.format = PNG_FORMAT_GRAY;
  ASSERT_TRUE(png_image_write_to_file(&out, (dir / "grey.png").c_str(), 0, grey, 0, nullptr)) << out.message;
  const Image back = load_png(dir / "grey.png");
  EXPECT_EQ(back.argb, (std::vector<uint32_t>{0xFF000000, 0xFF808080, 0xFFFFFFFF}));
}

TEST(IoPng, LoadsCorpusSamples) {
  const auto samples = corpus_dir() / "resources" / "samples";
  ASSERT_TRUE(std::filesystem::is_directory(samples)) << samples << " missing; set MJ_CORPUS";
  const Image dungeon = load_png(samples / "Dungeon.png");  // 8-bit RGBA
  EXPECT_EQ(dungeon.width, 17);
  EXPECT_EQ(dungeon.height, 15);
  EXPECT_EQ(dungeon.argb.size(), 17u * 15u);
  const Image maze = load_png(samples / "Maze.png");  // 8-bit RGB
  EXPECT_EQ(maze.width, 4);
  EXPECT_EQ(maze.height, 4);
  const Image bricks = load_png(samples / "BrickWall.png");  // 4-bit palette
  ASSERT_EQ(bricks.width, 32);
  ASSERT_EQ(bricks.height, 32);
  for (uint32_t c : bricks.argb) ASSERT_EQ(c >> 24, 0xFFu) << "palette pixels are opaque";
}

TEST(IoPng, MissingFileNamesTheFile) {
  const auto dir = temp_dir();
  const auto file = dir / "nowhere.png";
  const Error e = expect_error([&] { load_png(file); });
  EXPECT_TRUE(contains(e.what(), file.string())) << e.what();
}

TEST(IoPng, NonPngIsRejected) {
  const auto dir = temp_dir();
  write(dir / "text.png", "this is not a PNG file at all");
  const Error e = expect_error([&] { load_png(dir / "text.png"); });
  EXPECT_TRUE(contains(e.what(), "text.png")) << e.what();
}

TEST(IoPng, TruncatedPngIsRejected) {
  const auto dir = temp_dir();
  std::vector<uint32_t> noise(64 * 64);
  for (size_t i = 0; i < noise.size(); ++i) noise[i] = 0xFF000000u | static_cast<uint32_t>(i * 2654435761u >> 8);
  save_png(dir / "full.png", Image{64, 64, noise});
  const std::string bytes = read_bytes(dir / "full.png");
  write(dir / "cut.png", bytes.substr(0, bytes.size() / 2));
  const Error e = expect_error([&] { load_png(dir / "cut.png"); });
  EXPECT_TRUE(contains(e.what(), "cut.png")) << e.what();
}

TEST(IoPng, OversizedPngIsRejected) {
  const auto dir = temp_dir();
  save_png(dir / "wide.png", Image{20000, 1, std::vector<uint32_t>(20000, 0xFF000000)});
  const Error e = expect_error([&] { load_png(dir / "wide.png"); });
  EXPECT_TRUE(contains(e.what(), "too large")) << e.what();
}

TEST(IoPng, InconsistentImageIsNotSaved) {
  const auto dir = temp_dir();
  expect_error([&] { save_png(dir / "bad.png", Image{3, 3, std::vector<uint32_t>(8)}); });
  write(dir / "plain", "x");  // a file where its folder would be made
  expect_error([&] { save_png(dir / "plain" / "x.png", Image{1, 1, {0xFF000000}}); });
}

}  // namespace
}  // namespace mj::io

namespace mj::io {
using namespace mjtest;
namespace {

// The picture made straight from the cells is the rendered one, pixel for pixel, at every bit depth,
// pixel size and odd width, with colours shared by several values and with alpha.
TEST(IoPng, GridPictureEqualsRenderedPicture) {
  const auto dir = temp_dir();
  std::vector<uint32_t> colors;
  for (uint32_t v = 0; v < 40; v++) colors.push_back(0xFF000000u | (v * 2654435761u >> 8));
  colors[5] = colors[3], colors[7] = 0x80FF0000;
  uint32_t state_seed = 1;
  for (int values : {1, 2, 3, 5, 16, 17, 40})
    for (int pixelsize : {1, 2, 3, 4, 7, 8, 9, 20}) {
      const int mx = 1 + values % 7 + pixelsize % 5, my = 3;
      std::vector<uint8_t> cells(size_t(mx * my));
      for (uint8_t& c : cells) c = uint8_t((state_seed = state_seed * 1103515245u + 12345u) >> 16) % values;
      const GridView grid{mx, my, 1, "", cells.data(), {}};
      save_png(dir / "grid.png", grid, colors, pixelsize);
      EXPECT_EQ(load_png(dir / "grid.png").argb, render(grid, colors, {pixelsize}).argb)
          << values << " values, pixel size " << pixelsize;
    }
}

TEST(IoPng, GridPictureChecksItsArguments) {
  const uint8_t cells[] = {0, 1, 2};
  expect_error([&] { encode_png(GridView{3, 1, 1, "", cells, {}}, {0xFF000000, 0xFFFFFFFF}, 1); });
  expect_error([&] { encode_png(GridView{3, 1, 1, "", cells, {}}, {1, 2, 3}, 0); });
  expect_error([&] { encode_png(GridView{30000, 30000, 1, "", cells, {}}, {1, 2, 3}, 1); });
}

// A pixel size near 2^31 makes sides whose product overflows 64 bits: still the size error, in every
// picture path (it was an allocation failure, "vector::_M_default_append").
TEST(IoPng, HugePixelSizeIsTheSizeError) {
  const std::vector<uint8_t> cells(60 * 60 * 60, 1);
  const std::vector<uint32_t> colors = {0xFF000000, 0xFFFFFFFF};
  const GridView flat{60, 60, 1, "", cells.data(), {}}, deep{60, 60, 60, "", cells.data(), {}};
  for (int pixelsize : {100000, 1 << 30, INT_MAX}) {
    EXPECT_TRUE(contains(expect_error([&] { render(flat, colors, {pixelsize}); }).what(), "limit 2^28 pixels"));
    EXPECT_TRUE(contains(expect_error([&] { encode_png(flat, colors, pixelsize); }).what(), "limit 2^28 pixels"));
    EXPECT_TRUE(contains(expect_error([&] { render(deep, colors, {pixelsize}); }).what(), "limit 2^28 pixels"));
  }
}

}  // namespace
}  // namespace mj::io
