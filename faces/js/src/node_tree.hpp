// The node tree for JavaScript, as the playground's sidebar draws it.
#pragma once

#include <emscripten/val.h>

#include "mj/node_view.hpp"

namespace mjweb {

// {kind, line, legend, branch, running, current, counter, steps, children, rules: [{original, fired, input, output}]}.
emscripten::val node_tree(const mj::NodeView& view);

}  // namespace mjweb
