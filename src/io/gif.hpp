// mj::io: animated GIF output (giflib), one frame at a time.
#pragma once

#include <filesystem>
#include <string>

#include "io/image.hpp"

struct GifFileType;  // giflib's handle; kept opaque so callers need not include gif_lib.h

namespace mj::io {

// Streams frames to disk as they come, so memory stays bounded by one frame.
// Each frame gets its own exact colour table built from its distinct RGB
// colours (alpha is ignored: GIF has none). A frame with more than 256
// distinct colours keeps its 256 most frequent ones and maps every other
// pixel to the nearest of those (squared RGB distance).
class GifWriter {
 public:
  // Opens the file and writes the header; the animation loops forever.
  GifWriter(const std::filesystem::path& file, int width, int height, int delay_centiseconds = 5);
  ~GifWriter();  // calls close(), swallowing errors (call close() to see them)
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  void add_frame(const Image& frame);  // frame must be width x height
  void close();                        // writes the trailer; later calls do nothing
  int frames() const;

 private:
  [[noreturn]] void fail(const std::string& what, int gif_error) const;

  std::string file_;
  GifFileType* gif_ = nullptr;
  int width_, height_, delay_;
  int frames_ = 0;
};

}  // namespace mj::io
