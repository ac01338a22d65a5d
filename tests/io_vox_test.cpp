#include <cstring>

#include "io/formats/vox.hpp"
#include "mj/picture.hpp"
#include "test_util.hpp"

namespace mj::io {
using namespace mjtest;
namespace {

uint32_t u32_at(const std::string& bytes, size_t pos) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<uint8_t>(bytes.at(pos + i));
  return v;
}

// A 3x2x2 grid holding values 0..3 and the file save_vox makes of it.
struct Fixture {
  static constexpr int mx = 3, my = 2, mz = 2;
  const uint8_t state[12] = {0, 1, 2, 3, 0, 1,  //
                             2, 0, 0, 0, 3, 1};
  const std::vector<uint32_t> colors = {0xFF000000, 0xFF1D2B53, 0xFFFF004D, 0xFF29ADFF};
  static constexpr int filled = 7;
};

TEST(IoVox, RoundTripKeepsSizeAndVoxels) {
  const auto dir = temp_dir();
  Fixture f;
  save_vox(dir / "m.vox", mj::GridView{f.mx, f.my, f.mz, "", f.state, {}}, f.colors);
  const VoxModel m = load_vox(dir / "m.vox");
  ASSERT_EQ(m.mx, 3);
  ASSERT_EQ(m.my, 2);
  ASSERT_EQ(m.mz, 2);
  ASSERT_EQ(m.voxels.size(), 12u);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(m.voxels[i], f.state[i] ? f.state[i] + 1 : -1) << "cell " << i;
}

TEST(IoVox, FileLayoutMatchesTheReference) {
  const auto dir = temp_dir();
  Fixture f;
  save_vox(dir / "m.vox", mj::GridView{f.mx, f.my, f.mz, "", f.state, {}}, f.colors);
  const std::string b = read_bytes(dir / "m.vox");
  ASSERT_EQ(b.size(), 8u + 12 + 1092 + 4 * Fixture::filled);
  EXPECT_EQ(b.substr(0, 4), "VOX ");
  EXPECT_EQ(u32_at(b, 4), 150u);
  EXPECT_EQ(b.substr(8, 4), "MAIN");
  EXPECT_EQ(u32_at(b, 16), 1092u + 4 * Fixture::filled);
  EXPECT_EQ(b.substr(20, 4), "PACK");
  EXPECT_EQ(b.substr(36, 4), "SIZE");
  EXPECT_EQ(u32_at(b, 48), 3u);
  EXPECT_EQ(b.substr(60, 4), "XYZI");
  EXPECT_EQ(u32_at(b, 72), static_cast<uint32_t>(Fixture::filled));
  // First voxel in z, y, x order is (1, 0, 0) with value 1 -> colour index 2.
  EXPECT_EQ(b.substr(76, 4), std::string("\x01\x00\x00\x02", 4));
}

TEST(IoVox, RgbaChunkHoldsPaletteThenFiller) {
  const auto dir = temp_dir();
  Fixture f;
  save_vox(dir / "m.vox", mj::GridView{f.mx, f.my, f.mz, "", f.state, {}}, f.colors);
  const std::string b = read_bytes(dir / "m.vox");
  const size_t at = b.find("RGBA");
  ASSERT_NE(at, std::string::npos);
  ASSERT_EQ(u32_at(b, at + 4), 1024u);
  ASSERT_EQ(b.size(), at + 12 + 1024);
  const std::string rgba = b.substr(at + 12);
  EXPECT_EQ(rgba.substr(0, 16), std::string("\x00\x00\x00\x00\x1D\x2B\x53\x00\xFF\x00\x4D\x00\x29\xAD\xFF\x00", 16));
  EXPECT_EQ(rgba.substr(16, 4), "\xFA\xFA\xFA\xFF");  // reference filler: entry i (here 4) is 254 - i, opaque
  EXPECT_EQ(rgba.substr(1016, 4), std::string("\x00\x00\x00\xFF", 4));  // entry 254
  EXPECT_EQ(rgba.substr(1020, 4), std::string(4, '\0'));
}

TEST(IoVox, LoadsCorpusModel) {
  const auto file = corpus_dir() / "resources" / "rules" / "BasicDijkstraRoom.vox";
  ASSERT_TRUE(std::filesystem::exists(file)) << file << " missing; set MJ_CORPUS";
  const VoxModel m = load_vox(file);
  EXPECT_EQ(m.mx, 12);
  EXPECT_EQ(m.my, 6);
  EXPECT_EQ(m.mz, 5);
  ASSERT_EQ(m.voxels.size(), 360u);
  for (int v : m.voxels) EXPECT_TRUE(v >= 1 && v <= 255) << v;  // this model is solid
}

TEST(IoVox, LoadsEveryCorpusVox) {
  const auto root = corpus_dir() / "resources";
  ASSERT_TRUE(std::filesystem::is_directory(root)) << root << " missing; set MJ_CORPUS";
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".vox") continue;
    const VoxModel m = load_vox(entry.path());
    EXPECT_TRUE(m.mx >= 1 && m.mx <= 256 && m.my >= 1 && m.my <= 256 && m.mz >= 1 && m.mz <= 256) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 100);
}

TEST(IoVox, TruncatedFileIsRejected) {
  const auto dir = temp_dir();
  Fixture f;
  save_vox(dir / "m.vox", mj::GridView{f.mx, f.my, f.mz, "", f.state, {}}, f.colors);
  const std::string b = read_bytes(dir / "m.vox");
  for (size_t keep : {size_t{3}, size_t{30}, size_t{78}, b.size() - 10}) {
    write(dir / "cut.vox", b.substr(0, keep));
    const Error e = expect_error([&] { load_vox(dir / "cut.vox"); });
    EXPECT_TRUE(contains(e.what(), "cut.vox")) << e.what();
  }
}

TEST(IoVox, VoxelOutsideModelIsRejected) {
  const auto dir = temp_dir();
  Fixture f;
  save_vox(dir / "m.vox", mj::GridView{f.mx, f.my, f.mz, "", f.state, {}}, f.colors);
  std::string b = read_bytes(dir / "m.vox");
  b[76] = '\x03';  // x = 3 in a model 3 wide
  write(dir / "oob.vox", b);
  const Error e = expect_error([&] { load_vox(dir / "oob.vox"); });
  EXPECT_TRUE(contains(e.what(), "outside")) << e.what();
}

TEST(IoVox, AbsurdSizeIsRejected) {
  const auto dir = temp_dir();
  Fixture f;
  save_vox(dir / "m.vox", mj::GridView{f.mx, f.my, f.mz, "", f.state, {}}, f.colors);
  std::string b = read_bytes(dir / "m.vox");
  b[50] = '\x10';  // SIZE x becomes 0x100003
  write(dir / "huge.vox", b);
  const Error e = expect_error([&] { load_vox(dir / "huge.vox"); });
  EXPECT_TRUE(contains(e.what(), "huge.vox")) << e.what();
}

TEST(IoVox, MissingFileNamesTheFile) {
  const auto dir = temp_dir();
  const Error e = expect_error([&] { load_vox(dir / "absent.vox"); });
  EXPECT_TRUE(contains(e.what(), "absent.vox")) << e.what();
}

TEST(IoVox, SaveRejectsWhatVoxCannotHold) {
  const auto dir = temp_dir();
  const std::vector<uint8_t> cells(257, 0);
  expect_error([&] { save_vox(dir / "wide.vox", mj::GridView{257, 1, 1, "", cells.data(), {}}, {0xFF000000}); });
  expect_error([&] { save_vox(dir / "flat.vox", mj::GridView{0, 1, 1, "", cells.data(), {}}, {0xFF000000}); });
  expect_error([&] {
    save_vox(dir / "many.vox", mj::GridView{1, 1, 1, "", cells.data(), {}}, std::vector<uint32_t>(256));
  });
}

TEST(IoVox, FullSideOf256RoundTrips) {
  const auto dir = temp_dir();
  std::vector<uint8_t> cells(256 * 2, 0);
  cells[255] = 1, cells[256 + 7] = 2;
  save_vox(dir / "long.vox", mj::GridView{256, 2, 1, "", cells.data(), {}}, {0xFF000000, 0xFFFFFFFF, 0xFF00FF00});
  const VoxModel m = load_vox(dir / "long.vox");
  ASSERT_EQ(m.mx, 256);
  EXPECT_EQ(m.voxels[255], 2);
  EXPECT_EQ(m.voxels[256 + 7], 3);
  EXPECT_EQ(m.voxels[0], -1);
}

}  // namespace
}  // namespace mj::io
