#include "io/gif_palette.hpp"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace mj::io {
namespace {

struct ColorCount {
  uint32_t rgb;
  size_t count;
};

// Distinct RGB colours with their pixel counts, in order of first appearance.
std::vector<ColorCount> count_colors(const Image& frame) {
  std::unordered_map<uint32_t, size_t> slot;
  std::vector<ColorCount> counts;
  for (uint32_t argb : frame.argb) {
    const auto [it, fresh] = slot.try_emplace(argb & 0xFFFFFF, counts.size());
    if (fresh) counts.push_back({argb & 0xFFFFFF, 0});
    ++counts[it->second].count;
  }
  return counts;
}

int channel_distance(uint32_t a, uint32_t b, int shift) {
  const int d = static_cast<int>(a >> shift & 0xFF) - static_cast<int>(b >> shift & 0xFF);
  return d * d;
}

uint8_t nearest(const std::vector<uint32_t>& table, uint32_t rgb) {
  int best = std::numeric_limits<int>::max();
  size_t best_index = 0;
  for (size_t i = 0; i < table.size(); ++i) {
    const int d = channel_distance(table[i], rgb, 16) + channel_distance(table[i], rgb, 8) +
                  channel_distance(table[i], rgb, 0);
    if (d < best) best = d, best_index = i;
  }
  return static_cast<uint8_t>(best_index);
}

}  // namespace

IndexedFrame index_frame(const Image& frame) {
  std::vector<ColorCount> counts = count_colors(frame);
  if (counts.size() > 256) {
    std::stable_sort(counts.begin(), counts.end(),
                     [](const ColorCount& a, const ColorCount& b) { return a.count > b.count; });
    counts.resize(256);
  }
  IndexedFrame out;
  std::unordered_map<uint32_t, uint8_t> index;  // also caches nearest-colour answers
  for (const ColorCount& c : counts) {
    index.emplace(c.rgb, static_cast<uint8_t>(out.colors.size()));
    out.colors.push_back(c.rgb);
  }
  out.indices.reserve(frame.argb.size());
  for (uint32_t argb : frame.argb) {
    const uint32_t rgb = argb & 0xFFFFFF;
    auto it = index.find(rgb);
    if (it == index.end()) it = index.emplace(rgb, nearest(out.colors, rgb)).first;
    out.indices.push_back(it->second);
  }
  return out;
}

}  // namespace mj::io
