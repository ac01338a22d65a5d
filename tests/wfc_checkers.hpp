// Checkers of wfc collapses written apart from the propagation (tests/wfc_backtrack_test.cpp,
// wfc_pins_test.cpp): a tile model's grid read back as tiles, each pair of neighbours one the tileset's
// rules allow; an overlap model's grid whose every window is one of the sample's.
#pragma once

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/xml.hpp"
#include "mj/grid_view.hpp"
#include "mj/picture.hpp"
#include "nodes/wfc/tileset.hpp"
#include "test_util.hpp"

namespace mjtest {

namespace fs = std::filesystem;

inline std::string corpus_model(const std::string& name) {
  return read_bytes(corpus_dir() / "models" / (name + ".xml"));
}

// The model without the nodes inside its wfc (they come after its rules): the grid it ends on is
// then the collapse's tiling.
inline std::string collapse_only(std::string xml) {
  const size_t wfc = xml.find("<wfc"), end = xml.find("</wfc>", wfc);
  size_t first = std::string::npos;
  for (const char* node : {"<all", "<one", "<prl", "<sequence", "<markov"})
    first = std::min(first, xml.find(node, wfc));
  if (first != std::string::npos && first < end) xml.erase(first, end - first);
  return xml;
}

// std::less's order of byte vectors, written out: GCC 12 takes its three-way compare for a memcmp of up to
// 2^64 bytes (-Wstringop-overread).
struct BytesBefore {
  bool operator()(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }
};

// The tileset of a model's wfc, read as the tile model reads it, and the neighbour rules as lists.
struct TileRules {
  mj::wfc::Tileset tileset;
  mj::wfc::Propagator rules;
  std::map<mj::wfc::Tile, std::vector<int>, BytesBefore> by_voxels;  // variants with the same voxels share an entry
  bool periodic = false;

  explicit TileRules(const std::string& xml) {
    auto model = mj::XmlDocument::load_string(xml, "model");
    const mj::XmlElement wfc = model->root().children({"wfc"}).at(0);
    periodic = wfc.boolean("periodic", false);
    const fs::path tilesets = corpus_dir() / "resources" / "tilesets";
    const std::string name = wfc.str("tileset");
    auto doc = mj::XmlDocument::load_file(tilesets / (name + ".xml"));
    const mj::XmlElement root = doc->root();
    const bool full = root.boolean("fullSymmetry", false);
    const fs::path folder = tilesets / wfc.str("tiles", name);
    const mj::wfc::TileShape shape = mj::wfc::first_tile_shape(root, folder, full);
    tileset = mj::wfc::read_tiles(root, folder, shape, full, int(wfc.str("values").size()), wfc);
    rules = mj::wfc::neighbor_propagator(root, tileset);
    for (int t = 0; t < int(tileset.variants.size()); t++) by_voxels[tileset.variants[size_t(t)]].push_back(t);
  }

  // The variants whose voxels the grid holds at tile (tx, ty, tz); empty when none has them.
  std::vector<int> tile_at(const mj::GridView& g, int tx, int ty, int tz) const {
    const int s = tileset.shape.s, sz = tileset.shape.sz;
    mj::wfc::Tile voxels;
    for (int z = 0; z < sz; z++)
      for (int y = 0; y < s; y++)
        for (int x = 0; x < s; x++)
          voxels.push_back(g.cells[size_t(tx * s + x) + size_t(ty * s + y) * size_t(g.mx) +
                                   size_t(tz * sz + z) * size_t(g.mx) * size_t(g.my)]);
    auto it = by_voxels.find(voxels);
    return it == by_voxels.end() ? std::vector<int>{} : it->second;
  }

  // What is wrong with the grid as a tiling: tiles that are no variant, neighbours no rule allows.
  std::vector<std::string> faults(const mj::GridView& g) const {
    const int s = tileset.shape.s, sz = tileset.shape.sz;
    const int nx = g.mx / s, ny = g.my / s, nz = g.mz / sz;
    std::vector<std::vector<int>> tiles;
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++) tiles.push_back(tile_at(g, x, y, z));
    std::vector<std::string> found;
    const auto where = [](int x, int y, int z) {
      return std::string("(")
          .append(std::to_string(x))
          .append(",")
          .append(std::to_string(y))
          .append(",")
          .append(std::to_string(z))
          .append(")");
    };
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++) {
          const std::vector<int>& here = tiles[size_t(x + y * nx + z * nx * ny)];
          if (here.empty()) found.push_back(std::string("no tile at ").append(where(x, y, z)));
          for (int d : {0, 1, 4}) {  // +x, +y, +z: each pair once
            int x2 = x + mj::wfc::kDX[d], y2 = y + mj::wfc::kDY[d], z2 = z + mj::wfc::kDZ[d];
            if (periodic) x2 %= nx, y2 %= ny, z2 %= nz;
            if (x2 >= nx || y2 >= ny || z2 >= nz) continue;
            const std::vector<int>& there = tiles[size_t(x2 + y2 * nx + z2 * nx * ny)];
            bool allowed = false;
            for (int a : here)
              for (int b : rules.allowed(d, a))
                allowed = allowed || std::find(there.begin(), there.end(), b) != there.end();
            if (!allowed && !here.empty() && !there.empty())
              found.push_back("tiles at " + where(x, y, z) + " and " + where(x2, y2, z2) + " may not touch");
          }
        }
    return found;
  }
};

// A sample's pixels as the overlap model reads them: each colour the value of its order of first appearance
// (x fastest, then y).
inline std::vector<uint8_t> sample_values(const mj::Image& sample) {
  std::vector<uint32_t> seen;
  std::vector<uint8_t> values;
  for (uint32_t argb : sample.argb) {
    auto it = std::find(seen.begin(), seen.end(), argb);
    values.push_back(uint8_t(it - seen.begin()));
    if (it == seen.end()) seen.push_back(argb);
  }
  return values;
}

// The n x n windows of a sample picture (wrapping around its edges), colours numbered in order of
// first appearance as the grid's values are: an overlap model's output is valid when each of its
// windows (wrapping too: the output is periodic) is one of them. The sample is read without symmetry, or
// (`mirrored`, a model's symmetry="(x)") with its mirror image's windows too.
struct SampleWindows {
  int n;
  std::set<std::vector<uint8_t>, BytesBefore> windows;

  SampleWindows(const std::string& sample, int size, bool mirrored = false) : n(size) {
    const mj::Image image = mj::load_png(corpus_dir() / "resources" / "samples" / (sample + ".png"));
    const std::vector<uint8_t> cells = sample_values(image);
    for (int y = 0; y < image.height; y++)
      for (int x = 0; x < image.width; x++) windows.insert(at(cells.data(), image.width, image.height, x, y));
    if (!mirrored) return;
    std::vector<uint8_t> mirror(cells.size());
    for (int y = 0; y < image.height; y++)
      for (int x = 0; x < image.width; x++)
        mirror[size_t(x + y * image.width)] = cells[size_t(image.width - 1 - x + y * image.width)];
    for (int y = 0; y < image.height; y++)
      for (int x = 0; x < image.width; x++) windows.insert(at(mirror.data(), image.width, image.height, x, y));
  }

  std::vector<uint8_t> at(const uint8_t* cells, int mx, int my, int x0, int y0) const {
    std::vector<uint8_t> w;
    for (int dy = 0; dy < n; dy++)
      for (int dx = 0; dx < n; dx++) w.push_back(cells[size_t((x0 + dx) % mx + (y0 + dy) % my * mx)]);
    return w;
  }

  // The output's windows that the sample has not; `wrapping`: also those across its edges (a periodic output),
  // else only those inside it (a world's region).
  int faults(const mj::GridView& g, bool wrapping = true) const {
    int found = 0;
    const int last_x = wrapping ? g.mx : g.mx - n + 1, last_y = wrapping ? g.my : g.my - n + 1;
    for (int y = 0; y < last_y; y++)
      for (int x = 0; x < last_x; x++) found += !windows.count(at(g.cells, g.mx, g.my, x, y));
    return found;
  }
};

}  // namespace mjtest
