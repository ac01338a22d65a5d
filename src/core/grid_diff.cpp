#include "core/grid_diff.hpp"

#include <algorithm>
#include <cstring>

namespace mj {

// Most of a grid is unchanged: memcmp (vectorised in the C library) passes over large blocks and
// then over spans at many bytes a cycle, and only spans that differ are compared eight cells at a
// time.
namespace {

void add_changed_in_span(const uint8_t* now, const uint8_t* then, size_t from, size_t end, std::vector<int>& changed) {
  size_t i = from;
  for (; i + 8 <= end; i += 8) {
    uint64_t a, b;
    std::memcpy(&a, now + i, 8);
    std::memcpy(&b, then + i, 8);
    if (a == b) continue;
    for (size_t k = i; k < i + 8; k++)
      if (now[k] != then[k]) changed.push_back(int(k));
  }
  for (; i < end; i++)
    if (now[i] != then[i]) changed.push_back(int(i));
}

}  // namespace

bool find_changed_cells(const uint8_t* now, const uint8_t* then, size_t cells, size_t limit,
                        std::vector<int>& changed) {
  constexpr size_t kBlock = 8192, kSpan = 256;
  changed.clear();
  for (size_t block = 0; block < cells; block += kBlock) {
    const size_t block_end = std::min(block + kBlock, cells);
    if (std::memcmp(now + block, then + block, block_end - block) == 0) continue;
    for (size_t span = block; span < block_end; span += kSpan) {
      const size_t end = std::min(span + kSpan, block_end);
      if (std::memcmp(now + span, then + span, end - span) != 0) add_changed_in_span(now, then, span, end, changed);
      if (changed.size() > limit) return false;
    }
  }
  return true;
}

}  // namespace mj
