#include <stdexcept>

#include "io/render/palette.hpp"
#include "test_util.hpp"

namespace mj::io {
using namespace mjtest;
namespace {

TEST(IoPalette, LoadsCorpusPalette) {
  const auto file = corpus_dir() / "resources" / "palette.xml";
  ASSERT_TRUE(std::filesystem::exists(file)) << file << " missing; set MJ_CORPUS";
  const Palette palette = load_palette(file);
  EXPECT_EQ(palette.at('B'), 0xFF000000u);
  EXPECT_EQ(palette.at('I'), 0xFF1D2B53u);
  EXPECT_EQ(palette.at('i'), 0xFF111D35u);  // lower-case hex digits in the file
  EXPECT_GE(palette.size(), 32u);
}

TEST(IoPalette, ParseColor) {
  EXPECT_EQ(parse_color("1D2B53"), 0xFF1D2B53u);
  EXPECT_EQ(parse_color("ffa300"), 0xFFFFA300u);
  for (const char* bad : {"", "12345", "1234567", "GG0000", "0x1234", " 12345", "-12345", "+12345"})
    EXPECT_THROW(parse_color(bad), std::invalid_argument) << '"' << bad << '"';
}

// Writes `xml` to a scratch file and returns the mj::Error loading it gives.
Error palette_error(const std::filesystem::path& dir, const std::string& xml) {
  write(dir / "p.xml", xml);
  return expect_error([&] { load_palette(dir / "p.xml"); });
}

TEST(IoPalette, MalformedXmlReportsLine) {
  const auto dir = temp_dir();
  const Error e = palette_error(dir,
                                "<colors>\n  <color symbol=\"B\" value=\"000000\"/>\n  <color symbol=\"C\" "
                                "value=\"111111\"></colr>\n</colors>\n");
  EXPECT_EQ(e.line(), 3) << e.what();
  EXPECT_TRUE(contains(e.what(), "p.xml:3:")) << e.what();
}

TEST(IoPalette, BadEntriesReportTheirLine) {
  const auto dir = temp_dir();
  const std::string head = "\xEF\xBB\xBF<colors>\n  <color symbol=\"B\" value=\"000000\"/>\n";
  EXPECT_EQ(palette_error(dir, head + "  <color symbol=\"C\" value=\"12G456\"/>\n</colors>").line(), 3);
  EXPECT_EQ(palette_error(dir, head + "\n<color value=\"123456\"/>\n</colors>").line(), 4);
  EXPECT_EQ(palette_error(dir, head + "<color symbol=\"C\"/>\n</colors>").line(), 3);
  EXPECT_EQ(palette_error(dir, head + "<color symbol=\"CD\" value=\"123456\"/>\n</colors>").line(), 3);
  EXPECT_EQ(palette_error(dir, head + "<color symbol=\"B\" value=\"123456\"/>\n</colors>").line(), 3);
}

TEST(IoPalette, MissingFileNamesTheFile) {
  const auto dir = temp_dir();
  const Error e = expect_error([&] { load_palette(dir / "gone.xml"); });
  EXPECT_TRUE(contains(e.what(), "gone.xml")) << e.what();
}

}  // namespace
}  // namespace mj::io
