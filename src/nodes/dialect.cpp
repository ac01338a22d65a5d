#include "nodes/dialect.hpp"

#include <cctype>
#include <charconv>

#include "core/count_expression.hpp"
#include "nodes/node.hpp"
#include "nodes/notices.hpp"

namespace mj {

namespace {

[[noreturn]] void fail_at(const XmlElement& e, const char* attribute, const std::string& message) {
  throw Error(e.file(), e.line_of(attribute), message);
}

std::string written(const XmlElement& e, const char* attribute) {
  return std::string(attribute) + "=\"" + e.str(attribute) + "\"";
}

bool is_integer(const std::string& text) {
  size_t from = text.find_first_not_of(" \t\r\n"), to = text.find_last_not_of(" \t\r\n");
  if (from == std::string::npos) return false;
  int value = 0;
  auto [end, ec] = std::from_chars(text.data() + from, text.data() + to + 1, value);
  return ec == std::errc() && end == text.data() + to + 1;
}

}  // namespace

std::string misspelt_opt_in(const XmlElement& root) {
  for (const auto& [name, line] : root.attribute_lines()) {
    if (name == "dialect" || closest(name, {"dialect"}).empty()) continue;
    const std::string written = std::string(name) + "=\"" + root.str(std::string(name).c_str()) + "\"";
    std::string low(name);
    for (char& c : low) c = char(std::tolower((unsigned char)c));
    const bool cased = low == "dialect";
    return " (line " + std::to_string(line) + " writes " + written + ", which is not read: " +
           (cased ? "attribute names are case-sensitive, write 'dialect'" : "did you mean 'dialect'?") + ")";
  }
  return "";
}

Dialect dialect_of(const XmlElement& root) {
  std::optional<std::string> text = root.text("dialect");
  if (!text) return Dialect::reference;
  if (*text == "mj") return Dialect::mj;
  fail_at(root, "dialect", "unknown dialect=\"" + *text + "\": the one dialect is \"mj\" (mj's extensions)");
}

void require_extension(const XmlElement& e, const char* attribute, const LoadContext& context) {
  if (context.dialect == Dialect::mj) return;
  fail_at(e, attribute,
          written(e, attribute) + " is an mj extension: add dialect=\"mj\" to the root element <" + context.root +
              "> to use it" + context.misspelt_opt_in);
}

void require_extension_element(const XmlElement& e, const LoadContext& context) {
  if (context.dialect == Dialect::mj) return;
  e.fail("<" + std::string(e.name()) + "> is an mj extension: add dialect=\"mj\" to the root element <" + context.root +
         "> to use it" + context.misspelt_opt_in);
}

int count_attribute(const XmlElement& e, const char* attribute, int fallback, const Grid& grid,
                    const LoadContext& context) {
  if (!e.has(attribute)) return fallback;
  const std::string text = e.str(attribute);
  if (is_integer(text)) return e.integer(attribute, fallback);  // the reference's reading, unchanged
  const GridDimensions size{grid.mx, grid.my, grid.mz};
  try {
    const long long value = evaluate_count(text, size);
    require_extension(e, attribute, context);
    if (value < 0)
      fail_at(e, attribute, written(e, attribute) + " is " + std::to_string(value) + " on this grid, below 0");
    if (value > 2147483647LL)
      fail_at(e, attribute, written(e, attribute) + " is " + std::to_string(value) + " on this grid, above 2^31 - 1");
    return int(value);
  } catch (const CountExpressionError& error) {
    if (error.syntax && context.dialect == Dialect::reference) return e.integer(attribute);  // its message
    require_extension(e, attribute, context);
    fail_at(e, attribute, written(e, attribute) + ", column " + std::to_string(error.column) + ": " + error.message);
  }
}

}  // namespace mj
