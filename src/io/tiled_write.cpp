// Tiled maps (.tmj, Tiled's JSON map format) of a grid (mj/picture.hpp: save_tiled): a tile layer of
// the cell values per z layer, over a tileset made of the palette's colours.
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
  if (pixelsize < 1) throw Error("", 0, "{setting} must be a positive number of pixels", Setting::pixelsize);
  const std::string p = std::to_string(pixelsize), count = std::to_string(std::max<size_t>(1, colors.size()));
  std::string layers;
  for (int z = 0; z < g.mz; z++) {
    if (z > 0) layers += ',';
    layers += layer(g, z, z + 1);
  }
  return "{\"type\":\"map\",\"version\":\"1.10\",\"tiledversion\":\"1.10.2\",\"orientation\":\"orthogonal\","
         "\"renderorder\":\"right-down\",\"infinite\":false,\"width\":" +
         std::to_string(g.mx) + ",\"height\":" + std::to_string(g.my) + ",\"tilewidth\":" + p + ",\"tileheight\":" + p +
         ",\"nextlayerid\":" + std::to_string(g.mz + 1) + ",\"nextobjectid\":1,\"layers\":[" + layers +
         "],\"tilesets\":[{\"firstgid\":1,\"name\":\"palette\"," + "\"tilewidth\":" + p + ",\"tileheight\":" + p +
         ",\"tilecount\":" + count + ",\"columns\":" + count +
         ",\"margin\":0,\"spacing\":0,\"image\":" + quoted(tileset_image) +
         ",\"imagewidth\":" + std::to_string(std::stoi(count) * pixelsize) + ",\"imageheight\":" + p + ",\"tiles\":[" +
         tile_properties(g.legend) + "]}]}\n";
}

std::filesystem::path save_tiled(const std::filesystem::path& file, const GridView& grid,
                                 const std::vector<uint32_t>& colors, int pixelsize) {
  std::filesystem::path image = file;
  image.replace_extension();
  image += "_tiles.png";
  const std::string map = encode_tiled(grid, colors, pixelsize, image.filename().string());
  save_png(image, tiled_tileset(colors, pixelsize));
  save_file(file, map);
  return image;
}

}  // namespace mj
