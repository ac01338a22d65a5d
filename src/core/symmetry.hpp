// Symmetry groups of the square (8 elements) and the cube (48 elements), and the
// expansion of a pattern into its distinct images under a subgroup.
#pragma once

#include <bitset>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mj {

// Element k is in the group when bit k is set. Element order is the reference's:
// square: e, b, a, ba, a2, ba2, a3, ba3 (a = rotation, b = reflection).
using SymmetryGroup = std::bitset<48>;

SymmetryGroup full_symmetry(bool d2);
// The subgroup named by `name` ("(xy)", "(x)", ...), `fallback` when no name is given,
// nullopt when the name is unknown for this dimension.
std::optional<SymmetryGroup> symmetry_from_name(bool d2, const std::optional<std::string>& name,
                                                const SymmetryGroup& fallback);

// The images whose element is in the group, each kept at its first occurrence (moved out of `images`).
template <class T, class Same>
std::vector<T> distinct_images(std::vector<T>& images, Same same, const SymmetryGroup& group) {
  std::vector<T> result;
  result.reserve(images.size());
  for (size_t k = 0; k < images.size(); k++) {
    if (!group[k]) continue;
    bool seen = false;
    for (const T& r : result) seen = seen || same(r, images[k]);
    if (!seen) result.push_back(std::move(images[k]));
  }
  return result;
}

// The images of `thing` under the group, first occurrence kept, duplicates dropped by `same`.
template <class T, class Rotate, class Reflect, class Same>
std::vector<T> square_symmetries(const T& thing, Rotate rotate, Reflect reflect, Same same,
                                 const SymmetryGroup& group) {
  std::vector<T> images;
  images.reserve(8);
  images.push_back(thing);
  images.push_back(reflect(images[0]));
  for (int k = 2; k < 8; k += 2) {
    images.push_back(rotate(images[k - 2]));
    images.push_back(reflect(images[k]));
  }
  return distinct_images(images, same, group);
}

// Cube version: a = rotation about z, b = rotation about y, r = reflection. The 48 images
// are generated in the reference's order so that rule lists come out the same.
template <class T, class RotateZ, class RotateY, class Reflect, class Same>
std::vector<T> cube_symmetries(const T& thing, RotateZ a, RotateY b, Reflect r, Same same, const SymmetryGroup& group) {
  std::vector<T> s;
  s.reserve(48);
  s.push_back(thing);
  // Even slots come from rotations of earlier images, odd slots reflect the slot before.
  // Slot 2k is built from slot source[k] by generator gen[k] ('a' or 'b').
  static const int source[24] = {0, 0, 2, 4, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 8, 10, 12, 14, 24, 26, 28, 30};
  static const char gen[24] = {0,   'a', 'a', 'a', 'b', 'b', 'b', 'b', 'b', 'b', 'b', 'b',
                               'b', 'b', 'b', 'b', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'};
  for (int k = 0; k < 24; k++) {
    if (k > 0) s.push_back(gen[k] == 'a' ? a(s[source[k]]) : b(s[source[k]]));
    s.push_back(r(s[2 * k]));
  }
  return distinct_images(s, same, group);
}

}  // namespace mj
