// Tiled maps (.tmj, Tiled's JSON map format) of a grid (mj/picture.hpp: save_tiled): a tile layer of
// the cell values per z layer, over a tileset made of the palette's colours; or, for a tile model's
// grid, a layer of its tiles over an atlas of the tileset's tile pictures.
#include <algorithm>
#include <string>

#include "core/file_bytes.hpp"
#include "mj/files.hpp"
#include "mj/picture.hpp"

namespace mj {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if ((unsigned char)c < 0x20)
      out += "\\u00" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
    else out += c;
  }
  return out + "\"";
}

// Layer z's cells as global tile ids: value v is tile v of the tileset, gid v + 1 (0 is "no tile").
std::string layer(const GridView& g, int z, int id) {
  std::string data;
  const size_t plane = size_t(g.mx) * size_t(g.my);
  for (size_t i = 0; i < plane; i++) {
    if (i > 0) data += ',';
    data += std::to_string(int(g.cells[size_t(z) * plane + i]) + 1);
  }
  return "{\"id\":" + std::to_string(id) + ",\"name\":" + quoted(g.mz == 1 ? "cells" : "z " + std::to_string(z)) +
         ",\"type\":\"tilelayer\",\"x\":0,\"y\":0,\"width\":" + std::to_string(g.mx) +
         ",\"height\":" + std::to_string(g.my) + ",\"opacity\":1,\"visible\":true,\"data\":[" + data + "]}";
}

std::string tile_properties(const std::string& legend) {
  std::string tiles;
  for (size_t v = 0; v < legend.size(); v++)
    tiles +=
        std::string(v ? "," : "") + "{\"id\":" + std::to_string(v) +
        ",\"properties\":[{\"name\":\"symbol\",\"type\":\"string\",\"value\":" + quoted(std::string(1, legend[v])) +
        "}]}";
  return tiles;
}

// What a map says of its size and layers, and of its one tileset.
struct MapShape {
  int width, height, tile, layers;  // tiles across and down, a tile's side in pixels, layer count
  std::string layer_text;
};
struct TilesetShape {
  std::string name;
  int count, columns, image_width, image_height;
  std::string image, tiles;
};

std::string map_text(const MapShape& m, const TilesetShape& t) {
  const std::string p = std::to_string(m.tile);
  return "{\"type\":\"map\",\"version\":\"1.10\",\"tiledversion\":\"1.10.2\",\"orientation\":\"orthogonal\","
         "\"renderorder\":\"right-down\",\"infinite\":false,\"width\":" +
         std::to_string(m.width) + ",\"height\":" + std::to_string(m.height) + ",\"tilewidth\":" + p +
         ",\"tileheight\":" + p + ",\"nextlayerid\":" + std::to_string(m.layers + 1) +
         ",\"nextobjectid\":1,\"layers\":[" + m.layer_text +
         "],\"tilesets\":[{\"firstgid\":1,\"name\":" + quoted(t.name) + ",\"tilewidth\":" + p + ",\"tileheight\":" + p +
         ",\"tilecount\":" + std::to_string(t.count) + ",\"columns\":" + std::to_string(t.columns) +
         ",\"margin\":0,\"spacing\":0,\"image\":" + quoted(t.image) +
         ",\"imagewidth\":" + std::to_string(t.image_width) + ",\"imageheight\":" + std::to_string(t.image_height) +
         ",\"tiles\":[" + t.tiles + "]}]}\n";
}

// The tile layer's places as global tile ids: variant t is tile t, gid t + 1.
std::string tile_layer_text(const TileLayer& tiles) {
  std::string data;
  for (size_t i = 0; i < tiles.at.size(); i++) {
    if (i) data += ',';
    data += std::to_string(tiles.at[i] + 1);
  }
  return "{\"id\":1,\"name\":\"tiles\",\"type\":\"tilelayer\",\"x\":0,\"y\":0,\"width\":" + std::to_string(tiles.mx) +
         ",\"height\":" + std::to_string(tiles.my) + ",\"opacity\":1,\"visible\":true,\"data\":[" + data + "]}";
}

std::string tile_names(const TileLayer& tiles) {
  std::string out;
  for (size_t t = 0; t < tiles.names.size(); t++)
    out += std::string(t ? "," : "") + "{\"id\":" + std::to_string(t) +
           ",\"properties\":[{\"name\":\"tile\",\"type\":\"string\",\"value\":" + quoted(tiles.names[t]) + "}]}";
  return out;
}

// The atlas's columns: about square, so that no side of it grows long.
int atlas_columns(const TileLayer& tiles) {
  int columns = 1;
  while (columns * columns < int(tiles.tiles.size())) columns++;
  return columns;
}

}  // namespace

Image tiled_tileset(const std::vector<uint32_t>& colors, int pixelsize) {
  const int count = std::max<int>(1, int(colors.size()));
  Image strip{count * pixelsize, pixelsize,
              std::vector<uint32_t>(size_t(count) * size_t(pixelsize) * size_t(pixelsize))};
  for (int y = 0; y < pixelsize; y++)
    for (int x = 0; x < strip.width; x++)
      strip.argb[size_t(x) + size_t(y) * size_t(strip.width)] =
          colors.empty() ? kBackground : colors[size_t(x / pixelsize)];
  return strip;
}

std::string encode_tiled(const GridView& g, const std::vector<uint32_t>& colors, int pixelsize,
                         const std::string& tileset_image) {
  if (pixelsize < 1) throw argument_error("{setting} must be a positive number of pixels", Setting::pixelsize);
  const int count = std::max<int>(1, int(colors.size()));
  std::string layers;
  for (int z = 0; z < g.mz; z++) {
    if (z > 0) layers += ',';
    layers += layer(g, z, z + 1);
  }
  return map_text({g.mx, g.my, pixelsize, g.mz, layers},
                  {"palette", count, count, count * pixelsize, pixelsize, tileset_image, tile_properties(g.legend)});
}

Image tiled_atlas(const TileLayer& tiles, const std::vector<uint32_t>& colors, int pixelsize) {
  const int columns = atlas_columns(tiles), rows = (int(tiles.tiles.size()) + columns - 1) / columns;
  const int side = tiles.size * pixelsize;
  Image atlas{columns * side, rows * side,
              std::vector<uint32_t>(size_t(columns * side) * size_t(rows * side), kBackground)};
  for (size_t t = 0; t < tiles.tiles.size(); t++) {
    const int left = int(t) % columns * side, top = int(t) / columns * side;
    for (int y = 0; y < side; y++)
      for (int x = 0; x < side; x++) {
        const uint8_t value = tiles.tiles[t][size_t(x / pixelsize + y / pixelsize * tiles.size)];
        atlas.argb[size_t(left + x) + size_t(top + y) * size_t(atlas.width)] =
            value < colors.size() ? colors[value] : kBackground;
      }
  }
  return atlas;
}

std::string encode_tiled(const TileLayer& tiles, int pixelsize, const std::string& tileset_image) {
  if (pixelsize < 1) throw argument_error("{setting} must be a positive number of pixels", Setting::pixelsize);
  const int side = tiles.size * pixelsize, columns = atlas_columns(tiles), count = int(tiles.tiles.size());
  return map_text({tiles.mx, tiles.my, side, 1, tile_layer_text(tiles)},
                  {tiles.tileset, count, columns, columns * side, (count + columns - 1) / columns * side, tileset_image,
                   tile_names(tiles)});
}

std::filesystem::path save_tiled(const std::filesystem::path& file, const GridView& grid,
                                 const std::vector<uint32_t>& colors, int pixelsize, const TileLayer* tiles) {
  std::filesystem::path image = file;
  image.replace_extension();
  image += "_tiles.png";
  const std::string name = image.filename().string();
  const std::string map = tiles ? encode_tiled(*tiles, pixelsize, name) : encode_tiled(grid, colors, pixelsize, name);
  save_png(image, tiles ? tiled_atlas(*tiles, colors, pixelsize) : tiled_tileset(colors, pixelsize));
  save_file(file, map);
  return image;
}

}  // namespace mj
