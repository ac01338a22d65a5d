// Fuzzes tileset files of the tile model of wave function collapse. The input's first line names
// the tiles folder (one of the corpus tilesets), optionally followed by more attributes of the <wfc>
// node as raw XML (overlap="1"); the rest is the tileset XML, read as tilesets/Fuzz.xml. The second
// run is animated, so that cells are drawn while several tiles are still possible.

#include <cstdint>
#include <filesystem>
#include <string>

#include "fuzz_util.hpp"
#include "run/interpreter.hpp"

namespace fs = std::filesystem;

namespace {

// resources/tilesets/ holding links to every corpus tileset and its folder, plus the input as Fuzz.xml.
const fs::path& scratch_resources() {
  static const fs::path dir = [] {
    fs::path d = mjfuzz::scratch_dir("mj-fuzz-res");
    fs::create_directories(d / "tilesets");
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(mjfuzz::resources() / "tilesets", ec))
      fs::create_symlink(entry.path(), d / "tilesets" / entry.path().filename(), ec);
    return d;
  }();
  return dir;
}

void load_and_run(const std::string& first_line, int mx, int my, int mz, bool animated) {
  const size_t space = first_line.find(' ');
  const std::string folder = first_line.substr(0, space);
  const std::string more = space == std::string::npos ? "" : first_line.substr(space);
  std::string xml =
      "<sequence values=\"BW\"><wfc values=\"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef\" tileset=\"Fuzz\" tiles=\"" +
      mjfuzz::attribute_text(folder) + "\"" + more + "/></sequence>";
  try {
    mj::Interpreter ip = mj::Interpreter::from_string(xml, {mx, my, mz, scratch_resources()}, "tileset.xml");
    ip.set_animated(animated);
    ip.run(1, 100);
  } catch (const mj::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 16) return -1;
  std::string text(reinterpret_cast<const char*>(data), size);
  size_t eol = text.find('\n');
  if (eol == std::string::npos) return 0;
  std::string folder = text.substr(0, eol);
  mjfuzz::write_input(scratch_resources() / "tilesets" / "Fuzz.xml", text.data() + eol + 1, size - eol - 1);
  load_and_run(folder, 3, 3, 1, false);
  load_and_run(folder, 2, 2, 2, true);
  return 0;
}
