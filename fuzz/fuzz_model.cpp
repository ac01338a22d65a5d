// Fuzzes model loading and a bounded run: any XML must load and run or throw mj::Error.
#include <cstdint>
#include <string>

#include "fuzz_util.hpp"
#include "run/interpreter.hpp"

namespace {

// Loads and runs the model on one grid; mj::Error is the only acceptable failure.
void load_and_run(const std::string& xml, int mx, int my, int mz) {
  try {
    mj::Interpreter ip = mj::Interpreter::from_string(xml, {mx, my, mz, mjfuzz::resources()}, "fuzz.xml");
    ip.run(1, 200);
  } catch (const mj::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 16) return -1;  // large inputs only slow the search down
  std::string xml(reinterpret_cast<const char*>(data), size);
  // Search without a limit is exhaustive by design (bounded by memory, not time): tiny grids keep it quick.
  bool search = xml.find("search") != std::string::npos;
  load_and_run(xml, search ? 3 : 8, search ? 2 : 6, 1);
  load_and_run(xml, search ? 2 : 3, search ? 2 : 3, 2);
  return 0;
}
