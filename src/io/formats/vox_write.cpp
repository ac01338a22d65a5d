// Writing MagicaVoxel files as the reference does: 3D grids' pictures (mj/picture.hpp: encode_vox).
#include <cstring>
#include <string>

#include "core/file_bytes.hpp"
#include "core/point.hpp"
#include "io/formats/vox.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"

namespace mj::io {
namespace {

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

// Cells holding a value other than 0, counted eight at a time without a branch (the library has no
// popcount instruction to count on).
size_t count_nonzero(const uint8_t* cells, size_t n) {
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
  size_t count = 0, i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, cells + i, 8);
    const uint64_t nonzero = ((((w & kLow7) + kLow7) | w) & ~kLow7) >> 7;  // a 1 per byte that is not 0
    count += size_t(nonzero * 0x0101010101010101ull >> 56);                // their sum, in the top byte
  }
  for (; i < n; i++) count += cells[i] != 0;
  return count;
}

// Non-empty cells in z, y, x order, each x, y, z and its colour index v + 1 (wrapping in a byte as
// in the reference), written at `out`, sized for them. Eight empty cells in a row are passed at once:
// most of a sparse 3D grid.
void write_voxels(const uint8_t* state, int mx, int my, int mz, uint8_t* out) {
  for (int z = 0; z < mz; ++z)
    for (int y = 0; y < my; ++y, state += mx)
      for (int x = 0; x < mx;) {
        uint64_t eight = 0;
        if (x + 8 <= mx && (std::memcpy(&eight, state + x, 8), eight == 0)) {
          x += 8;
          continue;
        }
        if (const uint8_t v = state[x]; v != 0)
          out[0] = uint8_t(x), out[1] = uint8_t(y), out[2] = uint8_t(z), out[3] = uint8_t(v + 1), out += 4;
        x++;
      }
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
}  // namespace mj::io

namespace mj {

using namespace io;  // this file's helpers

std::vector<uint8_t> encode_vox(const GridView& grid, const std::vector<uint32_t>& colors) {
  const int mx = grid.mx, my = grid.my, mz = grid.mz;
  if (!vox_side_ok(mx) || !vox_side_ok(my) || !vox_side_ok(mz))
    throw Error("", 0, "cannot save a " + size_text(mx, my, mz) + " model as VOX (each side 1..256)");
  if (colors.size() > 255)
    throw Error("", 0, "cannot save " + std::to_string(colors.size()) + " colours as VOX (at most 255)");
  const size_t cells = size_t(mx) * size_t(my) * size_t(mz);
  const auto n = static_cast<int32_t>(count_nonzero(grid.cells, cells));
  ByteWriter out;
  out.bytes.reserve(8 + 12 + 1092 + 4 * size_t(n));
  out.tag("VOX "), out.i32(150);
  out.chunk("MAIN", 0, 1092 + 4 * n);  // 1092 = PACK + SIZE + XYZI headers + RGBA
  out.chunk("PACK", 4, 0), out.i32(1);
  out.chunk("SIZE", 12, 0), out.i32(mx), out.i32(my), out.i32(mz);
  out.chunk("XYZI", 4 + 4 * n, 0), out.i32(n);
  out.bytes.resize(out.bytes.size() + 4 * size_t(n));
  write_voxels(grid.cells, mx, my, mz, out.bytes.data() + out.bytes.size() - 4 * size_t(n));
  write_rgba_chunk(out, colors);
  return std::move(out.bytes);
}

void save_vox(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors) {
  save_encoded(file, [&] { return encode_vox(grid, colors); });
}

}  // namespace mj
