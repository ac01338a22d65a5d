// Small helpers the wfc models share with the reference's Helper: ordinals and splitting.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mj::wfc {

// Each item's position in `uniques`, items not yet there appended first: colours become values in order
// of first appearance. `uniques` carries over between calls so several tiles share one numbering.
// Ordinals past 255 wrap, as the reference's byte cast does; callers reject that many colours anyway.
template <class T>
std::vector<uint8_t> ordinals(const std::vector<T>& items, std::vector<T>& uniques) {
  std::unordered_map<T, size_t> position;  // a photo may have many colours: no linear search
  for (size_t k = 0; k < uniques.size(); k++) position.try_emplace(uniques[k], k);
  std::vector<uint8_t> result(items.size());
  for (size_t i = 0; i < items.size(); i++) {
    auto [it, added] = position.try_emplace(items[i], uniques.size());
    if (added) uniques.push_back(items[i]);
    result[i] = uint8_t(it->second);
  }
  return result;
}

// The pieces between separators, empty ones included (as .NET's String.Split).
inline std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> pieces;
  size_t start = 0;
  while (true) {
    size_t end = text.find(separator, start);
    pieces.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return pieces;
    start = end + 1;
  }
}

}  // namespace mj::wfc
