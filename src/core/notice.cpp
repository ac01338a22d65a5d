#include "mj/notice.hpp"

#include "core/one_line.hpp"

namespace mj {

std::string Notice::text() const {
  std::string text = file.empty() ? std::string("mj") : one_line(file);
  if (line > 0) text.append(":").append(std::to_string(line));
  return text.append(": warning: ").append(one_line(message));
}

}  // namespace mj
