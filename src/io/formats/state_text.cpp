#include "io/formats/state_text.hpp"

namespace mj {

std::string state_text(const std::string& name, const GridView& grid, int seed, int steps) {
  std::string text = name + " " + std::to_string(grid.mx) + " " + std::to_string(grid.my) + " " +
                     std::to_string(grid.mz) + " " + std::to_string(seed) + " " + std::to_string(steps) + "\n";
  text += grid.legend + "\n";
  for (size_t row = 0; row < size_t(grid.my) * size_t(grid.mz); row++) {
    for (int x = 0; x < grid.mx; x++) text += grid.legend[grid.cells[row * size_t(grid.mx) + size_t(x)]];
    text += "\n";
  }
  return text;
}

std::string grid_rows(const GridView& grid) {
  std::string text;
  for (int z = 0; z < grid.mz; z++)
    for (int y = 0; y < grid.my; y++) {
      if (z > 0 || y > 0) text += y == 0 ? ' ' : '/';
      for (int x = 0; x < grid.mx; x++) text += grid.legend[grid.cells[x + grid.mx * (y + grid.my * z)]];
    }
  return text;
}

uint64_t grid_hash(const GridView& grid) {
  uint64_t hash = 14695981039346656037ull;
  for (size_t i = 0; i < grid.size(); i++) {
    hash ^= grid.cells[i];
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace mj
