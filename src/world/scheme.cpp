#include "world/scheme.hpp"

#include <algorithm>

#include "mj/defaults.hpp"

namespace mj::world {

int phase(ChunkIndex c, int dimension) {
  const int p = int(c.x & 1) | int(c.y & 1) << 1;
  return dimension == 3 ? p | int(c.z & 1) << 2 : p;
}

int phases(int dimension) { return 1 << dimension; }

int reach(int dimension) { return phases(dimension) - 1; }

std::vector<ChunkIndex> earlier_neighbours(ChunkIndex c, int dimension) {
  std::vector<ChunkIndex> found;
  const int own = phase(c, dimension), dz = dimension == 3 ? 1 : 0;
  for (int z = -dz; z <= dz; z++)
    for (int y = -1; y <= 1; y++)
      for (int x = -1; x <= 1; x++) {
        const ChunkIndex n{c.x + x, c.y + y, c.z + z};
        if ((x || y || z) && phase(n, dimension) < own) found.push_back(n);
      }
  return found;
}

namespace {

// SplitMix64's finaliser: every bit of the input moves about half the bits of the output.
uint64_t mix(uint64_t h) {
  h ^= h >> 30, h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27, h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

}  // namespace

int chunk_seed(int world_seed, ChunkIndex c, int attempt) {
  uint64_t h = mix(uint64_t(uint32_t(world_seed)) + 0x9e3779b97f4a7c15ULL);
  for (long long part : {c.x, c.y, c.z, (long long)attempt}) h = mix(h ^ uint64_t(part));
  return int(h & 0x7fffffff);  // a seed as every face takes it: 0 to 2^31 - 1
}

long long floor_div(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

Frame frame_of(const WorldSettings& s, ChunkIndex c) {
  const int side = s.chunk + 2 * s.margin;
  Frame f{c.x * s.chunk - s.margin, c.y * s.chunk - s.margin, 0, side, side, 1};
  if (s.dimension == 3) f.z0 = c.z * s.chunk - s.margin, f.mz = side;
  return f;
}

namespace {

// Whether world coordinate `w` lies within `seam` of chunk coordinate `c`'s span along one axis.
bool in_seam(long long w, long long c, const WorldSettings& s) {
  return w >= c * s.chunk - s.seam && w < (c + 1) * s.chunk + s.seam;
}

size_t local_index(const WorldSettings& s, long long x, long long y, long long z) {
  const auto at = [&](long long w) { return size_t(w - floor_div(w, s.chunk) * s.chunk); };
  const size_t side = size_t(s.chunk);
  return at(x) + side * (at(y) + (s.dimension == 3 ? side * at(z) : 0));
}

}  // namespace

std::vector<uint8_t> frame_pins(const WorldSettings& s, ChunkIndex c, const std::vector<ChunkIndex>& neighbours,
                                const std::vector<const std::vector<uint8_t>*>& needed) {
  const Frame f = frame_of(s, c);
  std::vector<uint8_t> pins(f.size(), kFreeCell);
  size_t i = 0;
  for (long long z = f.z0; z < f.z0 + f.mz; z++)
    for (long long y = f.y0; y < f.y0 + f.my; y++)
      for (long long x = f.x0; x < f.x0 + f.mx; x++, i++) {
        if (!in_seam(x, c.x, s) || !in_seam(y, c.y, s) || (s.dimension == 3 && !in_seam(z, c.z, s))) continue;
        const ChunkIndex n{floor_div(x, s.chunk), floor_div(y, s.chunk), s.dimension == 3 ? floor_div(z, s.chunk) : 0};
        const auto k = std::find(neighbours.begin(), neighbours.end(), n) - neighbours.begin();
        if (size_t(k) < neighbours.size()) pins[i] = (*needed[size_t(k)])[local_index(s, x, y, z)];
      }
  return pins;
}

std::vector<uint8_t> chunk_cells(const WorldSettings& s, const std::vector<uint8_t>& frame_cells) {
  const size_t side = size_t(s.chunk), frame = side + 2 * size_t(s.margin), m = size_t(s.margin);
  const size_t layers = s.dimension == 3 ? side : 1, dz = s.dimension == 3 ? m : 0;
  std::vector<uint8_t> cells;
  cells.reserve(side * side * layers);
  for (size_t z = 0; z < layers; z++)
    for (size_t y = 0; y < side; y++) {
      const uint8_t* row = frame_cells.data() + m + (y + m) * frame + (z + dz) * frame * frame;
      cells.insert(cells.end(), row, row + side);
    }
  return cells;
}

}  // namespace mj::world
