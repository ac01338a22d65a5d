// save_region: a world's region written band by band (world/bands.hpp): a region of any size in the memory of a
// few bands.
#include <fstream>
#include <string>

#include "core/partial_file.hpp"
#include "io/formats/png_rows.hpp"
#include "io/formats/state_text.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"
#include "mj/world.hpp"
#include "world/bands.hpp"
#include "world/chunk_folder.hpp"
#include "world/scheme.hpp"

namespace mj {
namespace {

void save_png_rows(World& world, const Region& r, const std::filesystem::path& out, const WorldControl& control,
                   int pixelsize) {
  const WorldSettings& s = world.settings();
  if (s.dimension == 3)
    throw argument_error("a 3D world's region is written as a folder of VOX chunks or a .txt, not " + out.string());
  io::PngRows png(out, r.x1 - r.x0, r.y1 - r.y0, legend_colors(s.legend, s.run.palette), pixelsize);
  const size_t width = size_t(r.x1 - r.x0);
  by_bands(world, r, control, [&](const Region& band, const std::vector<uint8_t>& cells) {
    for (long long y = band.y0; y < band.y1; y++) png.row(cells.data() + size_t(y - band.y0) * width);
  });
  png.commit();
}

void save_text(World& world, const Region& r, const std::filesystem::path& out, const WorldControl& control) {
  const WorldSettings& s = world.settings();
  PartialFile file(out);
  const std::string head = s.run.name + " " + std::to_string(r.x1 - r.x0) + " " + std::to_string(r.y1 - r.y0) + " " +
                           std::to_string(r.z1 - r.z0) + " " + std::to_string(s.seed) + " 0\n" + s.legend + "\n";
  file.write(head.data(), head.size());
  const size_t width = size_t(r.x1 - r.x0);
  std::string row(width + 1, '\n');
  by_bands(world, r, control, [&](const Region&, const std::vector<uint8_t>& cells) {
    for (size_t at = 0; at < cells.size(); at += width) {
      for (size_t x = 0; x < width; x++) row[x] = s.legend[cells[at + x]];
      file.write(row.data(), row.size());
    }
  });
  file.commit();
}

}  // namespace

void save_region(World& world, const Region& region, const std::filesystem::path& out, const WorldControl& control,
                 std::optional<int> pixelsize) {
  const int p = pixelsize.value_or(world.settings().run.pixelsize);
  check_pixelsize(p);
  const std::string ext = out.extension().string();
  if (ext == ".png") return save_png_rows(world, region, out, control, p);
  if (ext == ".txt") return save_text(world, region, out, control);
  if (ext.empty()) return save_chunk_folder(world, region, out, control, p);
  throw argument_error("a world's region is written as a .png, a .txt or a folder of chunks, not " + out.string());
}

}  // namespace mj
