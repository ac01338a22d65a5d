// A world's region gone through band by band (rows of chunks in 2D, layers of chunks in 3D): each band's chunks
// made, handed to a writer and forgotten but for those the next bands need, so that a region of any size is
// written in the memory of a few bands (save_region's files, a folder of chunks).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "mj/world.hpp"

namespace mj {

// A band of the region and its cells (x fastest, then y, then z).
using BandWriter = std::function<void(const Region& band, const std::vector<uint8_t>& cells)>;

// Hands each band of `r` to `write` in order; `control`'s progress counts over the whole region's chunks.
void by_bands(World& world, const Region& r, const WorldControl& control, const BandWriter& write);

}  // namespace mj
