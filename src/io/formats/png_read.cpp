// PNG reading uses libpng's full API rather than the simplified png_image one:
// the simplified reader converts files carrying a non-sRGB gAMA chunk (several
// corpus samples carry one), which would shift colours that must match the
// palette exactly.
#include <png.h>

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "io/formats/png.hpp"
#include "io/formats/png_errors.hpp"
#include "mj/error.hpp"

namespace mj::io {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

// Owns libpng's read structures for the length of one load_png call.
struct ReadHandles {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~ReadHandles() { png_destroy_read_struct(&png, &info, nullptr); }
};

// Whatever the stored format, ask libpng for 8-bit RGBA: palette and low-depth
// grey expand, tRNS becomes alpha, 16-bit scales with rounding (as ImageSharp
// does), grey becomes RGB, and formats without alpha get an opaque one.
void request_rgba8(png_structp png, png_infop info) {
  png_set_scale_16(png);
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
}

bool too_large(png_uint_32 width, png_uint_32 height) {
  return width > kMaxPngSide || height > kMaxPngSide || static_cast<long long>(width) * height > kMaxPngPixels;
}

// A palette picture is read as its indices, each checked against the palette and coloured by to_image:
// libpng's own expansion colours an index past the palette black and only warns (a benign error on read).
bool is_palette(png_structp png, png_infop info) { return png_get_color_type(png, info) == PNG_COLOR_TYPE_PALETTE; }

void request_indices(png_structp png, png_infop info) {
  png_set_packing(png);  // 1, 2 and 4-bit indices to a byte each
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
}

// Decodes into `pixels`: a palette index a pixel for a palette picture, else 4 bytes of RGBA. Returns false when
// libpng reported an error (message in the ErrorSlot). Every object with a destructor belongs to the caller, so
// the longjmp back into this frame skips no C++ cleanup.
bool decode(png_structp png, png_infop info, std::FILE* fp, png_uint_32& width, png_uint_32& height,
            std::vector<png_byte>& pixels, std::vector<png_bytep>& rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_init_io(png, fp);
  png_set_sig_bytes(png, 8);
  png_read_info(png, info);
  width = png_get_image_width(png, info);
  height = png_get_image_height(png, info);
  if (too_large(width, height)) png_error(png, "image too large (limit 16384x16384 and 2^26 pixels)");
  const size_t channels = is_palette(png, info) ? 1 : 4;
  if (channels == 1) request_indices(png, info);
  else request_rgba8(png, info);
  if (png_get_rowbytes(png, info) != channels * width) png_error(png, "unexpected row layout");
  pixels.resize(channels * width * height);
  rows.resize(height);
  for (png_uint_32 y = 0; y < height; ++y) rows[y] = pixels.data() + channels * width * y;
  png_read_image(png, rows.data());
  png_read_end(png, nullptr);  // checks what follows the pixels: the last chunk's CRC and the file's end
  return true;
}

void check_signature(std::FILE* fp, const std::string& name) {
  png_byte header[8];
  if (std::fread(header, 1, 8, fp) != 8 || png_sig_cmp(header, 0, 8) != 0) throw Error(name, 0, "not a PNG file");
}

Image to_image(png_uint_32 width, png_uint_32 height, const std::vector<png_byte>& rgba) {
  Image image{static_cast<int>(width), static_cast<int>(height), {}};
  image.argb.resize(static_cast<size_t>(width) * height);
  for (size_t i = 0; i < image.argb.size(); ++i) {
    const png_byte* p = &rgba[4 * i];
    image.argb[i] = uint32_t{p[3]} << 24 | uint32_t{p[0]} << 16 | uint32_t{p[1]} << 8 | p[2];
  }
  return image;
}

// The palette's colours, made opaque but for the first entries the tRNS chunk gives an alpha.
std::vector<uint32_t> palette_colors(png_structp png, png_infop info) {
  png_colorp palette = nullptr;
  int count = 0;
  png_get_PLTE(png, info, &palette, &count);
  png_bytep alpha = nullptr;
  int alphas = 0;
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_get_tRNS(png, info, &alpha, &alphas, nullptr);
  std::vector<uint32_t> colors;
  for (int i = 0; i < count; ++i) {
    const png_color& c = palette[i];
    const uint32_t a = i < alphas ? alpha[i] : 0xFF;
    colors.push_back(a << 24 | uint32_t{c.red} << 16 | uint32_t{c.green} << 8 | c.blue);
  }
  return colors;
}

Image to_image(png_uint_32 width, png_uint_32 height, const std::vector<png_byte>& indices,
               const std::vector<uint32_t>& colors, const std::string& name) {
  Image image{static_cast<int>(width), static_cast<int>(height), {}};
  image.argb.reserve(indices.size());
  for (png_byte index : indices) {
    if (index >= colors.size()) {
      const size_t at = image.argb.size();
      throw Error(name, 0,
                  fmt::format("pixel ({}, {}) is palette index {}, past the palette's {} colours", at % width,
                              at / width, index, colors.size()));
    }
    image.argb.push_back(colors[index]);
  }
  return image;
}

}  // namespace
}  // namespace mj::io

namespace mj {

using namespace io;  // this file's helpers

Image load_png(const std::filesystem::path& file) {
  const std::string name = file.string();
  errno = 0;
  FilePtr fp(std::fopen(name.c_str(), "rb"));
  if (!fp)
    throw Error(name, 0, std::string("cannot open PNG file: ") + std::strerror(errno),
                errno == ENOENT ? ErrorKind::missing_file : ErrorKind::io);
  check_signature(fp.get(), name);
  ErrorSlot slot;
  ReadHandles h;
  h.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &slot, on_png_error, on_png_warning);
  if (h.png) h.info = png_create_info_struct(h.png);
  if (!h.info) throw Error(name, 0, "libpng could not allocate its reader");
  png_uint_32 width = 0, height = 0;
  std::vector<png_byte> pixels;
  std::vector<png_bytep> rows;
  if (!decode(h.png, h.info, fp.get(), width, height, pixels, rows)) {
    const std::string reason = slot.message;  // libpng's reader says "Read Error" when the file ends early
    throw Error(name, 0, reason == "Read Error" ? "PNG file is truncated" : "corrupt PNG file: " + reason);
  }
  if (is_palette(h.png, h.info)) return to_image(width, height, pixels, palette_colors(h.png, h.info), name);
  return to_image(width, height, pixels);
}

}  // namespace mj
