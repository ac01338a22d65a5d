// What mj explore and mj explore --all-grids share: the refusal of randomness they cannot enumerate,
// and a state's grid as text (mj/grid_view.hpp's grid_rows).
#pragma once

#include <memory>
#include <string>

#include "core/xml.hpp"
#include "io/formats/state_text.hpp"
#include "mj/grid_view.hpp"
#include "mj/run_settings.hpp"

namespace mj {

// Throws an mj::Error at the line of the first element below `e` (itself included) whose randomness is
// not a `one` node's uniform draw among matches.
void refuse_unexplorable(const XmlElement& e);
// A program of one rule node (--all-grids, the backward questions): an mj::Error at the line of what
// makes it more, or of a step limit.
void require_one_rule_node(const XmlElement& e);
// Throws an mj::Error at the first weight="..." below `e` (itself included): `who` (the all-grids
// questions, the replaying oracle) takes every match of a step alike.
void refuse_weights(const XmlElement& e, const std::string& who);
// The model's document, refused as above when it holds such an element.
std::unique_ptr<XmlDocument> load_explorable(const RunSettings& settings);

}  // namespace mj
