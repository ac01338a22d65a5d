// mj::io: libpng's error callbacks, shared by png_read.cpp and png_write.cpp. libpng reports errors by
// calling back and longjmp-ing; the message lands in an ErrorSlot, so that the C++ caller can throw.
#pragma once

#include <png.h>

#include <cstdio>

namespace mj::io {

struct ErrorSlot {
  char message[256] = "unknown libpng error";
};

inline void on_png_error(png_structp png, png_const_charp message) {
  auto* slot = static_cast<ErrorSlot*>(png_get_error_ptr(png));
  std::snprintf(slot->message, sizeof slot->message, "%s", message);
  png_longjmp(png, 1);
}

inline void on_png_warning(png_structp, png_const_charp) {}  // library code never prints

}  // namespace mj::io
