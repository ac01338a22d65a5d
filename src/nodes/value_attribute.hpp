// Attributes that name one value of a grid (`color`, `black`, `on`, ...).
#pragma once

#include <cstdint>
#include <string>

#include "core/grid.hpp"
#include "core/xml.hpp"

namespace mj {

// The value index of a one-character symbol; fails at the element when the grid has no such value.
inline uint8_t value_of_symbol(const XmlElement& element, const Grid& grid, const char* attribute, char symbol) {
  int value = grid.value_of(symbol);
  if (value < 0)
    element.fail(std::string("attribute ") + attribute + "='" + symbol + "' is not a value (values are \"" +
                 grid.characters + "\")");
  return uint8_t(value);
}

// The value a required one-character attribute names.
inline uint8_t value_attribute(const XmlElement& element, const Grid& grid, const char* attribute) {
  return value_of_symbol(element, grid, attribute, element.symbol(attribute));
}

}  // namespace mj
