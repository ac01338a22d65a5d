// A recursive descent over the text, evaluating as it goes: the expressions are a few tokens, read
// once at load, so no tree is kept. Its depth is bounded (kMaxNesting) before it recurses: a text of
// thousands of parentheses or minus signs is an error, not a stack overflow.
#include "core/count_expression.hpp"

#include <cctype>
#include <cstdint>

namespace mj {

namespace {

class Parser {
 public:
  Parser(std::string_view text, GridDimensions size) : text_(text), size_(size) {}

  long long whole() {
    long long value = sum();
    skip_spaces();
    if (at_ < text_.size()) fail_syntax("unexpected '" + std::string(1, text_[at_]) + "'");
    return value;
  }

 private:
  static constexpr int kMaxNesting = 64;  // parentheses and signs within one another
  std::string_view text_;
  GridDimensions size_;
  size_t at_ = 0;
  int nesting_ = 0;

  // Counts a level of nesting while it is read.
  struct Nested {
    Parser& parser;
    explicit Nested(Parser& p) : parser(p) {
      if (++parser.nesting_ > kMaxNesting)
        parser.fail_syntax("nested deeper than " + std::to_string(kMaxNesting) + " parentheses or signs");
    }
    ~Nested() { parser.nesting_--; }
  };

  [[noreturn]] void fail_syntax(const std::string& message) const {
    throw CountExpressionError{int(at_) + 1, message, true};
  }
  [[noreturn]] void fail_value(size_t at, const std::string& message) const {
    throw CountExpressionError{int(at) + 1, message, false};
  }

  void skip_spaces() {
    while (at_ < text_.size() && text_[at_] == ' ') at_++;
  }
  bool take(char c) {
    skip_spaces();
    if (at_ < text_.size() && text_[at_] == c) return at_++, true;
    return false;
  }

  // a op b, or an error at `at` when it overflows.
  long long apply(char op, long long a, long long b, size_t at) const {
    long long result = 0;
    bool overflowed = false;
    switch (op) {
      case '+': overflowed = __builtin_add_overflow(a, b, &result); break;
      case '-': overflowed = __builtin_sub_overflow(a, b, &result); break;
      case '*': overflowed = __builtin_mul_overflow(a, b, &result); break;
      default:
        if (b == 0) fail_value(at, "division by zero");
        overflowed = b == -1 && a == INT64_MIN;
        result = overflowed ? 0 : a / b;  // truncating toward zero
    }
    if (overflowed) fail_value(at, "the value overflows");
    return result;
  }

  long long sum() {
    long long value = product();
    for (;;) {
      skip_spaces();
      const size_t at = at_;
      if (!take('+') && !take('-')) return value;
      const char op = text_[at];
      value = apply(op, value, product(), at);
    }
  }

  long long product() {
    long long value = factor();
    for (;;) {
      skip_spaces();
      const size_t at = at_;
      if (!take('*') && !take('/')) return value;
      const char op = text_[at];
      value = apply(op, value, factor(), at);
    }
  }

  long long factor() {
    skip_spaces();
    if (at_ >= text_.size()) fail_syntax("a number, a size (length, width, height, area) or '(' is missing");
    const char c = text_[at_];
    if (c == '(') {
      const Nested nested(*this);
      at_++;
      long long value = sum();
      if (!take(')')) fail_syntax("')' is missing");
      return value;
    }
    if (c == '-') {
      const Nested nested(*this);
      const size_t at = at_++;
      return apply('-', 0, factor(), at);
    }
    if (std::isdigit((unsigned char)c)) return number();
    if (std::isalpha((unsigned char)c)) return size_name();
    fail_syntax("unexpected '" + std::string(1, c) + "'");
  }

  long long number() {
    const size_t start = at_;
    long long value = 0;
    for (; at_ < text_.size() && std::isdigit((unsigned char)text_[at_]); at_++) {
      const bool overflowed =
          __builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, text_[at_] - '0', &value);
      if (overflowed) fail_value(start, "the number overflows");
    }
    return value;
  }

  long long size_name() {
    const size_t start = at_;
    while (at_ < text_.size() && std::isalpha((unsigned char)text_[at_])) at_++;
    const std::string_view name = text_.substr(start, at_ - start);
    if (name == "length") return size_.length;
    if (name == "width") return size_.width;
    if (name == "height") return size_.height;
    if (name == "area") return apply('*', apply('*', size_.length, size_.width, start), size_.height, start);
    at_ = start;
    fail_syntax("unknown name '" + std::string(name) + "' (the sizes are length, width, height and area)");
  }
};

}  // namespace

long long evaluate_count(std::string_view text, GridDimensions size) { return Parser(text, size).whole(); }

}  // namespace mj
