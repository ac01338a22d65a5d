#include <map>
#include <set>
#include <string>

#include "io/render/render.hpp"
#include "test_util.hpp"

namespace mj::io {
using namespace mjtest;
namespace {

const std::vector<uint32_t> kColors = {0xFF000000, 0xFFFF004D, 0xFF29ADFF, 0xFF00E436};

// Compares a picture with rows of legend characters.
void expect_picture(const Image& image, const std::map<char, uint32_t>& legend, const std::vector<std::string>& rows) {
  ASSERT_EQ(image.height, static_cast<int>(rows.size()));
  for (int y = 0; y < image.height; ++y) {
    ASSERT_EQ(image.width, static_cast<int>(rows[y].size()));
    for (int x = 0; x < image.width; ++x)
      ASSERT_EQ(image.argb[x + y * image.width], legend.at(rows[y][x])) << "pixel " << x << "," << y;
  }
}

uint64_t fnv1a(const std::vector<uint32_t>& pixels) {
  uint64_t h = 0xcbf29ce484222325u;
  for (uint32_t p : pixels)
    for (int k = 0; k < 4; ++k) h = (h ^ (p >> (8 * k) & 0xFF)) * 0x100000001b3u;
  return h;
}

TEST(IoRender, FlatGridWithMargin) {
  const uint8_t state[] = {1, 2, 0, 3};
  const Image image = render_2d(state, 2, 2, kColors, 2, 3);
  const std::map<char, uint32_t> legend = {
      {'.', kBackground}, {'B', kColors[0]}, {'R', kColors[1]}, {'U', kColors[2]}, {'G', kColors[3]}};
  expect_picture(image, legend, {"...RRUU", "...RRUU", "...BBGG", "...BBGG"});
}

TEST(IoRender, RenderPicksByDepth) {
  const uint8_t state[8] = {1, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(render_cells(state, 2, 2, 1, kColors, 3).width, 6);
  EXPECT_EQ(render_cells(state, 2, 2, 2, kColors, 3).width, 18);
}

TEST(IoRender, IsometricSizeAndContent) {
  uint8_t state[27] = {};
  state[1 + 1 * 3 + 1 * 9] = 1;
  const int bs = 4;
  const Image image = render_isometric(state, 3, 3, 3, kColors, bs);
  EXPECT_EQ(image.width, (3 + 3) * bs + 2 * bs);
  EXPECT_EQ(image.height, ((3 + 3) / 2 + 3) * bs + 2 * bs);
  std::set<uint32_t> seen(image.argb.begin(), image.argb.end());
  // Background, the three shaded faces of 0xFF004D, and black outlines.
  EXPECT_EQ(seen, (std::set<uint32_t>{kBackground, 0xFFD60040, 0xFF8E002B, 0xFF460015, 0xFF000000}));
}

TEST(IoRender, EmptyIsometricGridIsAllBackground) {
  const uint8_t state[27] = {};
  const Image image = render_isometric(state, 3, 3, 3, kColors, 4, 2);
  EXPECT_EQ(image.width, 2 + 32);
  for (uint32_t p : image.argb) ASSERT_EQ(p, kBackground);
}

// Expected pictures below come from the reference algorithm (IsometricRender).
TEST(IoRender, IsometricMatchesReferencePixels) {
  const uint8_t state[] = {1, 0, 2, 1, 0, 0, 2, 0};
  const std::map<char, uint32_t> legend = {{'.', 0xFF222222}, {'a', 0xFF000000}, {'b', 0xFF2291D6}, {'c', 0xFF16608E},
                                           {'d', 0xFF0B2F46}, {'e', 0xFFD60040}, {'f', 0xFF460015}, {'g', 0xFF8E002B}};
  expect_picture(
      render_isometric(state, 2, 2, 2, kColors, 3), legend,
      {"..................", "..................", "..................", "..................", "....aaaa..........",
       "...abbbba.........", "...acbbdaaa.......", "...acbbdaeea......", "...acbaadffa......", "...accbaaaaa......",
       "...accaeeeea......", "....aaggeefa......", "......ageefa......", ".......aaaa.......", "..................",
       "..................", "..................", ".................."});
}

TEST(IoRender, IsometricSpillsIntoMarginLikeReference) {
  const uint8_t state[] = {1, 2, 1, 2};
  const std::map<char, uint32_t> legend = {{'.', 0xFF222222}, {'a', 0xFF000000}, {'b', 0xFF2291D6},
                                           {'c', 0xFF460015}, {'d', 0xFFD60040}, {'e', 0xFF0B2F46}};
  expect_picture(
      render_isometric(state, 1, 4, 1, kColors, 2, 3), legend,
      {".................", ".................", "........aaaa.....", "......aabbca.....", "....aaddeeaa.....",
       "..aabbccaa.......", "..abbeaa.........", "..aaaa...........", ".................", "................."});
}

TEST(IoRender, IsometricLargerSceneMatchesReferenceHash) {
  std::vector<uint8_t> state(4 * 3 * 5);
  for (size_t i = 0; i < state.size(); ++i) state[i] = static_cast<uint8_t>((i * 7 + i / 5) % 4);
  const Image image = render_isometric(state.data(), 4, 3, 5, kColors, 5);
  EXPECT_EQ(image.width, 45);
  EXPECT_EQ(image.height, 50);
  EXPECT_EQ(fnv1a(image.argb), 0xaa78c1d876036a5au);
}

TEST(IoRender, BadArgumentsThrow) {
  const uint8_t state[] = {4};
  expect_error([&] { render_2d(state, 1, 1, kColors, 1); });  // value 4 has no colour
  expect_error([&] { render_isometric(state, 1, 1, 1, kColors, 1); });
  expect_error([&] { render_2d(state, 1, 1, kColors, 0); });
  expect_error([&] { render_2d(state, 1, 1, kColors, 1 << 20); });  // 2^40 pixels
}

}  // namespace
}  // namespace mj::io
