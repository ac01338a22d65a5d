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

// "unknown node <X>", with the node kind meant when one is close (<onee>: did you mean <one>?).
std::string unknown_node_text(std::string_view name);

}  // namespace mj
