#include "io/formats/gif_palette.hpp"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace mj::io {
namespace {

struct ColorCount {
  uint32_t rgb;
  size_t count;
};

// rgb -> slot by open addressing: a frame has few colours, and std::unordered_map spent a node per
// colour and a division per lookup (two thirds of writing an animation went to it).
class ColorSlots {
 public:
  // The slot of `rgb`; a new colour gets `fresh` and `added` is set.
  int find_or_add(uint32_t rgb, int fresh, bool& added) {
    if (2 * (size_ + 1) > keys_.size()) grow();
    size_t h = hash(rgb);
    while (slots_[h] >= 0 && keys_[h] != rgb) h = (h + 1) & (keys_.size() - 1);
    added = slots_[h] < 0;
    if (added) keys_[h] = rgb, slots_[h] = fresh, size_++;
    return slots_[h];
  }

 private:
  size_t hash(uint32_t rgb) const { return (rgb * 2654435761u >> 8) & (keys_.size() - 1); }
  void grow() {
    std::vector<uint32_t> keys = std::move(keys_);
    std::vector<int> slots = std::move(slots_);
    keys_.assign(std::max<size_t>(1024, 2 * keys.size()), 0), slots_.assign(keys_.size(), -1), size_ = 0;
    bool added = false;
    for (size_t i = 0; i < keys.size(); i++)
      if (slots[i] >= 0) find_or_add(keys[i], slots[i], added);
  }
  std::vector<uint32_t> keys_;
  std::vector<int> slots_;
  size_t size_ = 0;
};

// Distinct RGB colours with their pixel counts, in order of first appearance, and each pixel's slot
// among them. Pictures of grids are runs of equal pixels (a cell is pixelsize wide): a run costs one
// lookup, not one a pixel.
std::vector<ColorCount> count_colors(const Image& frame, std::vector<uint32_t>& pixel_slots) {
  ColorSlots slots;
  std::vector<ColorCount> counts;
  pixel_slots.resize(frame.argb.size());
  for (size_t i = 0, run; i < frame.argb.size(); i = run) {
    const uint32_t rgb = frame.argb[i] & 0xFFFFFF;
    for (run = i + 1; run < frame.argb.size() && (frame.argb[run] & 0xFFFFFF) == rgb;) ++run;
    bool added = false;
    const int slot = slots.find_or_add(rgb, int(counts.size()), added);
    if (added) counts.push_back({rgb, 0});
    counts[size_t(slot)].count += run - i;
    std::fill(&pixel_slots[i], &pixel_slots[0] + run, uint32_t(slot));
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
    const int d =
        channel_distance(table[i], rgb, 16) + channel_distance(table[i], rgb, 8) + channel_distance(table[i], rgb, 0);
    if (d < best) best = d, best_index = i;
  }
  return static_cast<uint8_t>(best_index);
}

// Slots past the table's 256 colours take the nearest entry, computed once a slot.
std::vector<uint8_t> slot_indices(const std::vector<ColorCount>& by_slot, const std::vector<uint32_t>& table) {
  std::unordered_map<uint32_t, uint8_t> index;
  for (size_t i = 0; i < table.size(); ++i) index.emplace(table[i], uint8_t(i));
  std::vector<uint8_t> indices;
  for (const ColorCount& c : by_slot) {
    auto it = index.find(c.rgb);
    indices.push_back(it != index.end() ? it->second : nearest(table, c.rgb));
  }
  return indices;
}

}  // namespace

IndexedFrame index_frame(const Image& frame) {
  std::vector<uint32_t> pixel_slots;
  const std::vector<ColorCount> by_slot = count_colors(frame, pixel_slots);
  std::vector<ColorCount> counts = by_slot;
  if (counts.size() > 256) {
    std::stable_sort(counts.begin(), counts.end(),
                     [](const ColorCount& a, const ColorCount& b) { return a.count > b.count; });
    counts.resize(256);
  }
  IndexedFrame out;
  for (const ColorCount& c : counts) out.colors.push_back(c.rgb);
  out.indices.resize(frame.argb.size());
  if (by_slot.size() <= 256) {  // the table is in slot order
    std::copy(pixel_slots.begin(), pixel_slots.end(), out.indices.begin());
    return out;
  }
  const std::vector<uint8_t> index = slot_indices(by_slot, out.colors);
  for (size_t i = 0; i < pixel_slots.size(); ++i) out.indices[i] = index[pixel_slots[i]];
  return out;
}

}  // namespace mj::io
