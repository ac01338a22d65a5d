// The notices of a loaded model: each attribute that its element does not read where it is written, and
// each element that its parent does not read (the reference passes both by), from MJ's one list of what it
// reads (vocabulary.hpp). A branch's unknown children are no notices: the loader stops there (unknown node).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/xml.hpp"
#include "mj/notice.hpp"

namespace mj {

std::vector<Notice> notices_of(const XmlElement& root);
// The same for one element below the root (`parent`: its parent's name): a models.xml entry's.
std::vector<Notice> notices_in(const XmlElement& e, std::string_view parent);

// The closest of `names` to `written` (case aside, a few letters off), when it is near enough to be what was
// meant; empty when none is.
std::string closest(std::string_view written, const std::vector<std::string>& names);

// "unknown node <X>", with the node kind meant when one is close (<onee>: did you mean <one>?).
std::string unknown_node_text(std::string_view name);

}  // namespace mj
