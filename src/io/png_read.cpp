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

#include "io/png.hpp"
#include "io/png_errors.hpp"
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

// Decodes into `rgba`, 4 bytes a pixel. Returns false when libpng reported an
// error (message in the ErrorSlot). Every object with a destructor belongs to
// the caller, so the longjmp back into this frame skips no C++ cleanup.
bool decode(png_structp png, png_infop info, std::FILE* fp, png_uint_32& width, png_uint_32& height,
            std::vector<png_byte>& rgba, std::vector<png_bytep>& rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_init_io(png, fp);
  png_set_sig_bytes(png, 8);
  png_read_info(png, info);
  width = png_get_image_width(png, info);
  height = png_get_image_height(png, info);
  if (too_large(width, height)) png_error(png, "image too large (limit 16384x16384 and 2^26 pixels)");
  request_rgba8(png, info);
  if (png_get_rowbytes(png, info) != 4 * static_cast<size_t>(width)) png_error(png, "unexpected row layout");
  rgba.resize(4 * static_cast<size_t>(width) * height);
  rows.resize(height);
  for (png_uint_32 y = 0; y < height; ++y) rows[y] = rgba.data() + 4 * static_cast<size_t>(width) * y;
  png_read_image(png, rows.data());  // trailing chunks after the pixels are not needed
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
  std::vector<png_byte> rgba;
  std::vector<png_bytep> rows;
  if (!decode(h.png, h.info, fp.get(), width, height, rgba, rows)) {
    const std::string reason = slot.message;  // libpng's reader says "Read Error" when the file ends early
    throw Error(name, 0, reason == "Read Error" ? "PNG file is truncated" : "corrupt PNG file: " + reason);
  }
  return to_image(width, height, rgba);
}

}  // namespace mj
