// The world's scheme (docs/worlds.md): which chunks a chunk's run waits for, where its run lies, its seed.
// Pure functions of the world's settings and the chunk's place, shared by World and every face that schedules
// chunks itself (Python's Dask graph takes World::needs).
#pragma once

#include <cstdint>
#include <vector>

#include "mj/world.hpp"

namespace mj::world {

// Chunks take turns by the parity of their coordinates: 2^d phases, every neighbour of a chunk (diagonals
// too) in another phase than its own.
int phase(ChunkIndex c, int dimension);
int phases(int dimension);
// The neighbours of `c` in earlier phases, in the order of their offsets (z, then y, then x, from -1 to 1).
std::vector<ChunkIndex> earlier_neighbours(ChunkIndex c, int dimension);
// How many chunks away a chunk's cells can reach, through the neighbours of neighbours: 2^d - 1.
int reach(int dimension);
// The seed of a chunk's run, the `attempt`-th try (0 first): a hash of the world's seed and the chunk's place.
int chunk_seed(int world_seed, ChunkIndex c, int attempt);
// a / b rounded down, for b > 0: the chunk of a cell left of 0 is -1.
long long floor_div(long long a, long long b);

// The box a chunk's run covers, in world cells: its chunk and `margin` cells on every side (none along z in
// 2D).
struct Frame {
  long long x0 = 0, y0 = 0, z0 = 0;
  int mx = 0, my = 0, mz = 1;
  size_t size() const { return size_t(mx) * size_t(my) * size_t(mz); }
};
Frame frame_of(const WorldSettings& s, ChunkIndex c);
// The pins of chunk `c`'s run (one per cell of its frame, x fastest): the cells of `needed` (the chunks of
// earlier_neighbours(c), in that order, chunk^d cells each) within the seam around the chunk, the rest free.
std::vector<uint8_t> frame_pins(const WorldSettings& s, ChunkIndex c, const std::vector<ChunkIndex>& neighbours,
                                const std::vector<const std::vector<uint8_t>*>& needed);
// The chunk's own cells out of its run's grid (`cells`: the frame's).
std::vector<uint8_t> chunk_cells(const WorldSettings& s, const std::vector<uint8_t>& frame_cells);

}  // namespace mj::world
