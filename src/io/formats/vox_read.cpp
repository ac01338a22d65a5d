// Reading MagicaVoxel files: rule pictures and tiles (3D), a run's start (picture_cells).
#include <string>

#include "core/file_bytes.hpp"
#include "core/point.hpp"
#include "io/formats/byte_reader.hpp"
#include "io/formats/vox.hpp"
#include "mj/error.hpp"

namespace mj::io {
namespace {

struct Dims {
  int mx = 0, my = 0, mz = 0;
};

Dims read_size_chunk(ByteReader& content) {
  Dims d{content.i32(), content.i32(), content.i32()};
  if (!vox_side_ok(d.mx) || !vox_side_ok(d.my) || !vox_side_ok(d.mz))
    content.fail("model size " + size_text(d.mx, d.my, d.mz) + " out of range (each side 1..256)");
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
                   std::to_string(z) + ") lies outside the " + size_text(d.mx, d.my, d.mz) + " model");
    model.voxels[x + y * d.mx + z * d.mx * d.my] = color;
  }
  return model;
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
