// mj::io: MagicaVoxel .vox files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

namespace mj::io {

// MagicaVoxel's own limit on each side of a model.
constexpr int kMaxVoxSide = 256;

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

// Writes the same bytes as the reference's SaveVox: cell value v != 0 becomes
// a voxel of colour index (uint8_t)(v + 1); the RGBA chunk holds `colors`
// (alpha byte 0, as the reference writes it) then the reference's grey filler.
// Sides must be 1..256 and colors.size() <= 255, else mj::Error.
void save_vox(const std::filesystem::path& file, const uint8_t* state, int mx, int my, int mz,
              const std::vector<uint32_t>& colors);

}  // namespace mj::io
