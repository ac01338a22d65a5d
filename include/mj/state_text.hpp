// mj's public API: a grid as the text the golden runs and `mj run --state` use, and its hash in the
// reference's step traces.
#pragma once

#include <cstdint>
#include <string>

#include "mj/grid_view.hpp"

namespace mj {

// "NAME FX FY FZ SEED STEPS", the legend, then FY*FZ rows of FX symbols (x fastest, then y, then z).
std::string state_text(const std::string& name, const GridView& grid, int seed, int steps);
// The grid's rows as mj explore writes a state (StateSpace::grids): rows of symbols apart by '/', layers by ' '.
std::string grid_rows(const GridView& grid);
// 64-bit FNV-1a of the cell values as bytes.
uint64_t grid_hash(const GridView& grid);

}  // namespace mj
