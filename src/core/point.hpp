#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mj {

// A cell position or offset on a grid.
struct Point {
  int x = 0, y = 0, z = 0;
  friend bool operator==(const Point&, const Point&) = default;
  friend Point operator+(const Point& a, const Point& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  bool is_zero() const { return x == 0 && y == 0 && z == 0; }
  int volume() const { return x * y * z; }  // of a size: its cells
};

// A size as messages write it: "AxB" for pictures, "AxBxC" for grids and patterns.
inline std::string size_text(long long x, long long y) { return std::to_string(x) + "x" + std::to_string(y); }
inline std::string size_text(long long x, long long y, long long z) {
  return size_text(x, y) + "x" + std::to_string(z);
}
inline std::string size_text(const Point& size) { return size_text(size.x, size.y, size.z); }

// The cells of an mx*my*mz grid that every box of at most reach+1 cells per axis covering them
// lies inside: positions around such a cell need no bounds checks. Per axis, reach <= x < m - reach
// is one unsigned comparison.
class Interior {
 public:
  Interior() = default;
  Interior(const Point& reach, int mx, int my, int mz)
      : reach_(reach), span_{unsigned(std::max(0, mx - 2 * reach.x)), unsigned(std::max(0, my - 2 * reach.y)),
                             unsigned(std::max(0, mz - 2 * reach.z))} {}
  bool contains(int x, int y, int z) const {
    return (unsigned(x - reach_.x) < span_[0]) & (unsigned(y - reach_.y) < span_[1]) &
           (unsigned(z - reach_.z) < span_[2]);
  }
  // contains() for every cell of the mx*my*mz grid, a bit per cell index (x fastest), filled a
  // row's span of words at a time.
  std::vector<uint64_t> cell_bits(int mx, int my, int mz) const {
    std::vector<uint64_t> bits((size_t(mx) * size_t(my) * size_t(mz) + 63) / 64, 0);
    for (int z = 0; z < mz; z++)
      for (int y = 0; y < my; y++) {
        if (!contains(reach_.x, y, z)) continue;
        size_t from = (size_t(z) * size_t(my) + size_t(y)) * size_t(mx) + size_t(reach_.x);
        for (const size_t end = from + span_[0]; from < end;) {
          const size_t low = from % 64, count = std::min<size_t>(64 - low, end - from);
          bits[from / 64] |= (count == 64 ? ~uint64_t(0) : (uint64_t(1) << count) - 1) << low;
          from += count;
        }
      }
    return bits;
  }

 private:
  Point reach_;
  unsigned span_[3] = {0, 0, 0};
};

// Interior::contains by cell index: one bit test where the coordinates would otherwise have to be
// recovered from the index.
class InteriorCells {
 public:
  InteriorCells() = default;
  InteriorCells(const Interior& interior, int mx, int my, int mz) : bits_(interior.cell_bits(mx, my, mz)) {}
  // The bits themselves, for loops that hold them in a local.
  struct View {
    const uint64_t* words;
    bool contains(int cell) const { return words[size_t(cell) / 64] >> (size_t(cell) % 64) & 1u; }
  };
  View view() const { return {bits_.data()}; }
  bool contains(int cell) const { return view().contains(cell); }

 private:
  std::vector<uint64_t> bits_;
};

}  // namespace mj
