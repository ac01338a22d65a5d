// mj's public API: worlds. A world is a model, a seed and a chunk size: an endless grid whose every cell is
// a function of those alone, made chunk by chunk, so that any region of it comes out the same whether it is
// asked for at once, in pieces, in any order of chunks, in threads or on the workers of a cluster.
//
// The scheme (docs/worlds.md): chunks take turns by the parity of their coordinates (2^d phases). A chunk's
// run is a run of the model on the chunk and a margin around it, with the cells of its neighbours of earlier
// phases pinned in a seam along its border (Model::set_pins), so that rules see across the border; the run's
// seed comes from the world's seed and the chunk's place. What a chunk holds depends only on its neighbours
// of earlier phases, and theirs, at most 2^d - 1 chunks away: each is run once, with the same pins, wherever.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mj/grid_view.hpp"
#include "mj/run_settings.hpp"

namespace mj {

// A chunk's place in the world: chunk (x, y, z) holds the cells from (x, y, z) * chunk on (z = 0 in 2D).
struct ChunkIndex {
  long long x = 0, y = 0, z = 0;
  bool operator==(const ChunkIndex&) const = default;
};

// A box of a world's cells, from (x0, y0, z0) to (x1, y1, z1) excluded; z0 = 0, z1 = 1 in 2D.
struct Region {
  long long x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 1;
  long long cells() const { return (x1 - x0) * (y1 - y0) * (z1 - z0); }
};

// What a world is made of. The model is given as for a run (its file or name, text, resources, steps, colours,
// pixel size); its size is the world's to set, and every wfc backtracks (a chunk must finish).
struct WorldRequest {
  RunRequest model;
  std::optional<int> seed;    // the world's seed; not given: kDefaultSeed
  std::optional<int> chunk;   // a chunk's side in cells of the model's grid; not given: kDefaultChunk2d or 3d
  std::optional<int> margin;  // how far a chunk's run reaches past its border; not given: a quarter of a chunk
  std::optional<int> seam;    // how many of those cells its earlier neighbours pin; not given: half the margin
};

// A world's decided settings.
struct WorldSettings {
  RunSettings run;  // the model's run settings at a chunk run's size (its colours, steps, name)
  int seed = 0;
  int dimension = 2;
  int chunk = 0, margin = 0, seam = 0;  // in cells of the model's grid
  int unit = 1;                         // what chunk, margin and seam are multiples of: a tile model's tile
  std::string legend;                   // value index -> symbol
};

// How a region is made: threads, and a callback told of every chunk made and asked about every
// kDefaultProgressMilliseconds while chunks are made (false stops with mj::Error, within a step of a run); or
// `elsewhere`, which is handed the chunks a region lacks (by phase) and makes them elsewhere (a cluster's workers,
// with run_chunk), giving each back with World::keep before it returns: the region is then cut or written here.
struct WorldControl {
  int threads = 1;
  std::function<bool(long long done, long long total)> progress{};
  std::function<void(const std::vector<ChunkIndex>& missing)> elsewhere{};
};

// The region a face's caller names by its corners: X0 Y0 X1 Y1 in a 2D world, X0 Y0 Z0 X1 Y1 Z1 in a 3D one (the
// second corner left out). Throws mj::Error (kind argument) for another count of numbers, or a box that
// World::region refuses.
Region region_of(const WorldSettings& settings, const std::vector<long long>& corners);

// A world: its settings, the scheme's chunks made on demand (each once, kept until forget()), and its regions.
class World {
 public:
  // Loads the model and decides the world's settings. Throws mj::Error for a model no world can be made of
  // (at the line of the node that forbids it) and for a chunk, margin or seam out of range.
  explicit World(const WorldRequest& request);
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;
  ~World();

  const WorldSettings& settings() const;
  // The chunks whose cells chunk `c`'s run pins, in the order run_chunk takes them: the edges of a task graph.
  std::vector<ChunkIndex> needs(ChunkIndex c) const;
  // Chunk `c`'s cells (chunk^d, x fastest) from the cells of needs(c), in that order: the same in any process
  // that makes the same world. Throws mj::Error when no run of the chunk finishes (a wfc with no collapse), and
  // when `go_on`, asked about every kDefaultProgressMilliseconds while the chunk's run goes on (between the steps of
  // a rewrite; a wfc's collapse is one step), says false.
  std::vector<uint8_t> run_chunk(ChunkIndex c, const std::vector<const std::vector<uint8_t>*>& needed,
                                 const std::function<bool()>& go_on = {}) const;
  // The region's cells (x fastest, then y, then z), each chunk it needs made once (kept for later calls until
  // forget()). Throws mj::Error for an empty region, one past the model's max cells, or a stopped control.
  std::vector<uint8_t> region(const Region& region, const WorldControl& control = {});
  // Keeps chunk `c`'s cells, made elsewhere by run_chunk (WorldControl::elsewhere). Throws mj::Error for cells
  // that are not a chunk's.
  void keep(ChunkIndex c, std::vector<uint8_t> cells);
  // The chunks region() needs, its own and those they need, by phase: what a scheduler runs.
  std::vector<ChunkIndex> chunks_for(const Region& region) const;
  // Drops the chunks kept, but those chunks_for(keep) lists when given: what a caller going region by region
  // through a large world still needs.
  void forget(std::optional<Region> keep = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Writes a world's region to `out`, chunk row by chunk row, whatever its size (no whole region in memory):
// a .png (2D, `pixelsize` pixels a cell; not given: the settings'), a .txt (the state text), or a folder of
// one file per chunk (PNG in 2D, VOX in 3D) with index.json naming them, which is written last. A file is
// written whole or not at all. Throws mj::Error as World::region does (bar the size).
void save_region(World& world, const Region& region, const std::filesystem::path& out, const WorldControl& control = {},
                 std::optional<int> pixelsize = {});

// The line `mj world` prints for a region written to `written`: "NAME seed SEED, chunk C: N chunks made, WxH
// cells (W*H), T ms -> FILE" (WxHxD in 3D), the time left out when no `milliseconds` are given.
std::string world_summary(const World& world, const Region& region, long long chunks_made, const std::string& written,
                          std::optional<long long> milliseconds = std::nullopt);

}  // namespace mj
