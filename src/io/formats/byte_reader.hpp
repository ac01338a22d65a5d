// mj::io: bounds-checked little-endian reads over an in-memory file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "mj/error.hpp"

namespace mj::io {

// Every read checks the remaining length, so a truncated or lying file turns
// into mj::Error(file, 0, ...) instead of an out-of-bounds access.
class ByteReader {
 public:
  // `what` names the byte range in messages: "file", "chunk SIZE", ... `file` names the file in
  // them, and outlives the reader (files of many chunks make a reader per chunk).
  ByteReader(std::string_view bytes, std::string_view file, std::string what = "file")
      : bytes_(bytes), file_(file), what_(std::move(what)) {}

  bool at_end() const { return pos_ == bytes_.size(); }
  size_t remaining() const { return bytes_.size() - pos_; }

  uint8_t u8() { return static_cast<uint8_t>(take_raw(1)[0]); }
  uint32_t u32() {
    std::string_view b = take_raw(4);
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<uint8_t>(b[i]);
    return v;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  std::string_view tag() { return take_raw(4); }

  // A reader over the next n bytes, which this reader then skips.
  ByteReader take(size_t n, std::string what) {
    if (remaining() < n) fail(what + " runs past the end of the " + what_);
    return ByteReader(take_raw(n), file_, std::move(what));
  }

  [[noreturn]] void fail(const std::string& message) const { throw Error(std::string(file_), 0, message); }

 private:
  std::string_view take_raw(size_t n) {
    if (remaining() < n) fail(what_ + " is truncated");
    std::string_view b = bytes_.substr(pos_, n);
    pos_ += n;
    return b;
  }

  std::string_view bytes_;
  std::string_view file_;
  std::string what_;
  size_t pos_ = 0;
};

}  // namespace mj::io
