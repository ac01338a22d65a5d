// A count written as an expression of the grid's size (the mj dialect's steps="area/10"): whole numbers,
// the names length (x), width (y), height (z) and area (the cell count), + - * / and parentheses, with
// the usual precedence. Evaluated in 64-bit integers; / truncates toward zero, as C++ and C# do.
#pragma once

#include <string>
#include <string_view>

namespace mj {

struct GridDimensions {
  long long length = 1, width = 1, height = 1;
};

// What is wrong with an expression: `column` (from 1) is where, `syntax` whether the text is no
// expression at all (rather than one whose value cannot be taken: a division by zero, an overflow).
struct CountExpressionError {
  int column;
  std::string message;
  bool syntax;
};

// The value of `text` on a grid of `size`; throws CountExpressionError.
long long evaluate_count(std::string_view text, GridDimensions size);

}  // namespace mj
