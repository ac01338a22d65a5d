#include "options.hpp"

#include <fmt/core.h>

#include <charconv>

namespace mj::cli {

CLI::Validator whole_number(long long least, long long most, const std::string& message) {
  auto check = [=](const std::string& text) -> std::string {
    long long n = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    bool whole = error == std::errc() && end == text.data() + text.size();
    if (whole && n > most) return fmt::format("must be at most {}", most);
    return whole && n >= least ? "" : message;
  };
  return CLI::Validator(check, least > 0 ? "N>0" : "");
}

CLI::Validator positive(const std::string& unit, long long most) {
  return whole_number(1, most, "must be a positive number of " + unit);
}

CLI::Validator any_int() {
  return whole_number(INT_MIN, INT_MAX, fmt::format("must be a whole number from {} to {}", INT_MIN, INT_MAX));
}

CLI::Validator a_path() {
  return CLI::Validator([](const std::string& text) { return text.empty() ? "an empty path names no file" : ""; }, "");
}

}  // namespace mj::cli
