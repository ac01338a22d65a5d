#include <gif_lib.h>

#include <memory>

#include "mj/picture.hpp"
#include "test_util.hpp"

namespace mj::io {
using namespace mjtest;
namespace {

struct GifCloser {
  void operator()(GifFileType* gif) const { DGifCloseFile(gif, nullptr); }
};
using GifPtr = std::unique_ptr<GifFileType, GifCloser>;

GifPtr slurp(const std::filesystem::path& file) {
  int error = 0;
  GifPtr gif(DGifOpenFileName(file.c_str(), &error));
  if (!gif) {
    ADD_FAILURE() << "DGifOpenFileName: " << GifErrorString(error);
    return gif;
  }
  EXPECT_EQ(DGifSlurp(gif.get()), GIF_OK) << GifErrorString(gif->Error);
  return gif;
}

// The 0xFFRRGGBB colour of pixel (x, y) of saved frame i.
uint32_t pixel(const GifFileType* gif, int i, int x, int y) {
  const SavedImage& frame = gif->SavedImages[i];
  const ColorMapObject* map = frame.ImageDesc.ColorMap ? frame.ImageDesc.ColorMap : gif->SColorMap;
  const GifColorType c = map->Colors[frame.RasterBits[x + y * frame.ImageDesc.Width]];
  return 0xFF000000u | uint32_t{c.Red} << 16 | uint32_t{c.Green} << 8 | c.Blue;
}

// Frame k: left half colour A[k], right half colour B[k], pixel (0, 7) white.
Image test_frame(int k) {
  static const uint32_t a[] = {0xFFFF004D, 0xFF1D2B53, 0xFF008751}, b[] = {0xFF29ADFF, 0xFFFFEC27, 0xFF7E2553};
  Image frame{8, 8, std::vector<uint32_t>(64)};
  for (int i = 0; i < 64; ++i) frame.argb[i] = i % 8 < 4 ? a[k] : b[k];
  frame.argb[7 * 8] = 0xFFFFFFFF;
  return frame;
}

TEST(IoGif, ThreeFramesDecodeExactly) {
  const auto dir = temp_dir();
  {
    GifWriter writer(dir / "anim.gif", 8, 8, 7);
    for (int k = 0; k < 3; ++k) writer.add_frame(test_frame(k));
    EXPECT_EQ(writer.frames(), 3);
    writer.close();
  }
  GifPtr gif = slurp(dir / "anim.gif");
  ASSERT_TRUE(gif);
  ASSERT_EQ(gif->ImageCount, 3);
  EXPECT_EQ(gif->SWidth, 8);
  EXPECT_EQ(gif->SHeight, 8);
  for (int k = 0; k < 3; ++k) {
    const Image expected = test_frame(k);
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        ASSERT_EQ(pixel(gif.get(), k, x, y), expected.argb[x + y * 8]) << k << ":" << x << "," << y;
    GraphicsControlBlock gcb;
    ASSERT_EQ(DGifSavedExtensionToGCB(gif.get(), k, &gcb), GIF_OK);
    EXPECT_EQ(gcb.DelayTime, 7);
  }
}

// A GIF is written whole or not at all: one given up before close() (an error, a stopped run) leaves
// nothing under its name, and nothing beside it.
TEST(IoGif, AGifNotClosedLeavesNoFile) {
  const auto dir = temp_dir();
  {
    GifWriter writer(dir / "auto.gif", 8, 8);
    writer.add_frame(test_frame(0));
    EXPECT_FALSE(std::filesystem::exists(dir / "auto.gif"));  // not under its name while it is written
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(IoGif, ManyColoursFallBackToNearest) {
  const auto dir = temp_dir();
  // 1024 distinct colours: red = 8 * (i / 32), green = 8 * (i % 32), blue = 0.
  Image frame{32, 32, std::vector<uint32_t>(1024)};
  for (uint32_t i = 0; i < 1024; ++i) frame.argb[i] = 0xFF000000u | (8 * (i / 32)) << 16 | (8 * (i % 32)) << 8;
  frame.argb[1000] = frame.argb[999] = frame.argb[998] = 0xFFFF0000;  // the most frequent colour
  GifWriter writer(dir / "many.gif", 32, 32);
  writer.add_frame(frame);
  writer.close();
  GifPtr gif = slurp(dir / "many.gif");
  ASSERT_TRUE(gif);
  // The table is pure red, then the first 255 colours in order of appearance.
  EXPECT_EQ(pixel(gif.get(), 0, 1000 % 32, 1000 / 32), 0xFFFF0000u);
  for (int i = 0; i < 255; ++i) ASSERT_EQ(pixel(gif.get(), 0, i % 32, i / 32), frame.argb[i]) << i;
  // (248, 248, 0) is not in the table (entries reach i = 254: (56, 240, 0)); that is its nearest entry.
  EXPECT_EQ(pixel(gif.get(), 0, 31, 31), 0xFF38F000u);
}

TEST(IoGif, MisuseIsReported) {
  const auto dir = temp_dir();
  GifWriter writer(dir / "m.gif", 8, 8);
  const Error e = expect_error([&] { writer.add_frame(Image{4, 4, std::vector<uint32_t>(16)}); });
  EXPECT_TRUE(contains(e.what(), "m.gif")) << e.what();
  writer.close();
  writer.close();  // harmless
  expect_error([&] { writer.add_frame(test_frame(0)); });
  write(dir / "plain", "x");  // a file where its folder would be made
  const Error open = expect_error([&] { GifWriter(dir / "plain" / "dir.gif", 8, 8); });
  EXPECT_TRUE(contains(open.what(), "dir.gif")) << open.what();
}

}  // namespace
}  // namespace mj::io
