// A palette PNG whose pixel indexes past its palette is refused, naming the file, the pixel, its index and the
// palette's size, on every path that reads a PNG (they all go through load_png): a PNG alone, a convchain sample,
// an overlap wfc's sample, a rule file, pins, a goal, a run's start picture and a grid mj explore reads. libpng
// itself would read such a pixel as black and go on.
#include <zlib.h>

#include "mj/explore.hpp"
#include "mj/model.hpp"
#include "mj/picture.hpp"
#include "run/interpreter.hpp"
#include "test_util.hpp"

namespace mj {
using namespace mjtest;
namespace {

void put_u32(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += char(v >> shift & 0xFF);
}

void put_chunk(std::string& out, const char* type, const std::string& data) {
  put_u32(out, uint32_t(data.size()));
  const std::string typed = type + data;
  out += typed;
  put_u32(out, uint32_t(crc32(0, reinterpret_cast<const Bytef*>(typed.data()), uInt(typed.size()))));
}

// A w x h PNG of palette indices at `depth` bits (rows of `indices`, packed), with a palette of `colors` grey entries,
// made here byte by byte: libpng's writer would refuse an index past the palette.
std::string palette_png(int w, int h, const std::vector<uint8_t>& indices, int colors, int depth = 8) {
  std::string out("\x89PNG\r\n\x1a\n", 8);
  std::string header;
  put_u32(header, uint32_t(w));
  put_u32(header, uint32_t(h));
  header += {char(depth), 3, 0, 0, 0};
  put_chunk(out, "IHDR", header);
  std::string palette;
  for (int i = 0; i < colors; i++) palette += {char(i * 40), char(i * 40), char(i * 40)};
  put_chunk(out, "PLTE", palette);
  std::string raw;
  for (int y = 0; y < h; y++) {
    raw += '\0';  // no filter
    std::string row((size_t(w) * size_t(depth) + 7) / 8, '\0');
    for (int x = 0; x < w; x++) {
      const int bit = x * depth;
      row[size_t(bit / 8)] = char(row[size_t(bit / 8)] | indices[size_t(x + y * w)] << (8 - depth - bit % 8));
    }
    raw += row;
  }
  uLongf size = compressBound(uLong(raw.size()));
  std::string compressed(size, '\0');
  compress(reinterpret_cast<Bytef*>(compressed.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
           uLong(raw.size()));
  compressed.resize(size);
  put_chunk(out, "IDAT", compressed);
  put_chunk(out, "IEND", "");
  return out;
}

// 3 x 2 pixels over a palette of 2 colours, whose pixel (1, 1) is index 5.
std::string past_palette() { return palette_png(3, 2, {0, 1, 0, 1, 5, 0}, 2); }
const char* const kPixel = "pixel (1, 1) is palette index 5, past the palette's 2 colours";

TEST(PngPaletteIndex, ReadingAlone) {
  const auto dir = temp_dir();
  write(dir / "within.png", palette_png(3, 2, {0, 1, 0, 1, 1, 0}, 2));
  EXPECT_EQ(load_png(dir / "within.png").argb[4], 0xFF282828u);
  const Error e = expect_error([&] { load_png(write(dir / "past.png", past_palette())); });
  EXPECT_EQ(e.file(), (dir / "past.png").string());
  EXPECT_EQ(e.message(), kPixel);
  // 2-bit indices unpacked: index 3 of a 3-colour palette at (2, 0).
  write(dir / "packed.png", palette_png(5, 1, {0, 1, 3, 2, 0}, 3, 2));
  EXPECT_EQ(expect_error([&] { load_png(dir / "packed.png"); }).message(),
            "pixel (2, 0) is palette index 3, past the palette's 3 colours");
}

// A PNG that ends after its pixels, without its IEND chunk, is truncated: what follows the pixels is read too.
TEST(PngPaletteIndex, EndOfFileIsRead) {
  const auto dir = temp_dir();
  const std::string bytes = palette_png(3, 2, {0, 1, 0, 1, 1, 0}, 2);
  write(dir / "cut.png", bytes.substr(0, bytes.size() - 12));
  EXPECT_EQ(expect_error([&] { load_png(dir / "cut.png"); }).message(), "PNG file is truncated");
}

// The model's load fails at the line naming the PNG, with the PNG's own message.
void expect_load_error(const std::string& xml, const std::filesystem::path& resources, int line) {
  const Error e = expect_error([&] { Interpreter::from_string(xml, {3, 2, 1, resources}, "M.xml"); });
  EXPECT_EQ(e.file(), "M.xml") << e.what();
  EXPECT_EQ(e.line(), line) << e.what();
  EXPECT_TRUE(contains(e.message(), kPixel)) << e.what();
  EXPECT_TRUE(contains(e.message(), "S.png")) << e.what();
}

TEST(PngPaletteIndex, ConvchainSample) {
  const auto resources = temp_dir();
  write(resources / "samples" / "S.png", past_palette());
  expect_load_error(
      "<sequence values=\"BDA\">\n<convchain sample=\"S\" on=\"B\" black=\"D\" white=\"A\"/>\n</sequence>", resources,
      2);
}

TEST(PngPaletteIndex, OverlapSample) {
  const auto resources = temp_dir();
  write(resources / "samples" / "S.png", past_palette());
  expect_load_error("<sequence values=\"B\">\n\n<wfc sample=\"S\" values=\"BW\" n=\"2\"/>\n</sequence>", resources, 3);
}

TEST(PngPaletteIndex, RuleFile) {
  const auto resources = temp_dir();
  write(resources / "rules" / "S.png", past_palette());
  expect_load_error("<one values=\"BW\" file=\"S\" legend=\"BW\"/>", resources, 1);
}

// Pins, a goal and a start picture are files of their own, named on the command line or by an entry: the error
// is the file's.
TEST(PngPaletteIndex, PinsGoalAndStart) {
  const auto dir = temp_dir();
  const auto file = write(dir / "S.png", past_palette());
  for (bool goal : {false, true}) {
    RunRequest request;
    request.model = "M.xml";
    request.xml = R"(<one values="BW" in="B" out="W"/>)";
    request.size = 3;
    request.width = 2;
    (goal ? request.goal : request.pins) = file;
    const Error e = expect_error([&] { Model{request}; });
    EXPECT_EQ(e.file(), file.string()) << e.what();
    EXPECT_EQ(e.message(), kPixel) << e.what();
  }
  Interpreter ip = Interpreter::from_string(R"(<one values="BW" in="B" out="W"/>)", {3, 2, 1, dir}, "M.xml");
  EXPECT_EQ(expect_error([&] {
              ip.set_initial_picture(file, {{'B', 0xFF000000}, {'W', 0xFF282828}});
            }).message(),
            kPixel);
}

TEST(PngPaletteIndex, ExploredGrid) {
  const auto dir = temp_dir();
  const auto file = write(dir / "S.png", past_palette());
  EXPECT_EQ(expect_error([&] { grid_file_size(file); }).message(), kPixel);
}

}  // namespace
}  // namespace mj
