// A string as a JSON (and Graphviz DOT) string literal: quotes, backslashes and newlines escaped. The
// state space, predecessor and Garden of Eden outputs quote state texts this way, and a world's index.json its names.
#pragma once

#include <string>

namespace mj {

inline std::string json_text(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') out += "\\n";
    else out += c;
  }
  return out + "\"";
}

}  // namespace mj
