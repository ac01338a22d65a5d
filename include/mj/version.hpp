// mj's public API: the version of the library, the one place it is written (CMake, the command line
// and the Python package read it from here).
#pragma once

#include <string_view>

namespace mj {

inline constexpr std::string_view kVersion = "0.1.0";

}  // namespace mj
