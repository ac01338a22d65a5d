// mj::io: a PNG written a row of cells at a time (a world's region, too large to hold whole): a palette PNG of
// 8 bits a pixel, each cell `pixelsize` pixels square, into a file that is whole or not there (PartialFile).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace mj::io {

class PngRows {
 public:
  // `colors[v]`: value v's colour (0xAARRGGBB), at most 256. Throws mj::Error naming `file`.
  PngRows(const std::filesystem::path& file, long long width, long long height, const std::vector<uint32_t>& colors,
          int pixelsize);
  ~PngRows();
  // The next row of `width` cells (values below colors.size()).
  void row(const uint8_t* cells);
  // After the last row: the file ends and takes its name. Throws mj::Error when rows are missing.
  void commit();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mj::io
