#include "world/bands.hpp"

#include <algorithm>

#include "world/scheme.hpp"

namespace mj {
namespace {

// The region cut into bands one chunk deep along its last axis (y in 2D, z in 3D).
std::vector<Region> bands_of(const WorldSettings& s, const Region& r) {
  std::vector<Region> bands;
  const long long k = s.chunk, low = s.dimension == 3 ? r.z0 : r.y0, high = s.dimension == 3 ? r.z1 : r.y1;
  for (long long a = low; a < high;) {
    const long long b = std::min(high, (world::floor_div(a, k) + 1) * k);
    Region band = r;
    (s.dimension == 3 ? band.z0 : band.y0) = a;
    (s.dimension == 3 ? band.z1 : band.y1) = b;
    bands.push_back(band);
    a = b;
  }
  return bands;
}

// Bands `first` and the one after (when there is one): the chunks kept after a band, as the next band's neighbours
// of later phases need cells of the band after it (kept for the next band alone, those were made twice).
Region next_two(const std::vector<Region>& bands, size_t first) {
  Region r = bands[first];
  const Region& last = bands[std::min(first + 1, bands.size() - 1)];
  r.y1 = last.y1, r.z1 = last.z1;
  return r;
}

}  // namespace

void by_bands(World& world, const Region& r, const WorldControl& control, const BandWriter& write) {
  const std::vector<Region> bands = bands_of(world.settings(), r);
  const long long total = control.progress ? (long long)world.chunks_for(r).size() : 0;
  long long before = 0;
  for (size_t b = 0; b < bands.size(); b++) {
    WorldControl band = control;
    long long last = 0;
    if (control.progress)
      band.progress = [&](long long done, long long) { return control.progress(before + (last = done), total); };
    write(bands[b], world.region(bands[b], band));
    before += last;
    world.forget(b + 1 < bands.size() ? std::optional<Region>(next_two(bands, b + 1)) : std::nullopt);
  }
}

}  // namespace mj
