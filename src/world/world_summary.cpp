// world_summary: the line a face prints for a world's region, as run_summary is for a run.
#include <fmt/format.h>

#include "mj/world.hpp"

namespace mj {

std::string world_summary(const World& world, const Region& r, long long chunks_made, const std::string& written,
                          std::optional<long long> milliseconds) {
  const WorldSettings& s = world.settings();
  const std::string sides = s.dimension == 3 ? fmt::format("{}x{}x{}", r.x1 - r.x0, r.y1 - r.y0, r.z1 - r.z0)
                                             : fmt::format("{}x{}", r.x1 - r.x0, r.y1 - r.y0);
  const std::string timed = milliseconds ? fmt::format(", {} ms", *milliseconds) : "";
  return fmt::format("{} seed {}, chunk {}: {} chunks made, {} cells ({}){} -> {}", s.run.name, s.seed, s.chunk,
                     chunks_made, sides, r.cells(), timed, written);
}

}  // namespace mj
