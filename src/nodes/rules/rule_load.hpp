// Reading a rule as written in a model (rule_load.cpp): its text or picture files.
#pragma once

#include <filesystem>

#include "core/rule.hpp"

namespace mj {

// Parses a <rule> (or a node carrying in/out itself). `in` reads from `gin`, `out` writes to
// `gout` (the same grid except for `map`). File rules are read from `resources`/rules.
Rule load_rule(const XmlElement& element, const Grid& gin, const Grid& gout, const std::filesystem::path& resources);

}  // namespace mj
