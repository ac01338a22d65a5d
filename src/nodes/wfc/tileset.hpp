// A tileset: tiles read from VOX files, expanded into their symmetric variants, and the neighbour
// rules of the tileset file turned into a propagator over those variants.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/xml.hpp"
#include "nodes/wfc/propagator.hpp"

namespace mj::wfc {

using Tile = std::vector<uint8_t>;  // s x s x sz values, x fastest

// Rotations and reflections of tiles of one size (the reference's names: a z rotation turns x into y).
struct TileShape {
  int s = 0, sz = 0;

  Tile z_rotated(const Tile& p) const;
  Tile y_rotated(const Tile& p) const;
  Tile x_rotated(const Tile& p) const;
  Tile x_reflected(const Tile& p) const;
  Tile y_reflected(const Tile& p) const;
  Tile z_reflected(const Tile& p) const;
};

struct Tileset {
  TileShape shape;
  bool full_symmetry = false;   // tiles turn in 3D (48 variants), not only about z (8)
  std::vector<Tile> variants;   // every variant of every tile, tile by tile
  std::vector<double> weights;  // per variant: its tile's weight
  // Each tile's variants: [first, first + count) in `variants`, by tile name.
  struct Range {
    int first = 0, count = 0;
  };
  std::unordered_map<std::string, Range> tiles;
  std::unordered_map<std::string, int> first_variant;  // variant bytes -> first index holding them
};

// The tileset file; a missing or unreadable one is reported at `node`, the wfc element.
std::unique_ptr<XmlDocument> open_tileset(const XmlElement& node, const std::filesystem::path& file);
// The size of the tileset's first tile, which every tile must have.
TileShape first_tile_shape(const XmlElement& root, const std::filesystem::path& folder, bool full_symmetry);
// Reads every tile of `root` from `folder` with its variants; fails at `node` past `max_colors` values.
Tileset read_tiles(const XmlElement& root, const std::filesystem::path& folder, TileShape shape, bool full_symmetry,
                   int max_colors, const XmlElement& node);
// The adjacency of variants in the six directions, from the tileset's <neighbor> rules.
Propagator neighbor_propagator(const XmlElement& root, const Tileset& tileset);

}  // namespace mj::wfc
