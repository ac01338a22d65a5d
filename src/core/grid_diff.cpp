#include "core/grid_diff.hpp"

#include <algorithm>
#include <cstring>

namespace mj {

// Most spans are unchanged: memcmp (vectorised in the C library) passes over them at many bytes
// a cycle, and only spans that differ are compared eight cells at a time.
bool find_changed_cells(const uint8_t* now, const uint8_t* then, size_t cells, size_t limit, std::vector<int>& changed) {
  constexpr size_t kSpan = 256;
  changed.clear();
  for (size_t span = 0; span < cells; span += kSpan) {
    const size_t end = std::min(span + kSpan, cells);
    if (std::memcmp(now + span, then + span, end - span) == 0) continue;
    size_t i = span;
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
    if (changed.size() > limit) return false;
  }
  return true;
}

}  // namespace mj
