// The golden text format of a final grid, and the per-step grid hash of the traces.
#pragma once

#include <cstdint>
#include <string>

#include "mj/interpreter.hpp"

namespace mj::io {

// "NAME FX FY FZ SEED STEPS", the legend, then FY*FZ rows of FX symbols.
std::string format_state(const std::string& name, const GridView& grid, int seed, int steps);
// 64-bit FNV-1a of the cell values as bytes.
uint64_t grid_hash(const GridView& grid);

}  // namespace mj::io
