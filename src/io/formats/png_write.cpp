// PNG writing: pictures of grids as palette PNGs at the smallest bit depth, packed straight from the
// cells; other images as palette or RGBA PNGs.
#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <string>
#include <vector>

#include "core/file_bytes.hpp"
#include "core/point.hpp"
#include "io/formats/png.hpp"
#include "io/formats/png_errors.hpp"
#include "io/render/canvas.hpp"
#include "mj/error.hpp"

namespace mj::io {
namespace {

void check_saveable(const std::string& name, const Image& image) {
  if (image.width > 0 && image.height > 0 && image.width <= (1 << 28) &&
      image.argb.size() == static_cast<size_t>(image.width) * static_cast<size_t>(image.height))
    return;
  throw Error(name, 0,
              "cannot save a " + size_text(image.width, image.height) + " image holding " +
                  std::to_string(image.argb.size()) + " pixels");
}

// What goes into the file: pixels as palette indices (one byte each, packed by libpng to the bit
// depth, or already packed) or as RGBA bytes, one row after another, each row `repeat` times.
struct PngLayout {
  int color_type = PNG_COLOR_TYPE_PALETTE;
  int bit_depth = 8;
  int row_bytes = 0;
  int repeat = 1;
  bool packed = false;
  std::vector<png_byte> pixels;
  png_color palette[256]{};
  png_byte alpha[256]{};
  int colors = 0, alpha_count = 0;
};

int bit_depth_for(int colors) { return colors <= 2 ? 1 : colors <= 4 ? 2 : colors <= 16 ? 4 : 8; }

uint32_t index_color(const PngLayout& layout, int k) {
  const png_color& c = layout.palette[k];
  return uint32_t{layout.alpha[k]} << 24 | uint32_t{c.red} << 16 | uint32_t{c.green} << 8 | c.blue;
}

void add_color(PngLayout& out, uint32_t c) {
  out.palette[out.colors] = {png_byte(c >> 16), png_byte(c >> 8), png_byte(c)};
  out.alpha[out.colors] = png_byte(c >> 24);
  if (c >> 24 != 0xFF) out.alpha_count = out.colors + 1;
  out.colors++;
}

// Pictures of grids hold a few colours: written as palette indices they are a quarter of the
// bytes and compress many times faster than RGBA, with the same pixels. False past 256 colours.
bool index_colors(const Image& image, PngLayout& out) {
  constexpr size_t kSlots = 1024;  // open addressing, at most a quarter full
  std::vector<uint32_t> keys(kSlots);
  std::vector<int> slots(kSlots, -1);
  out.pixels.resize(image.argb.size());
  uint32_t last = 0;
  int last_index = -1;
  for (size_t i = 0; i < image.argb.size(); ++i) {
    const uint32_t c = image.argb[i];
    if (c != last || last_index < 0) {
      size_t h = (c * 2654435761u) >> 22;
      while (slots[h] >= 0 && keys[h] != c) h = (h + 1) & (kSlots - 1);
      if (slots[h] < 0) {
        if (out.colors == 256) return false;
        keys[h] = c, slots[h] = out.colors;
        add_color(out, c);
      }
      last = c, last_index = slots[h];
    }
    out.pixels[i] = png_byte(last_index);
  }
  out.bit_depth = bit_depth_for(out.colors);
  out.row_bytes = image.width;
  return true;
}

void rgba_bytes(const Image& image, PngLayout& out) {
  out.color_type = PNG_COLOR_TYPE_RGB_ALPHA;
  out.row_bytes = 4 * image.width;
  out.pixels.resize(4 * image.argb.size());
  for (size_t i = 0; i < image.argb.size(); ++i) {
    const uint32_t c = image.argb[i];
    png_byte* p = &out.pixels[4 * i];
    p[0] = png_byte(c >> 16), p[1] = png_byte(c >> 8), p[2] = png_byte(c), p[3] = png_byte(c >> 24);
  }
}

PngLayout layout_of(const Image& image) {
  PngLayout layout;
  if (!index_colors(image, layout)) rgba_bytes(image, layout);
  return layout;
}

// Appends bit fields high bits first, as PNG packs sub-byte pixels, a byte at a time.
struct BitWriter {
  png_byte* out;
  uint64_t bits = 0;
  int count = 0;

  void put(uint64_t field, int width) {  // width <= 56
    bits = bits << width | field, count += width;
    for (; count >= 8; count -= 8) *out++ = png_byte(bits >> (count - 8));
  }
  void flush() {
    if (count > 0) *out = png_byte(bits << (8 - count));
  }
};

// A cell is `pixelsize` equal pixels: its bits are put a run of pixels at a time.
struct CellPixels {
  int depth, pixelsize, run;  // run: pixels a put takes
  uint64_t pattern[256];      // a value's palette index, `run` times

  CellPixels(const png_byte* index, int depth, int pixelsize)
      : depth(depth), pixelsize(pixelsize), run(std::min(pixelsize, 56 / depth)) {
    for (int v = 0; v < 256; v++) {
      pattern[v] = 0;
      for (int k = 0; k < run; k++) pattern[v] = pattern[v] << depth | index[v];
    }
  }

  void pack_row(const uint8_t* cells, int mx, png_byte* out) const {
    const int bits = depth * run;  // a cell's, when run == pixelsize
    if (run == pixelsize && 8 % bits == 0) return pack_into_bytes(cells, mx, out);
    if (run == pixelsize && bits % 8 == 0) return pack_whole_bytes(cells, mx, out);
    BitWriter writer{out};
    if (run == pixelsize) {  // a put a cell
      for (int x = 0; x < mx; x++) writer.put(pattern[cells[x]], bits);
      writer.flush();
      return;
    }
    for (int x = 0; x < mx; x++)
      for (int left = pixelsize; left > 0; left -= run) {
        const int n = std::min(left, run);
        writer.put(pattern[cells[x]] >> (depth * (run - n)), depth * n);
      }
    writer.flush();
  }

  // Cells of 1, 2, 4 or 8 bits (the pictures of large grids at pixel size 1): a byte holds several,
  // put together without the writer's count.
  void pack_into_bytes(const uint8_t* cells, int mx, png_byte* out) const {
    switch (depth * run) {
      case 1: return pack_into_bytes<1>(cells, mx, out);
      case 2: return pack_into_bytes<2>(cells, mx, out);
      case 4: return pack_into_bytes<4>(cells, mx, out);
      default: return pack_into_bytes<8>(cells, mx, out);
    }
  }
  template <int kBits>
  void pack_into_bytes(const uint8_t* cells, int mx, png_byte* out) const {
    constexpr int kPerByte = 8 / kBits;
    int x = 0;
    for (; x + kPerByte <= mx; x += kPerByte) {
      unsigned byte = 0;
      for (int k = 0; k < kPerByte; k++) byte = byte << kBits | unsigned(pattern[cells[x + k]]);
      *out++ = png_byte(byte);
    }
    if (x == mx) return;
    unsigned byte = 0;
    for (int k = 0; k < kPerByte; k++) byte = byte << kBits | (x + k < mx ? unsigned(pattern[cells[x + k]]) : 0u);
    *out = png_byte(byte);
  }

  // Cells of whole bytes: each its value's bytes, high first.
  void pack_whole_bytes(const uint8_t* cells, int mx, png_byte* out) const {
    switch (depth * run / 8) {
      case 2: return pack_whole_bytes<2>(cells, mx, out);
      case 4: return pack_whole_bytes<4>(cells, mx, out);
      default: break;
    }
    const int bytes = depth * run / 8;
    for (int x = 0; x < mx; x++)
      for (int k = bytes - 1; k >= 0; k--) *out++ = png_byte(pattern[cells[x]] >> (8 * k));
  }
  template <int kBytes>
  void pack_whole_bytes(const uint8_t* cells, int mx, png_byte* out) const {
    for (int x = 0; x < mx; x++, out += kBytes)
      for (int k = 0; k < kBytes; k++) out[k] = png_byte(pattern[cells[x]] >> (8 * (kBytes - 1 - k)));
  }
};

// A 2D grid's picture: the palette holds the colours of the values present (equal colours once),
// and each grid row becomes one packed row of pixels, written `pixelsize` times.
PngLayout layout_of(const GridView& grid, const std::vector<uint32_t>& colors, int pixelsize) {
  bool present[256] = {};
  for (size_t i = 0; i < grid.size(); i++) present[grid.cells[i]] = true;
  for (size_t v = colors.size(); v < 256; v++)
    if (present[v]) check_colors(grid.cells, grid.size(), colors, false);  // says which value
  PngLayout out;
  png_byte index[256] = {};
  for (size_t v = 0; v < colors.size(); v++) {
    if (!present[v]) continue;
    int k = 0;
    while (k < out.colors && index_color(out, k) != colors[v]) k++;
    if (k == out.colors) add_color(out, colors[v]);
    index[v] = png_byte(k);
  }
  out.bit_depth = bit_depth_for(out.colors);
  out.packed = true, out.repeat = pixelsize;
  const size_t width = size_t(grid.mx) * size_t(pixelsize);
  out.row_bytes = int((width * size_t(out.bit_depth) + 7) / 8);
  out.pixels.resize(size_t(out.row_bytes) * size_t(grid.my));
  const CellPixels pixels(index, out.bit_depth, pixelsize);
  for (int y = 0; y < grid.my; y++)
    pixels.pack_row(grid.cells + size_t(y) * size_t(grid.mx), grid.mx, &out.pixels[size_t(y) * size_t(out.row_bytes)]);
  return out;
}

struct WriteHandles {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~WriteHandles() { png_destroy_write_struct(&png, &info); }
};

void append_bytes(png_structp png, png_bytep data, size_t length) {
  auto* out = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(png));
  out->insert(out->end(), data, data + length);
}

// As decode: false after a libpng error, and no C++ object lives in this frame.
bool encode(png_structp png, png_infop info, int width, int height, const PngLayout& layout,
            std::vector<uint8_t>* out) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_write_fn(png, out, append_bytes, nullptr);
  png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), layout.bit_depth, layout.color_type,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (layout.color_type == PNG_COLOR_TYPE_PALETTE) {
    png_set_PLTE(png, info, layout.palette, layout.colors);
    if (layout.alpha_count > 0) png_set_tRNS(png, info, layout.alpha, layout.alpha_count, nullptr);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);  // filters do not help palette data
    // The indexes are ours, each below the palette's size: libpng's scan of every row for larger
    // ones took a tenth of the writing's time.
    png_set_check_for_invalid_index(png, 0);
  }
  // Level 3 (of zlib's 9) chosen by measurement: against the default 6 it takes 40-45% fewer instructions
  // on the corpus' large pictures for files 6% (mazes) to 85% (percolation noise) larger.
  png_set_compression_level(png, 3);
  png_write_info(png, info);
  if (!layout.packed) png_set_packing(png);  // rows of a byte a pixel; libpng packs them to the bit depth
  for (int y = 0; y < height; ++y)
    png_write_row(png, layout.pixels.data() + size_t(y / layout.repeat) * size_t(layout.row_bytes));
  png_write_end(png, nullptr);
  return true;
}

std::vector<uint8_t> encode_layout(const std::string& name, int width, int height, const PngLayout& layout) {
  ErrorSlot slot;
  WriteHandles h;
  h.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &slot, on_png_error, on_png_warning);
  if (h.png) h.info = png_create_info_struct(h.png);
  if (!h.info) throw Error(name, 0, "libpng could not allocate its writer");
  std::vector<uint8_t> bytes;
  if (!encode(h.png, h.info, width, height, layout, &bytes))
    throw Error(name, 0, std::string("cannot write PNG file: ") + slot.message, ErrorKind::io);
  return bytes;
}

std::vector<uint8_t> encode_named(const std::string& name, const Image& image) {
  check_saveable(name, image);
  return encode_layout(name, image.width, image.height, layout_of(image));
}

}  // namespace
}  // namespace mj::io

namespace mj {

using namespace io;  // this file's helpers

std::vector<uint8_t> encode_png(const Image& image) { return encode_named("<png>", image); }

std::vector<uint8_t> encode_png(const GridView& grid, const std::vector<uint32_t>& colors, int pixelsize) {
  if (grid.mz != 1) return encode_png(render(grid, colors, {pixelsize}));
  check_at_least({grid.mx, grid.my, pixelsize}, 1, "grid size and pixel size");
  const long long width = (long long)grid.mx * pixelsize, height = (long long)grid.my * pixelsize;
  check_picture_size(width, height);  // as a rendered picture would be
  return encode_layout("<png>", int(width), int(height), layout_of(grid, colors, pixelsize));
}

void save_png(const std::filesystem::path& file, const Image& image) {
  write_file(file, encode_named(file.string(), image));
}

void save_png(const std::filesystem::path& file, const GridView& grid, const std::vector<uint32_t>& colors,
              int pixelsize) {
  save_encoded(file, [&] { return encode_png(grid, colors, pixelsize); });
}

}  // namespace mj
