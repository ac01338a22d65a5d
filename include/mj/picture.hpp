// mj's public API for pictures: colours for a grid's symbols, rendering a grid to pixels (2D, or
// isometric 3D as the reference draws it), and the files mj writes: PNG, VOX and animated GIF.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/error.hpp"
#include "mj/grid_view.hpp"
#include "mj/node_view.hpp"
#include "mj/tile_layer.hpp"

namespace mj {

// symbol -> colour, 0xFFRRGGBB.
using Palette = std::map<char, uint32_t>;

// The reference's resources/palette.xml, built in: every symbol of the corpus and of mj's own
// models has a colour without any file.
const Palette& default_palette();
// Reads <color symbol="B" value="000000"/> children of the root element. Malformed XML, a missing
// attribute, a symbol that is not one character, a bad colour or a repeated symbol -> mj::Error.
Palette load_palette(const std::filesystem::path& file);
// The default palette with `file`'s colours over it, when `file` exists; the default alone otherwise.
Palette palette_with(const std::filesystem::path& file);
// The colour of each symbol of `legend`; throws mj::Error naming the first symbol without one.
std::vector<uint32_t> legend_colors(const std::string& legend, const Palette& palette);

// Pixels are 0xAARRGGBB, row-major, y pointing down: argb[x + y * width].
struct Image {
  int width = 0, height = 0;
  std::vector<uint32_t> argb;
};

// The same pixels as bytes, R, G, B, A per pixel, rows top down: what browsers, numpy and C take.
struct RgbaImage {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
};
RgbaImage to_rgba(const Image& image);

// Behind pictures: the reference GUI's default background (its settings.xml, "222222").
constexpr uint32_t kBackground = 0xFF222222;

// The largest picture render and save_png make (1 GiB of pixels); larger ones are an mj::Error.
constexpr long long kMaxPicturePixels = 1LL << 28;

struct RenderOptions {
  int pixelsize = kDefaultPixelsize;  // pixels per cell side (2D), or the cube size of the isometric view (3D)
  int margin = 0;                     // background columns added on the left (where the reference's GUI draws)
};

// A 2D grid as squares of `pixelsize`; a 3D grid as shaded isometric cubes (value 0 is empty
// space), pixel-exact with the reference. `colors[v]` is value v's colour (legend_colors).
Image render(const GridView& grid, const std::vector<uint32_t>& colors, const RenderOptions& options = {});

// The reference GUI's sidebar for model `name` (its node tree, the running branch and fired rules
// highlighted) over the left margin of `picture`, which was rendered with one. Reads the fonts and
// settings.xml of `resources`. Throws mj::Error for a drawn symbol without a colour in `palette`.
void draw_sidebar(Image& picture, const std::string& name, const NodeView& tree, const Palette& palette,
                  const std::filesystem::path& resources);

// PNG: any colour type and bit depth reads as 8-bit ARGB, colours taken as stored (a palette pixel whose index is
// past the palette is an error naming it). Pictures of at most 256 colours are written as palette indices at the
// smallest bit depth. Throws mj::Error.
Image load_png(const std::filesystem::path& file);
std::vector<uint8_t> encode_png(const Image& image);
void save_png(const std::filesystem::path& file, const Image& image);
// The picture render(grid, colors, {pixelsize}) as PNG, made straight from the cells for 2D grids
// (no pixel-sized image in between: a fraction of the time).
std::vector<uint8_t> encode_png(const GridView& grid, const std::vector<uint32_t>& colors, int pixelsize);
void save_png(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors,
              int pixelsize);

// MagicaVoxel VOX, byte for byte as the reference writes it: value v != 0 is a voxel of colour
// index v + 1, value 0 is empty. Sides must be 1..256. Throws mj::Error.
std::vector<uint8_t> encode_vox(const GridView& grid, const std::vector<uint32_t>& colors);
void save_vox(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors);

// glTF 2.0 binary (.glb), what game engines and 3D editors import: the grid as one mesh, value 0
// empty (as in VOX), the faces between filled cells left out and each value's faces merged into
// rectangles (greedy meshing), a primitive and a material (the palette's colour) per value. MJ's z is
// glTF's up axis; one cell is one unit, the grid centred on the origin across the ground.
std::vector<uint8_t> encode_glb(const GridView& grid, const std::vector<uint32_t>& colors);
void save_glb(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors);
// The triangles encode_glb makes of the grid.
size_t glb_triangles(const GridView& grid);

// Tiled maps (Tiled's JSON map format, .tmj), what 2D level editors and engines import: a tile layer
// of the cell values (one per z layer in 3D), tile v + 1 for value v, over a tileset of `pixelsize`
// squares of the palette's colours (a PNG strip, tile v of colour colors[v]) whose tiles carry their
// symbol as a property. save_tiled writes `file` and the tileset NAME_tiles.png beside it, and
// returns the tileset's path; encode_tiled gives the map's text naming `tileset_image`.
std::string encode_tiled(const GridView& grid, const std::vector<uint32_t>& colors, int pixelsize,
                         const std::string& tileset_image);
Image tiled_tileset(const std::vector<uint32_t>& colors, int pixelsize);
// A tile model's grid (Snapshot::tiles) as a Tiled map: one layer of tiles, tile t + 1 for
// variant t, over an atlas of every variant's picture (size x size cells of `pixelsize` pixels in the
// palette's colours, variant t at column t % columns, row t / columns, about square), each tile named
// by a property "tile" ("Line", "Line 2" for its second variant...). A variant is a tile of its own (a
// turned tile is not written as Tiled's flip flags: the tileset's turns need not be Tiled's).
std::string encode_tiled(const TileLayer& tiles, int pixelsize, const std::string& tileset_image);
Image tiled_atlas(const TileLayer& tiles, const std::vector<uint32_t>& colors, int pixelsize);
// `tiles` (or null): the map of tiles over their atlas, else the map of cells over the palette.
std::filesystem::path save_tiled(const std::filesystem::path& file, const GridView& grid,
                                 const std::vector<uint32_t>& colors, int pixelsize, const TileLayer* tiles = nullptr);

// The files a grid can be saved as, told by the file's extension (any case): .png (3D grids drawn
// isometric), .vox, .glb, .tmj, .gif (an animation of a run: mj::save_run) and .txt (the state
// text: Snapshot::state_text), mj/outputs.hpp.
enum class GridFormat { png, vox, glb, tiled, gif, state };
// The format of `file`'s extension; mj::Error naming the extensions mj writes for any other.
GridFormat grid_format(const std::filesystem::path& file);
// The picture `mj run` writes for a grid: `stem`.png for a 2D grid or when `iso` (3D drawn as isometric
// cubes), else `stem`.vox. The one rule for the CLI, the C interface and any other face.
std::filesystem::path picture_file(const std::filesystem::path& stem, const GridView& grid, bool iso);
// Writes the grid in the format of `file`'s extension (not .gif or .txt, which need the run); a .tmj of a
// tile model's grid is a map of its tiles when given them (Snapshot::tiles), as save_tiled.
void save_grid(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors,
               int pixelsize, const TileLayer* tiles = nullptr);

// An animated GIF streamed to disk a frame at a time, so memory stays bounded by one frame. Each
// frame gets its own colour table; a frame of more than 256 colours keeps its 256 most frequent and
// maps the others to the nearest of those. The animation loops forever. The file is written whole or
// not at all: frames go to a new file beside it, which close() renames to the name given.
class GifWriter {
 public:
  static constexpr int kMaxSide = 65535;  // GIF sides are 16-bit; the constructor refuses larger
  GifWriter(const std::filesystem::path& file, int width, int height, int delay_centiseconds = 5);
  ~GifWriter();  // without close(), the GIF is abandoned: no file is left under its name
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  void add_frame(const Image& frame);  // frame must be width x height
  void close();                        // writes the trailer; later calls do nothing
  int frames() const;

 private:
  struct Stream;  // giflib's handle
  [[noreturn]] void fail(const std::string& what, int gif_error) const;
  std::string file_;
  std::unique_ptr<Stream> stream_;
  int width_, height_, delay_;
  int frames_ = 0;
};

}  // namespace mj
