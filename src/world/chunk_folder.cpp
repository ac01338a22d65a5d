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

// The control of each row of chunks in turn, its progress counted on over the rows: the chunks made so far of
// those the region needs (a neighbour forgotten with its row and made again counts again).
class RowProgress {
 public:
  RowProgress(const World& world, const Region& r, const WorldControl& whole)
      : whole_(whole), total_(whole.progress ? (long long)world.chunks_for(r).size() : 0) {}
  WorldControl row() {
    before_ += last_, last_ = 0;
    WorldControl c = whole_;
    if (whole_.progress)
      c.progress = [this](long long done, long long) { return whole_.progress(before_ + (last_ = done), total_); };
    return c;
  }

 private:
  const WorldControl& whole_;
  long long total_, before_ = 0, last_ = 0;
};

}  // namespace

void save_chunk_folder(World& world, const Region& r, const std::filesystem::path& out, const WorldControl& control,
                       int pixelsize) {
  const WorldSettings& s = world.settings();
  std::error_code ignored;
  std::filesystem::remove(out / "index.json", ignored);  // an older index would vouch for files being replaced
  const long long k = s.chunk;
  const std::vector<uint32_t> colors = legend_colors(s.legend, s.run.palette);
  std::vector<std::string> entries;
  RowProgress progress(world, r, control);
  const long long z0 = world::floor_div(r.z0, k), z1 = s.dimension == 3 ? world::floor_div(r.z1 - 1, k) : 0;
  for (long long z = s.dimension == 3 ? z0 : 0; z <= z1; z++)
    for (long long y = world::floor_div(r.y0, k); y <= world::floor_div(r.y1 - 1, k); y++) {
      const long long x0 = world::floor_div(r.x0, k), x1 = world::floor_div(r.x1 - 1, k);
      Region row{x0 * k,       y * k,       s.dimension == 3 ? z * k : 0,
                 (x1 + 1) * k, (y + 1) * k, s.dimension == 3 ? (z + 1) * k : 1};
      const std::vector<uint8_t> cells = world.region(row, progress.row());
      for (long long x = x0; x <= x1; x++) {
        std::vector<uint8_t> chunk;
        for (long long cz = 0; cz < (s.dimension == 3 ? k : 1); cz++)
          for (long long cy = 0; cy < k; cy++) {
            const uint8_t* from = cells.data() + size_t((x - x0) * k + (cy + cz * k) * (x1 - x0 + 1) * k);
            chunk.insert(chunk.end(), from, from + k);
          }
        const GridView view{int(k), int(k), s.dimension == 3 ? int(k) : 1, s.legend, chunk.data(), {}};
        const std::string name = chunk_file(s, {x, y, z});
        if (s.dimension == 3) save_vox(out / name, view, colors);
        else save_png(out / name, view, colors, pixelsize);
        entries.push_back(fmt::format("{{\"x\": {}, \"y\": {}, \"z\": {}, \"file\": {}}}", x, y, z, json_text(name)));
      }
      world.forget(row);
    }
  const std::string json = world_json(s, r, entries);
  PartialFile index(out / "index.json");
  index.write(json.data(), json.size());
  index.commit();
}

}  // namespace mj
