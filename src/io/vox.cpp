#include "io/vox.hpp"

#include <array>
#include <string>

#include "core/file_bytes.hpp"
#include "io/byte_reader.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"

namespace mj::io {
namespace {

struct Dims {
  int mx = 0, my = 0, mz = 0;
};

bool side_ok(int n) { return n >= 1 && n <= kMaxVoxSide; }

std::string dims_text(int mx, int my, int mz) {
  return std::to_string(mx) + "x" + std::to_string(my) + "x" + std::to_string(mz);
}

Dims read_size_chunk(ByteReader& content) {
  Dims d{content.i32(), content.i32(), content.i32()};
  if (!side_ok(d.mx) || !side_ok(d.my) || !side_ok(d.mz))
    content.fail("model size " + dims_text(d.mx, d.my, d.mz) + " out of range (each side 1..256)");
  return d;
}

VoxModel read_xyzi_chunk(ByteReader& content, const Dims& d) {
  const uint32_t count = content.u32();
  if (count > content.remaining() / 4) content.fail("XYZI chunk is shorter than its voxel count");
  VoxModel model{d.mx, d.my, d.mz, std::vector<int>(static_cast<size_t>(d.mx) * d.my * d.mz, -1)};
  for (uint32_t i = 0; i < count; ++i) {
    const int x = content.u8(), y = content.u8(), z = content.u8(), color = content.u8();
    if (x >= d.mx || y >= d.my || z >= d.mz)
      content.fail("voxel " + std::to_string(i) + " at (" + std::to_string(x) + ", " + std::to_string(y) + ", " +
                   std::to_string(z) + ") lies outside the " + dims_text(d.mx, d.my, d.mz) + " model");
    model.voxels[x + y * d.mx + z * d.mx * d.my] = color;
  }
  return model;
}

// Builds the reference's byte stream: 32-bit little-endian integers, 4-char tags.
struct ByteWriter {
  std::vector<uint8_t> bytes;
  void tag(const char (&t)[5]) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(t[i]));
  }
  void u8(uint8_t v) { bytes.push_back(v); }
  void i32(int32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(static_cast<uint32_t>(v) >> (8 * i)));
  }
  void chunk(const char (&t)[5], int32_t content_size, int32_t children_size) {
    tag(t), i32(content_size), i32(children_size);
  }
};

// Non-empty cells in z, y, x order; colour index v + 1 wraps in a byte as in the reference.
std::vector<std::array<uint8_t, 4>> collect_voxels(const uint8_t* state, int mx, int my, int mz) {
  std::vector<std::array<uint8_t, 4>> voxels;
  for (int z = 0; z < mz; ++z)
    for (int y = 0; y < my; ++y)
      for (int x = 0; x < mx; ++x)
        if (uint8_t v = state[x + y * mx + z * mx * my]; v != 0)
          voxels.push_back({uint8_t(x), uint8_t(y), uint8_t(z), static_cast<uint8_t>(v + 1)});
  return voxels;
}

// The palette as the reference writes it: given colours with alpha byte 0, grey
// filler (254 - i) with alpha 255 up to entry 254, then four zero bytes.
void write_rgba_chunk(ByteWriter& out, const std::vector<uint32_t>& colors) {
  out.chunk("RGBA", 1024, 0);
  for (uint32_t c : colors) out.u8(c >> 16 & 0xFF), out.u8(c >> 8 & 0xFF), out.u8(c & 0xFF), out.u8(0);
  for (size_t i = colors.size(); i < 255; ++i) {
    const auto grey = static_cast<uint8_t>(0xFF - i - 1);
    out.u8(grey), out.u8(grey), out.u8(grey), out.u8(0xFF);
  }
  out.i32(0);
}

}  // namespace

VoxModel load_vox(const std::filesystem::path& file) {
  const std::string bytes = read_file(file);
  const std::string name = file.string();
  ByteReader in(bytes, name);
  if (bytes.size() < 8 || in.tag() != "VOX ") in.fail("not a MagicaVoxel file (no \"VOX \" header)");
  in.u32();  // format version: any is accepted
  Dims dims;
  VoxModel model;
  // Chunks nest (MAIN holds the rest), but children directly follow their
  // parent's content, so one flat walk visits every chunk in file order.
  while (!in.at_end()) {
    const std::string id(in.tag());
    const uint32_t content_size = in.u32();
    in.u32();  // children size: the children are visited by the flat walk
    ByteReader content = in.take(content_size, "chunk " + id);
    if (id == "SIZE") dims = read_size_chunk(content);
    if (id == "XYZI" && dims.mx == 0) in.fail("XYZI chunk before any SIZE chunk");
    if (id == "XYZI") model = read_xyzi_chunk(content, dims);
  }
  if (model.voxels.empty()) in.fail("no XYZI chunk");
  return model;
}

}  // namespace mj::io

namespace mj {

using namespace io;  // this file's helpers

std::vector<uint8_t> encode_vox(const GridView& grid, const std::vector<uint32_t>& colors) {
  const int mx = grid.mx, my = grid.my, mz = grid.mz;
  if (!side_ok(mx) || !side_ok(my) || !side_ok(mz))
    throw Error("", 0, "cannot save a " + dims_text(mx, my, mz) + " model as VOX (each side 1..256)");
  if (colors.size() > 255)
    throw Error("", 0, "cannot save " + std::to_string(colors.size()) + " colours as VOX (at most 255)");
  const auto voxels = collect_voxels(grid.cells, mx, my, mz);
  const auto n = static_cast<int32_t>(voxels.size());
  ByteWriter out;
  out.bytes.reserve(8 + 12 + 1092 + 4 * voxels.size());
  out.tag("VOX "), out.i32(150);
  out.chunk("MAIN", 0, 1092 + 4 * n);  // 1092 = PACK + SIZE + XYZI headers + RGBA
  out.chunk("PACK", 4, 0), out.i32(1);
  out.chunk("SIZE", 12, 0), out.i32(mx), out.i32(my), out.i32(mz);
  out.chunk("XYZI", 4 + 4 * n, 0), out.i32(n);
  for (const auto& v : voxels)
    for (uint8_t b : v) out.u8(b);
  write_rgba_chunk(out, colors);
  return std::move(out.bytes);
}

void save_vox(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors) {
  save_encoded(file, [&] { return encode_vox(grid, colors); });
}

}  // namespace mj
