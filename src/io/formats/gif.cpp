#include "mj/picture.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <gif_lib.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "core/partial_file.hpp"
#include "core/point.hpp"
#include "io/formats/gif_palette.hpp"
#include "mj/error.hpp"

namespace mj {
namespace {

// NETSCAPE2.0 application extension with loop count 0: repeat forever.
bool put_loop_extension(GifFileType* gif) {
  static const GifByteType app[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType loop[] = {1, 0, 0};
  return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR &&
         EGifPutExtensionBlock(gif, sizeof app, app) != GIF_ERROR &&
         EGifPutExtensionBlock(gif, sizeof loop, loop) != GIF_ERROR && EGifPutExtensionTrailer(gif) != GIF_ERROR;
}

bool put_delay(GifFileType* gif, int delay) {
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSAL_UNSPECIFIED;  // every frame covers the whole screen
  gcb.DelayTime = delay;
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType bytes[4];
  EGifGCBToExtension(&gcb, bytes);
  return EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, sizeof bytes, bytes) != GIF_ERROR;
}

// giflib wants colour tables of 2, 4, ..., 256 entries; unused ones stay black.
ColorMapObject* make_color_map(const std::vector<uint32_t>& colors) {
  int size = 2;
  while (size < static_cast<int>(colors.size())) size *= 2;
  ColorMapObject* map = GifMakeMapObject(size, nullptr);
  if (!map) return nullptr;
  for (size_t i = 0; i < colors.size(); ++i)
    map->Colors[i] = {GifByteType(colors[i] >> 16), GifByteType(colors[i] >> 8), GifByteType(colors[i])};
  return map;
}

bool put_image(GifFileType* gif, const io::IndexedFrame& frame, int width, int height) {
  ColorMapObject* map = make_color_map(frame.colors);
  if (!map) return false;
  const bool described = EGifPutImageDesc(gif, 0, 0, width, height, false, map) != GIF_ERROR;  // copies map
  GifFreeMapObject(map);
  if (!described) return false;
  for (int y = 0; y < height; ++y) {
    auto* row = const_cast<GifPixelType*>(&frame.indices[static_cast<size_t>(y) * width]);
    if (EGifPutLine(gif, row, width) == GIF_ERROR) return false;
  }
  return true;
}

}  // namespace

// giflib's handle, kept out of the public header.
struct GifWriter::Stream {
  explicit Stream(const std::filesystem::path& file) : out((remove_killed(file), file)) {}
  // What a killed writer of the same GIF left (a long run's file of hundreds of megabytes) goes now.
  static void remove_killed(const std::filesystem::path& file) {
    const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
    PartialFile::remove_stale(folder, file.filename().string());
  }
  PartialFile out;  // the GIF is written beside its name, and renamed to it by close()
  GifFileType* gif = nullptr;
};

GifWriter::GifWriter(const std::filesystem::path& file, int width, int height, int delay_centiseconds)
    : file_(file.string()), width_(width), height_(height), delay_(delay_centiseconds) {
  if (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)
    throw Error(file_, 0,
                "GIF size must be 1.." + std::to_string(kMaxSide) + " a side, got " + size_text(width, height));
  if (delay_centiseconds < 0 || delay_centiseconds > 65535) throw Error(file_, 0, "GIF frame delay must be 0..65535");
  int error = 0;
  stream_ = std::make_unique<Stream>(file);
  const int fd = stream_->out.release();  // giflib closes it
  stream_->gif = EGifOpenFileHandle(fd, &error);
  if (!stream_->gif) {
    ::close(fd);
    fail("cannot create GIF file", error);
  }
  EGifSetGifVersion(stream_->gif, true);  // frame delays and looping need GIF89a
  if (EGifPutScreenDesc(stream_->gif, width, height, 8, 0, nullptr) == GIF_ERROR || !put_loop_extension(stream_->gif)) {
    error = stream_->gif->Error;
    EGifCloseFile(std::exchange(stream_->gif, nullptr), nullptr);
    fail("cannot write GIF header", error);
  }
}

// Not closed: the GIF is abandoned, and its partial file removed (by Stream's PartialFile).
GifWriter::~GifWriter() {
  if (stream_ && stream_->gif) EGifCloseFile(std::exchange(stream_->gif, nullptr), nullptr);
}

void GifWriter::add_frame(const Image& frame) {
  if (!stream_->gif) throw Error(file_, 0, "GIF writer is already closed");
  if (frame.width != width_ || frame.height != height_ ||
      frame.argb.size() != static_cast<size_t>(width_) * static_cast<size_t>(height_))
    throw Error(file_, 0,
                "frame is " + size_text(frame.width, frame.height) + ", the GIF is " + size_text(width_, height_));
  const io::IndexedFrame indexed = io::index_frame(frame);
  errno = 0;
  if (!put_delay(stream_->gif, delay_) || !put_image(stream_->gif, indexed, width_, height_))
    fail("cannot write GIF frame " + std::to_string(frames_), stream_->gif->Error);
  ++frames_;
}

void GifWriter::close() {
  if (!stream_->gif) return;
  int error = 0;
  errno = 0;
  if (EGifCloseFile(std::exchange(stream_->gif, nullptr), &error) == GIF_ERROR) fail("cannot finish GIF file", error);
  stream_->out.commit();
}

int GifWriter::frames() const { return frames_; }

// giflib says only that a write failed: the system's reason (a full disk...) is in errno.
void GifWriter::fail(const std::string& what, int gif_error) const {
  if (gif_error == E_GIF_ERR_WRITE_FAILED && errno != 0)
    throw Error(file_, 0, what + ": " + std::strerror(errno), ErrorKind::io);
  const char* reason = GifErrorString(gif_error);
  throw Error(file_, 0, what + ": " + (reason ? reason : "giflib error " + std::to_string(gif_error)), ErrorKind::io);
}

}  // namespace mj
