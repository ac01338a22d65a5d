// Fuzzes models.xml entries as `mj run M.xml` reads the one beside its model: the input is the list, in a folder
// holding M.xml (a model with an inference node) and pins and goal files it may name (p.txt, p.png, p.vox, g.txt, a
// folder d/). The entry's size, steps, seed, colours, pins and goal are taken, and the run runs a few steps, or
// mj::Error says why not.
#include <cstdint>
#include <filesystem>
#include <string>

#include "fuzz_util.hpp"
#include "mj/error.hpp"
#include "mj/model.hpp"

namespace fs = std::filesystem;

namespace {

// The folder, made once: the model and the files an entry may name.
fs::path folder() {
  static const fs::path dir = [] {
    const fs::path d = mjfuzz::scratch_dir("mj-fuzz-entry");
    const std::string model =
        "<sequence values=\"BRW\"><one in=\"B\" out=\"R\" steps=\"1\"/>"
        "<one in=\"RB\" out=\"WR\"><observe value=\"B\" to=\"BW\"/></one></sequence>";
    mjfuzz::write_input(d / "M.xml", model.data(), model.size());
    const std::string pins = "M 4 4 1 1 0\nBRW\n****\n*R**\n****\n**W*\n";
    mjfuzz::write_input(d / "p.txt", pins.data(), pins.size());
    const std::string goal = "M 4 4 1 1 0\nBRW\nW***\n****\n****\n****\n";
    mjfuzz::write_input(d / "g.txt", goal.data(), goal.size());
    const std::string png = "\x89PNG\r\n\x1a\n";  // a PNG cut after its signature
    mjfuzz::write_input(d / "p.png", png.data(), png.size());
    fs::create_directories(d / "d");
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return -1;
  const fs::path dir = folder();
  mjfuzz::write_input(dir / "models.xml", data, size);
  try {
    mj::RunRequest request;
    request.model = (dir / "M.xml").string();
    mj::Model model(request);
    const mj::RunSettings& s = model.settings();
    if (1LL * s.load.mx * s.load.my * s.load.mz > 4096) return 0;  // large grids: time the fuzzer spends elsewhere
    model.run(s.seed, 40);
  } catch (const mj::Error&) {
  }
  return 0;
}
