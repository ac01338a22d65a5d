// mj::io: reading MagicaVoxel .vox files (vox_read.cpp); writing them is public (mj/picture.hpp: encode_vox
// and save_vox, in vox_write.cpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace mj::io {

// MagicaVoxel's own limit on each side of a model.
constexpr int kMaxVoxSide = 256;
inline bool vox_side_ok(int side) { return side >= 1 && side <= kMaxVoxSide; }

// voxels[x + y*mx + z*mx*my] is the colour index byte stored in the file
// (1..255 in well-formed files), or -1 where the model is empty.
struct VoxModel {
  int mx = 0, my = 0, mz = 0;
  std::vector<int> voxels;
};

// Reads the model described by the last SIZE/XYZI pair (the reference keeps the
// last one too). Every chunk length and voxel coordinate is checked; sides must
// be 1..256. Throws mj::Error(file, 0, ...) on any defect.
VoxModel load_vox(const std::filesystem::path& file);

}  // namespace mj::io
