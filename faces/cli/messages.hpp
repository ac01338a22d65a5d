// How mj words errors on its command line: the library's messages with the CLI's flags in them.
#pragma once

#include <exception>
#include <string>

namespace mj::cli {

// The line mj prints for a failure (the library's translation, mj/failure.hpp): "file:line: message",
// naming the flag that would fix it (--max-cells, --steps...).
std::string error_text(const std::exception_ptr& e);

}  // namespace mj::cli
