#include "core/rule.hpp"

#include <algorithm>
#include <bit>
#include <optional>

namespace mj {

Rule::Rule(std::vector<ValueSet> in, Point input_size, std::vector<uint8_t> out, Point output_size, int value_count,
           double prob)
    : in_size(input_size), out_size(output_size), input(std::move(in)), output(std::move(out)), p(prob),
      values(value_count) {
  const ValueSet wildcard = all_values(values);
  binput.resize(input.size());
  for (size_t i = 0; i < input.size(); i++)
    binput[i] = input[i] == wildcard ? kKeep : uint8_t(std::countr_zero(input[i]));
}

ShiftLists Rule::input_shifts() const {
  ShiftLists shifts;
  shifts.build(values, in_size, [&](size_t i, int c) { return (input[i] >> c & 1u) != 0; });
  return shifts;
}

namespace {

// A rule's symmetric images are compared before they become rules: a 3D rule has 48 of them, and
// most turn out to repeat an earlier one. Each image is a pair of sizes and offsets into arrays
// shared by all the images of one rule, which grow but are never rewritten.
struct ImageCells {
  std::vector<ValueSet> input;
  std::vector<uint8_t> output;
};

struct RuleImage {
  Point in_size, out_size;
  size_t in_at = 0, out_at = 0;
};

// Appends the pattern of `size` at `at`, rebuilt at size `to` where cell (x,y,z) takes old cell
// from(x, y, z, size); returns where it starts.
template <class T, class From>
size_t append_remapped(std::vector<T>& cells, size_t at, Point size, Point to, From from) {
  const size_t start = cells.size();
  cells.resize(start + size_t(to.volume()));
  const T* source = cells.data() + at;
  T* target = cells.data() + start;
  for (int z = 0; z < to.z; z++)
    for (int y = 0; y < to.y; y++)
      for (int x = 0; x < to.x; x++) *target++ = source[from(x, y, z, size)];
  return start;
}

// The image under `from`, which maps a cell of the new pattern to the old one's, with sizes `to`.
template <class From>
RuleImage transformed(ImageCells& cells, const RuleImage& a, Point in_to, Point out_to, From from) {
  return {in_to, out_to, append_remapped(cells.input, a.in_at, a.in_size, in_to, from),
          append_remapped(cells.output, a.out_at, a.out_size, out_to, from)};
}

Point swap_xy(Point s) { return {s.y, s.x, s.z}; }
Point swap_xz(Point s) { return {s.z, s.y, s.x}; }

RuleImage z_rotated(ImageCells& cells, const RuleImage& a) {
  return transformed(cells, a, swap_xy(a.in_size), swap_xy(a.out_size),
                     [](int x, int y, int z, Point s) { return s.x - 1 - y + x * s.x + z * s.x * s.y; });
}

RuleImage y_rotated(ImageCells& cells, const RuleImage& a) {
  return transformed(cells, a, swap_xz(a.in_size), swap_xz(a.out_size),
                     [](int x, int y, int z, Point s) { return s.x - 1 - z + y * s.x + x * s.x * s.y; });
}

RuleImage reflected(ImageCells& cells, const RuleImage& a) {
  return transformed(cells, a, a.in_size, a.out_size,
                     [](int x, int y, int z, Point s) { return s.x - 1 - x + y * s.x + z * s.x * s.y; });
}

bool same_image(const ImageCells& cells, const RuleImage& a, const RuleImage& b) {
  const auto in = cells.input.begin();
  const auto out = cells.output.begin();
  return a.in_size == b.in_size && a.out_size == b.out_size &&
         std::equal(in + std::ptrdiff_t(a.in_at), in + std::ptrdiff_t(a.in_at + size_t(a.in_size.volume())),
                    in + std::ptrdiff_t(b.in_at)) &&
         std::equal(out + std::ptrdiff_t(a.out_at), out + std::ptrdiff_t(a.out_at + size_t(a.out_size.volume())),
                    out + std::ptrdiff_t(b.out_at));
}

}  // namespace

std::vector<Rule> Rule::symmetries(const SymmetryGroup& group, bool d2) const {
  ImageCells cells{input, output};
  const size_t images = d2 ? 8 : 48;
  cells.input.reserve(images * input.size());
  cells.output.reserve(images * output.size());
  const RuleImage self{in_size, out_size, 0, 0};
  auto same = [&](const RuleImage& a, const RuleImage& b) { return same_image(cells, a, b); };
  auto rotate_z = [&](const RuleImage& a) { return z_rotated(cells, a); };
  auto reflect = [&](const RuleImage& a) { return reflected(cells, a); };
  auto rotate_y = [&](const RuleImage& a) { return y_rotated(cells, a); };
  const std::vector<RuleImage> kept = d2 ? square_symmetries(self, rotate_z, reflect, same, group)
                                         : cube_symmetries(self, rotate_z, rotate_y, reflect, same, group);
  std::vector<Rule> rules;
  rules.reserve(kept.size());
  for (const RuleImage& image : kept) {
    const auto in = cells.input.begin() + std::ptrdiff_t(image.in_at);
    const auto out = cells.output.begin() + std::ptrdiff_t(image.out_at);
    rules.push_back(Rule({in, in + image.in_size.volume()}, image.in_size, {out, out + image.out_size.volume()},
                         image.out_size, values, p));
    rules.back().original = original && image.in_at == 0;
  }
  return rules;
}

}  // namespace mj
