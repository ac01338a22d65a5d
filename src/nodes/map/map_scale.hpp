// <map>'s scale="X Y Z" (each a whole number or a fraction a/b) and the new grid it makes.
#pragma once

#include <array>

#include "core/grid.hpp"
#include "core/xml.hpp"
#include "nodes/node.hpp"

namespace mj {

// A scale factor numerator/denominator along one axis.
struct Scale {
  int numerator = 1, denominator = 1;
  long long apply(long long length) const { return length * numerator / denominator; }
};

// scale="X Y Z": three components separated by single spaces.
std::array<Scale, 3> parse_scales(const XmlElement& e);

// The grid of the scaled size, added to the program's grids; an empty or too large one fails at e.
Grid& make_new_grid(const XmlElement& e, const Grid& grid, const std::array<Scale, 3>& scales, LoadContext& context);

}  // namespace mj
