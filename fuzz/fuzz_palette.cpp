// Fuzzes palette.xml reading: any bytes give a palette or mj::Error.
#include <cstdint>

#include "fuzz_util.hpp"
#include "io/palette.hpp"
#include "mj/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    mj::load_palette(mjfuzz::input_file(data, size, ".xml"));
  } catch (const mj::Error&) {
  }
  return 0;
}
