// A rule's weight in the mj dialect (docs/language/extensions.md).
#include "nodes/rules/rule_weight.hpp"

#include <cmath>

namespace mj {

double load_weight(const XmlElement& node, const XmlElement& rule, const LoadContext& context) {
  if (!rule.has("weight")) return 0;
  require_extension(rule, "weight", context);
  const auto fail = [&](const std::string& why) {
    throw Error(rule.file(), rule.line_of("weight"), "weight=\"" + rule.str("weight") + "\" " + why);
  };
  if (node.name() != "one")
    fail("is read on <one> only: <" + std::string(node.name()) +
         "> applies every match it finds, so no match is drawn "
         "by weight");
  if (!node.children({"field", "observe"}).empty())
    fail(
        "cannot guide a <one> with fields or observations: those choose the match of the best potential, not a "
        "draw");
  const double weight = rule.real("weight", 0);
  if (!(weight > 0) || !std::isfinite(weight)) fail("is not a positive number");
  return weight;
}

}  // namespace mj
