// Fuzzes MagicaVoxel reading: any bytes give a consistent model or mj::Error. A model read as a run's
// start (picture_cells) gives cells or a clear error, and cells written as VOX read back unchanged.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_util.hpp"
#include "io/formats/picture_cells.hpp"
#include "io/formats/vox.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"

namespace {

// A legend of `values` symbols: colour indices above it are refused.
mj::GridView shape_of(const mj::io::VoxModel& vox, int values) {
  std::string legend;
  for (int v = 0; v < values; v++) legend += char('!' + v % 90);
  return {vox.mx, vox.my, vox.mz, legend, nullptr, {}};
}

void check_round_trip(const std::filesystem::path& file, mj::GridView shape) {
  std::vector<uint8_t> cells;
  try {
    cells = mj::io::cells_of_picture(file, shape, {});
  } catch (const mj::Error&) {
    return;
  }
  shape.cells = cells.data();
  const std::vector<uint8_t> bytes = mj::encode_vox(shape, std::vector<uint32_t>(shape.legend.size(), 0xFF808080));
  const auto again = mj::io::cells_of_picture(mjfuzz::input_file(bytes.data(), bytes.size(), "-again.vox"), shape, {});
  if (again != cells) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const std::filesystem::path file = mjfuzz::input_file(data, size, ".vox");
    mj::io::VoxModel vox = mj::io::load_vox(file);
    if (vox.voxels.size() != size_t(vox.mx) * size_t(vox.my) * size_t(vox.mz)) std::abort();
    check_round_trip(file, shape_of(vox, 1 + data[size - 1] % 255));
  } catch (const mj::Error&) {
  }
  return 0;
}
