// Interpreter::inspect's node lookup and view (mj/inspect.hpp), kept out of interpreter.cpp.
#pragma once

#include <string>

#include "mj/inspect.hpp"

namespace mj {

class Branch;

// The inspection of the node written at `line` under `root`, or with line 0 of the node the run
// steps next (below `current`, the branch it runs; null before start and after the end: empty).
// Throws mj::Error at `file`:`line` when no node is written there.
Inspection inspect_node(const Branch& root, const Branch* current, int line, const std::string& file);

}  // namespace mj
