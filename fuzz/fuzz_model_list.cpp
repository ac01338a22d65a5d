// Fuzzes models.xml reading: any text gives entries with usable sizes or mj::Error.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "mj/error.hpp"
#include "mj/model_list.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    auto entries = mj::parse_model_list(std::string(reinterpret_cast<const char*>(data), size), "models.xml");
    for (const auto& e : entries)
      if (e.mx <= 0 || e.my <= 0 || e.mz <= 0 || e.pixelsize <= 0) std::abort();
  } catch (const mj::Error&) {
  }
  return 0;
}
