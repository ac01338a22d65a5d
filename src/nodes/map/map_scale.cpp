#include "nodes/map/map_scale.hpp"

#include <charconv>
#include <limits>
#include <string_view>
#include <vector>

namespace mj {

namespace {

bool parse_int(std::string_view s, int& result) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), result);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

// "a" or "a/b" with positive a and b.
Scale parse_scale(const XmlElement& e, std::string_view s) {
  Scale scale;
  size_t slash = s.find('/');
  bool ok = slash == std::string_view::npos
                ? parse_int(s, scale.numerator)
                : parse_int(s.substr(0, slash), scale.numerator) && parse_int(s.substr(slash + 1), scale.denominator);
  if (!ok || scale.numerator <= 0 || scale.denominator <= 0)
    e.fail("scale component \"" + std::string(s) + "\" should be a positive number or fraction a/b");
  return scale;
}

}  // namespace

std::array<Scale, 3> parse_scales(const XmlElement& e) {
  std::string text = e.str("scale");
  std::vector<std::string_view> parts;
  std::string_view rest = text;
  for (size_t space; (space = rest.find(' ')) != std::string_view::npos; rest.remove_prefix(space + 1))
    parts.push_back(rest.substr(0, space));
  parts.push_back(rest);
  if (parts.size() != 3) e.fail("scale=\"" + text + "\" should have 3 components separated by spaces");
  return {parse_scale(e, parts[0]), parse_scale(e, parts[1]), parse_scale(e, parts[2])};
}

Grid& make_new_grid(const XmlElement& e, const Grid& grid, const std::array<Scale, 3>& scales, LoadContext& context) {
  long long mx = scales[0].apply(grid.mx), my = scales[1].apply(grid.my), mz = scales[2].apply(grid.mz);
  if (mx <= 0 || my <= 0 || mz <= 0)
    e.fail("scale=\"" + e.str("scale") + "\" turns the " + size_text(grid.mx, grid.my, grid.mz) +
           " grid into an empty one");
  if (double(mx) * double(my) * double(mz) > std::numeric_limits<int>::max())
    e.fail("scale=\"" + e.str("scale") + "\" makes the grid too large");
  context.grids->push_back(Grid::load(e, int(mx), int(my), int(mz), context.max_cells));
  return *context.grids->back();
}

}  // namespace mj
