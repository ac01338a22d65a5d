// Fuzzes rule patterns and symmetry names. The input is three lines: in, out, symmetry; they
// become <one> (or <all>/<prl>, chosen by a fourth line) on a small 2D and a small 3D grid.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_util.hpp"
#include "run/interpreter.hpp"

namespace {

std::vector<std::string_view> lines(std::string_view s) {
  std::vector<std::string_view> parts;
  while (parts.size() < 3) {
    size_t end = s.find('\n');
    parts.push_back(s.substr(0, end));
    if (end == std::string_view::npos) return parts;
    s.remove_prefix(end + 1);
  }
  parts.push_back(s);
  return parts;
}

std::string model(const std::vector<std::string_view>& p) {
  static const char* kinds[] = {"one", "all", "prl"};
  const char* kind = kinds[p.size() > 3 && !p[3].empty() ? uint8_t(p[3][0]) % 3 : 0];
  std::string xml = std::string("<") + kind + " values=\"BWRA\" in=\"" + mjfuzz::attribute_text(p[0]) + "\"";
  if (p.size() > 1) xml += " out=\"" + mjfuzz::attribute_text(p[1]) + "\"";
  if (p.size() > 2) xml += " symmetry=\"" + mjfuzz::attribute_text(p[2]) + "\"";
  return xml + "/>";
}

void load_and_run(const std::string& xml, int mx, int my, int mz) {
  try {
    mj::Interpreter ip = mj::Interpreter::from_string(xml, {mx, my, mz, mjfuzz::resources()}, "rule.xml");
    ip.run(1, 50);
  } catch (const mj::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return -1;
  std::string xml = model(lines(std::string_view(reinterpret_cast<const char*>(data), size)));
  load_and_run(xml, 6, 5, 1);
  load_and_run(xml, 3, 4, 3);
  return 0;
}
