// Fuzzes MagicaVoxel decoding: any bytes give a consistent model or mj::Error.
#include <cstdint>
#include <cstdlib>

#include "fuzz_util.hpp"
#include "io/vox.hpp"
#include "mj/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    mj::io::VoxModel vox = mj::io::load_vox(mjfuzz::input_file(data, size, ".vox"));
    if (vox.voxels.size() != size_t(vox.mx) * size_t(vox.my) * size_t(vox.mz)) std::abort();
  } catch (const mj::Error&) {
  }
  return 0;
}
