#include "io/formats/png_rows.hpp"

#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <exception>
#include <string>

#include "core/partial_file.hpp"
#include "io/formats/png_errors.hpp"
#include "mj/error.hpp"

namespace mj::io {

struct PngRows::Impl {
  PartialFile file;
  png_structp png = nullptr;
  png_infop info = nullptr;
  ErrorSlot slot;
  int width = 0, height = 0, pixelsize = 1, written = 0;
  std::vector<png_byte> pixels;  // one row of pixels

  explicit Impl(const std::filesystem::path& f) : file(f) {}
  ~Impl() { png_destroy_write_struct(&png, &info); }
  [[noreturn]] void fail() const { file.fail(std::string("cannot write PNG: ") + slot.message); }
};

namespace {

// A failed write (a full disk) goes back through libpng as its own errors do: no exception crosses its frames.
void to_file(png_structp png, png_bytep data, size_t length) {
  char failed[256] = "";
  try {
    static_cast<PartialFile*>(png_get_io_ptr(png))->write(data, length);
  } catch (const std::exception& e) {
    std::snprintf(failed, sizeof failed, "%s", e.what());
  }
  if (failed[0]) png_error(png, failed);
}

void no_flush(png_structp) {}

// The calls into libpng, each in a frame holding no C++ object (libpng longjmps out of it on an error).
bool begin(png_structp png, png_infop info, PartialFile* file, int width, int height,
           const std::vector<png_color>& palette) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_write_fn(png, file, to_file, no_flush);
  png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_PLTE(png, info, palette.data(), int(palette.size()));
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_level(png, 3);  // as png_write.cpp's pictures
  png_write_info(png, info);
  return true;
}

bool write_row(png_structp png, png_bytep pixels) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_write_row(png, pixels);
  return true;
}

bool end(png_structp png) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_write_end(png, nullptr);
  return true;
}

}  // namespace

PngRows::PngRows(const std::filesystem::path& file, long long width, long long height,
                 const std::vector<uint32_t>& colors, int pixelsize) {
  constexpr long long kMostPixels = 1LL << 30;  // a side: PNG takes 2^31 - 1, viewers far less
  if (width * pixelsize > kMostPixels || height * pixelsize > kMostPixels || colors.size() > 256 || colors.empty())
    throw Error(file.string(), 0,
                "cannot write a PNG of " + std::to_string(width * pixelsize) + " x " +
                    std::to_string(height * pixelsize) + " pixels",
                ErrorKind::argument);
  impl_ = std::make_unique<Impl>(file);
  Impl& i = *impl_;
  i.width = int(width), i.height = int(height), i.pixelsize = pixelsize;
  i.pixels.resize(size_t(width) * size_t(pixelsize));
  std::vector<png_color> palette;
  for (uint32_t c : colors) palette.push_back({png_byte(c >> 16), png_byte(c >> 8), png_byte(c)});
  i.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &i.slot, on_png_error, on_png_warning);
  if (i.png) i.info = png_create_info_struct(i.png);
  if (!i.info) throw Error(file.string(), 0, "libpng could not allocate its writer", ErrorKind::memory);
  if (!begin(i.png, i.info, &i.file, i.width * pixelsize, i.height * pixelsize, palette)) i.fail();
}

PngRows::~PngRows() = default;

void PngRows::row(const uint8_t* cells) {
  Impl& i = *impl_;
  png_byte* out = i.pixels.data();
  for (int x = 0; x < i.width; x++)
    for (int k = 0; k < i.pixelsize; k++) *out++ = cells[x];
  for (int k = 0; k < i.pixelsize; k++)
    if (!write_row(i.png, i.pixels.data())) i.fail();
  i.written++;
}

void PngRows::commit() {
  Impl& i = *impl_;
  if (i.written != i.height)
    i.file.fail("a PNG of " + std::to_string(i.height) + " rows has " + std::to_string(i.written));
  if (!end(i.png)) i.fail();
  i.file.commit();
}

}  // namespace mj::io
