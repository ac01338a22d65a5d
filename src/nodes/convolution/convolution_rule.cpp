// Parsing <convolution>: its neighbourhood kernel by name, and its rules with their sum conditions.
#include "nodes/convolution/convolution_rule.hpp"

#include <charconv>
#include <cmath>
#include <string_view>

#include "nodes/value_attribute.hpp"

namespace mj {

namespace {

struct NamedKernel {
  std::string_view name;
  bool d2;
  const char* weights;  // 9 (2D) or 27 (3D) digits 0 or 1, x fastest, then y, then z
};

const NamedKernel kKernels[] = {
    {"VonNeumann", true, "010101010"},
    {"Moore", true, "111101111"},
    {"VonNeumann", false, "000010000010101010000010000"},
    {"NoCorners", false, "010111010111101111010111010"},
};

int parse_bound(const XmlElement& e, std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  int result = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), result);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size())
    e.fail("sum=\"" + e.str("sum") + "\": \"" + std::string(s) + "\" is not an integer");
  return result;
}

// Marks one interval of `sum`: "n" or "a..b".
void mark_interval(const XmlElement& e, std::string_view s, uint32_t& sums) {
  size_t dots = s.find("..");
  int min = parse_bound(e, s.substr(0, dots));
  int max = dots == std::string_view::npos ? min : parse_bound(e, s.substr(dots + 2));
  if (max < min - 1) e.fail("sum=\"" + e.str("sum") + "\": interval \"" + std::string(s) + "\" runs backwards");
  for (int i = min; i <= max; i++) {
    if (i < 0 || i > kMaxSum)
      e.fail("sum=\"" + e.str("sum") + "\": " + std::to_string(i) + " is outside 0.." + std::to_string(kMaxSum));
    sums |= 1u << i;
  }
}

// sum="0,1,4..8": comma-separated numbers and intervals.
uint32_t parse_sums(const XmlElement& e, std::string_view text) {
  uint32_t sums = 0;
  for (size_t comma; (comma = text.find(',')) != std::string_view::npos; text.remove_prefix(comma + 1))
    mark_interval(e, text.substr(0, comma), sums);
  mark_interval(e, text, sums);
  return sums;
}

}  // namespace

std::vector<KernelEntry> load_kernel(const XmlElement& e, bool d2) {
  std::string name = e.str("neighborhood");
  for (const NamedKernel& k : kKernels) {
    if (k.name != name || k.d2 != d2) continue;
    std::vector<KernelEntry> entries;
    int depth = d2 ? 1 : 3;
    for (int dz = 0, i = 0; dz < depth; dz++)
      for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++, i++)
          if (k.weights[i] == '1') entries.push_back({dx - 1, dy - 1, d2 ? 0 : dz - 1});
    return entries;
  }
  e.fail("unknown neighborhood \"" + name + "\" for a " +
         (d2 ? "2D grid (VonNeumann, Moore)" : "3D grid (VonNeumann, NoCorners)"));
}

ConvolutionRule load_convolution_rule(const XmlElement& e, const Grid& grid) {
  ConvolutionRule rule;
  rule.input = value_attribute(e, grid, "in");
  rule.output = value_attribute(e, grid, "out");
  rule.p = e.real("p", 1.0);
  auto values = e.text("values");
  auto sums = e.text("sum");
  if (values && !sums) e.fail("<" + std::string(e.name()) + "> has 'values' but no 'sum'");
  if (!values && sums) e.fail("<" + std::string(e.name()) + "> has 'sum' but no 'values'");
  if (!values) return rule;
  rule.multiplicity.assign(size_t(grid.values), 0);
  for (char c : *values) rule.multiplicity[value_of_symbol(e, grid, "values", c)]++;
  rule.sums = parse_sums(e, *sums);
  return rule;
}

// A rule with probability p fires when double(next()) < p * (2^31 - 1). The draw is an integer
// below 2^31 - 1, so that is next() < ceil(p * (2^31 - 1)), clamped to the draws' range (a NaN
// never fires).
long long draw_bound(double p) {
  const double scaled = std::ceil(p * 2147483647.0);
  return scaled >= 2147483647.0 ? 2147483647 : scaled > 0 ? (long long)scaled : 0;
}

}  // namespace mj
