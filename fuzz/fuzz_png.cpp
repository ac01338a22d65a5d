// Fuzzes PNG reading: any bytes give an image within the size limits or mj::Error. A decoded image
// must survive writing and reading back unchanged, and read as a run's start (picture_cells) it must
// give cells in its first four colours or a clear error.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "fuzz_util.hpp"
#include "io/formats/picture_cells.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"

namespace {

void check_round_trip(const mj::Image& image) {
  const std::vector<uint8_t> bytes = mj::encode_png(image);
  const mj::Image again = mj::load_png(mjfuzz::input_file(bytes.data(), bytes.size(), "-again.png"));
  if (again.width != image.width || again.height != image.height || again.argb != image.argb) std::abort();
}

// The picture as cells of a grid whose legend "ABCD" has the image's first four colours; an odd last
// byte asks for a grid one row taller, which must be refused.
void check_cells(const std::filesystem::path& file, const mj::Image& image, bool taller) {
  mj::Palette colors;
  for (uint32_t c : image.argb)
    if (colors.size() < 4 && std::none_of(colors.begin(), colors.end(), [&](auto& e) { return e.second == c; }))
      colors.emplace(char('A' + colors.size()), c);
  const mj::GridView shape{image.width, image.height + int(taller), 1, "ABCD", nullptr, {}};
  try {
    const std::vector<uint8_t> cells = mj::io::cells_of_picture(file, shape, colors);
    if (taller || cells.size() != image.argb.size()) std::abort();
    for (size_t i = 0; i < cells.size(); i++)
      if (colors.at(char('A' + cells[i])) != image.argb[i]) std::abort();
  } catch (const mj::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const std::filesystem::path file = mjfuzz::input_file(data, size, ".png");
    mj::Image image = mj::load_png(file);
    if (image.width <= 0 || image.height <= 0 || image.argb.size() != size_t(image.width) * size_t(image.height))
      std::abort();
    check_round_trip(image);
    check_cells(file, image, size > 0 && data[size - 1] % 2 == 1);
  } catch (const mj::Error&) {
  }
  return 0;
}
