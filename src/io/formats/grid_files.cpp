// A grid saved by its file's extension (mj/picture.hpp: grid_format, save_grid), the same for every face.
#include <algorithm>
#include <cctype>

#include "mj/picture.hpp"

namespace mj {

namespace {

struct Extension {
  const char* name;
  GridFormat format;
};

constexpr Extension kExtensions[] = {{".png", GridFormat::png}, {".vox", GridFormat::vox},
                                     {".glb", GridFormat::glb}, {".tmj", GridFormat::tiled},
                                     {".gif", GridFormat::gif}, {".txt", GridFormat::state}};

}  // namespace

GridFormat grid_format(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (const Extension& e : kExtensions)
    if (ext == e.name) return e.format;
  // no file named: a wrong argument, not a bad file (Python's ValueError)
  throw argument_error("cannot tell the format of \"" + file.string() +
                       "\": give it .png, .vox, .glb, .tmj, .gif or .txt");
}

std::filesystem::path picture_file(const std::filesystem::path& stem, const GridView& grid, bool iso) {
  std::filesystem::path file = stem;  // appended, not replaced: a model's name may hold a dot
  file += grid.mz == 1 || iso ? ".png" : ".vox";
  return file;
}

void save_grid(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors,
               int pixelsize, const TileLayer* tiles) {
  switch (grid_format(file)) {
    case GridFormat::png: return save_png(file, grid, colors, pixelsize);
    case GridFormat::vox: return save_vox(file, grid, colors);
    case GridFormat::glb: return save_glb(file, grid, colors);
    case GridFormat::tiled: save_tiled(file, grid, colors, pixelsize, tiles); return;
    case GridFormat::gif: break;
    case GridFormat::state: throw argument_error("the state text names the run: write it with mj::Snapshot::save");
  }
  throw argument_error("a GIF is an animation of a run: record it with mj::save_run or mj::save");
}

}  // namespace mj
