// mj's public API: a tile model's result as tiles, what maps of tile wfc models are made of
// (Snapshot::tiles, save_tiled's tileset of tile pictures).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mj {

// The grid as a layer of tiles of a tileset: the variants (rotations and reflections) of the tiles of
// a 2D tile `wfc` node's tileset, and which variant stands at each place. The grid's cell
// (x * size + dx, y * size + dy) holds tiles[at[x + y * mx]][dx + dy * size].
struct TileLayer {
  std::string tileset;                      // the tileset's name (resources/tilesets/NAME.xml)
  int size = 0;                             // a tile's side in cells
  int mx = 0, my = 0;                       // tiles across and down
  std::vector<std::vector<uint8_t>> tiles;  // every variant of every tile, size * size values, x fastest
  std::vector<std::string> names;           // per variant: its tile's name, then " 2", " 3"... for the others
  std::vector<int> at;                      // mx * my variant indices, x fastest
};

}  // namespace mj
