// How mj words errors on its command line: the library's messages with the CLI's flags in them.
#pragma once

#include <exception>
#include <string>

namespace mj::cli {

// The line mj prints for a failure: "file:line: message" for mj::Error, naming the flag that would
// fix it (--max-cells, --steps...), else "mj: what".
std::string error_text(const std::exception& e);

}  // namespace mj::cli
