// Fuzzes PNG decoding: any bytes give an image within the size limits or mj::Error.
#include <cstdint>
#include <cstdlib>

#include "fuzz_util.hpp"
#include "io/png.hpp"
#include "mj/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    mj::Image image = mj::load_png(mjfuzz::input_file(data, size, ".png"));
    if (image.width <= 0 || image.height <= 0 || image.argb.size() != size_t(image.width) * size_t(image.height))
      std::abort();
  } catch (const mj::Error&) {
  }
  return 0;
}
