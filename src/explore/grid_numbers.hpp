// The grids of a size numbered 0 to values^cells - 1 (cell 0 the lowest digit): how --all-grids and its
// interpreter oracle name every grid it starts from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mj {

class GridNumbers {
 public:
  GridNumbers(int values, size_t cells) : values_(values), cells_(cells) {}
  void cells_of(long long number, std::vector<uint8_t>& cells) const {
    for (size_t i = 0; i < cells_; i++, number /= values_) cells[i] = uint8_t(number % values_);
  }
  int number_of(const uint8_t* cells) const {
    long long number = 0;
    for (size_t i = cells_; i-- > 0;) number = number * values_ + cells[i];
    return int(number);
  }

 private:
  int values_;
  size_t cells_;
};

}  // namespace mj
