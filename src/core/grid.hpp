// The grid: a 3D array of cell values over an alphabet of one-character symbols.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/point.hpp"
#include "core/xml.hpp"
#include "mj/defaults.hpp"  // kMaxCells: larger grids are refused before allocating
#include "mj/value_set.hpp"

namespace mj {

struct Rule;

// The largest alphabet: value sets are 32-bit masks.
constexpr int kMaxValues = 32;

// The wave of all values, as the reference computes it with a 32-bit shift
// (so an alphabet of exactly 32 values gets the empty wave, as there).
inline ValueSet all_values(int count) { return ValueSet((1u << (count & 31)) - 1u); }

class Grid {
 public:
  // Reads `values`, `folder`, `transparent` and the <union> elements reachable through
  // markov/sequence children. Throws on an empty, repeated or oversized alphabet.
  static std::unique_ptr<Grid> load(const XmlElement& element, int mx, int my, int mz, long long max_cells = kMaxCells);

  int mx = 0, my = 0, mz = 0;
  std::vector<uint8_t> state;  // cell values, x fastest, then y, then z
  int values = 0;              // number of values (the legend's length)
  std::string characters;      // value index -> symbol
  std::string folder;          // sub-folder of resources/rules for file rules
  ValueSet transparent = 0;

  int size() const { return int(state.size()); }
  int index(int x, int y, int z) const { return x + y * mx + z * mx * my; }
  Point point(int i) const { return {i % mx, (i / mx) % my, i / (mx * my)}; }
  // Cell i as messages name it: "(x, y)" on a 2D grid, "(x, y, z)" on a 3D one.
  std::string cell_name(int i) const {
    const Point p = point(i);
    std::string name = "(";  // appended piece by piece: GCC 12 warns (-Wrestrict) of a literal prepended to a temporary
    name += std::to_string(p.x) + ", " + std::to_string(p.y);
    if (mz > 1) (name += ", ") += std::to_string(p.z);
    return name + ")";
  }
  void clear() { std::fill(state.begin(), state.end(), uint8_t(0)); }

  // Value index of a symbol, or -1.
  int value_of(char symbol) const { return value_index_[uint8_t(symbol)]; }
  // ValueSet of a symbol (a value, a union or '*'), nullopt when unknown.
  std::optional<ValueSet> wave_of(char symbol) const;
  // Union of the values named by `symbols`; throws at `where` on an unknown symbol.
  ValueSet wave(std::string_view symbols, const XmlElement& where) const;

  bool matches(const Rule& rule, int x, int y, int z) const;

  // The cells every box of at most reach + 1 cells per axis around lies inside (Interior), by
  // cell index: made on first request, and shared by the nodes of this grid with the same reach.
  const InteriorCells& interior_cells(const Point& reach) const;

 private:
  void add_value(char symbol, const XmlElement& where);
  mutable std::vector<std::pair<Point, std::shared_ptr<const InteriorCells>>> interiors_;
  std::array<int16_t, 256> value_index_{};
  std::array<std::optional<ValueSet>, 256> waves_{};
};

// Grid::point without divisions, for loops that turn many cell indices back into points: n / d
// is the high half of n * (floor((2^64 - 1) / d) + 1), exactly for 32-bit n and d > 1 (Lemire,
// Kaser and Kurz, "Faster remainder by direct computation", 2019).
class PointOfCell {
 public:
  PointOfCell() = default;
  explicit PointOfCell(const Grid& grid)
      : width_(uint32_t(grid.mx)), layer_(uint32_t(grid.mx) * uint32_t(grid.my)), by_width_(magic(width_)),
        by_layer_(magic(layer_)) {}
  Point operator()(int cell) const {
    const uint32_t z = divide(uint32_t(cell), layer_, by_layer_), rest = uint32_t(cell) - z * layer_;
    const uint32_t y = divide(rest, width_, by_width_);
    return {int(rest - y * width_), int(y), int(z)};
  }

 private:
  static uint64_t magic(uint32_t d) { return d > 1 ? ~uint64_t(0) / d + 1 : 0; }
  static uint32_t divide(uint32_t n, uint32_t d, uint64_t m) {
    return d > 1 ? uint32_t((unsigned __int128)m * n >> 64) : n;
  }
  uint32_t width_ = 1, layer_ = 1;
  uint64_t by_width_ = 0, by_layer_ = 0;
};

}  // namespace mj
