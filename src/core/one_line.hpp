// Text from a file, made fit for a one-line message: what a model or file writes may hold a NUL, a tab,
// a newline or a byte that is half a UTF-8 character, which would break the line or the terminal.
#pragma once

#include <string>
#include <string_view>

namespace mj {

// `text` with each control character written as an escape (\0, \t, \n, \r, \xNN) and each byte that is no
// part of a whole UTF-8 character as \xNN; whole UTF-8 characters are kept.
std::string one_line(std::string_view text);

}  // namespace mj
