// A world's region as a folder of chunk files: every chunk the region touches, whole, as a picture (PNG in 2D,
// VOX in 3D) named by its place, and index.json naming the world and its files, written last: a folder
// without index.json is one whose writing did not finish.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <string>

#include "core/json_text.hpp"
#include "core/partial_file.hpp"
#include "mj/error.hpp"
#include "mj/picture.hpp"
#include "world/bands.hpp"
#include "world/chunk_folder.hpp"
#include "world/scheme.hpp"

namespace mj {
namespace {

std::string chunk_file(const WorldSettings& s, ChunkIndex c) {
  if (s.dimension == 3) return fmt::format("chunk_{}_{}_{}.vox", c.x, c.y, c.z);
  return fmt::format("chunk_{}_{}.png", c.x, c.y);
}

std::string world_json(const WorldSettings& s, const Region& r, const std::vector<std::string>& entries) {
  return fmt::format(
      "{{\n  \"model\": {}, \"seed\": {}, \"dimension\": {},\n  \"chunk\": {}, \"margin\": {}, \"seam\": {},\n"
      "  \"legend\": {},\n  \"region\": [{}, {}, {}, {}, {}, {}],\n  \"chunks\": [\n    {}\n  ]\n}}\n",
      json_text(s.run.name), s.seed, s.dimension, s.chunk, s.margin, s.seam, json_text(s.legend), r.x0, r.y0, r.z0,
      r.x1, r.y1, r.z1, fmt::join(entries, ",\n    "));
}

// The chunk of side `k` (`layers` deep) at `corner` of a band's cells (`width` x `height` a layer).
std::vector<uint8_t> chunk_of(const std::vector<uint8_t>& cells, long long width, long long height, ChunkIndex corner,
                              long long k, long long layers) {
  std::vector<uint8_t> chunk;
  for (long long z = 0; z < layers; z++)
    for (long long y = 0; y < k; y++) {
      const uint8_t* from = cells.data() + size_t(corner.x + width * (corner.y + y + height * (corner.z + z)));
      chunk.insert(chunk.end(), from, from + k);
    }
  return chunk;
}

}  // namespace

void save_chunk_folder(World& world, const Region& r, const std::filesystem::path& out, const WorldControl& control,
                       int pixelsize) {
  const WorldSettings& s = world.settings();
  std::error_code ignored;
  std::filesystem::remove(out / "index.json", ignored);  // an older index would vouch for files being replaced
  const long long k = s.chunk;
  const std::vector<uint32_t> colors = legend_colors(s.legend, s.run.palette);
  std::vector<std::string> entries;
  // The chunks the region touches, whole: the region rounded out to chunks, band by band.
  const bool flat = s.dimension == 2;
  const auto down = [k](long long v) { return world::floor_div(v, k) * k; };
  const Region whole{down(r.x0),         down(r.y0),         flat ? 0 : down(r.z0),
                     down(r.x1 - 1) + k, down(r.y1 - 1) + k, flat ? 1 : down(r.z1 - 1) + k};
  const long long width = whole.x1 - whole.x0;
  by_bands(world, whole, control, [&](const Region& band, const std::vector<uint8_t>& cells) {
    const long long height = band.y1 - band.y0;
    for (long long z = band.z0; z < band.z1; z += flat ? 1 : k)
      for (long long y = band.y0; y < band.y1; y += k)
        for (long long x = whole.x0; x < whole.x1; x += k) {
          const std::vector<uint8_t> chunk =
              chunk_of(cells, width, height, {x - whole.x0, y - band.y0, z - band.z0}, k, flat ? 1 : k);
          const ChunkIndex c{x / k, y / k, z / k};  // x, y, z are whole chunks' corners: exact
          const GridView view{int(k), int(k), flat ? 1 : int(k), s.legend, chunk.data(), {}};
          const std::string name = chunk_file(s, c);
          if (flat) save_png(out / name, view, colors, pixelsize);
          else save_vox(out / name, view, colors);
          entries.push_back(
              fmt::format("{{\"x\": {}, \"y\": {}, \"z\": {}, \"file\": {}}}", c.x, c.y, c.z, json_text(name)));
        }
  });
  const std::string json = world_json(s, r, entries);
  PartialFile index(out / "index.json");
  index.write(json.data(), json.size());
  index.commit();
}

}  // namespace mj
