// Which cells of a grid differ from an earlier copy of it. Nodes that keep results between their
// steps (remembered matches, distance fields) compare the grid with a copy rather than read the
// change log: convolution, wfc and followed trajectories write cells without logging them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mj {

// Sets `changed` to the cells where `now` differs from `then`, in order. False (with `changed`
// incomplete) as soon as more than `limit` differ: past some count the caller starts over.
bool find_changed_cells(const uint8_t* now, const uint8_t* then, size_t cells, size_t limit, std::vector<int>& changed);

}  // namespace mj
