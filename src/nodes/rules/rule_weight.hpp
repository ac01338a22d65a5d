// A rule's weight (the mj dialect): a step of a `one` draws a match with probability proportional to its
// rule's weight. A positive number, read on a <one>'s rules only (an `all` or `prl` applies every match
// it finds: no draw to weigh), and not on a <one> with fields or observations, whose choice is the best
// potential rather than a draw. Refused there with a message at the attribute.
#pragma once

#include "nodes/node.hpp"

namespace mj {

// `rule`'s weight (`rule` is `node` itself for a node that is its own rule); 0 when it has none.
double load_weight(const XmlElement& node, const XmlElement& rule, const LoadContext& context);

}  // namespace mj
