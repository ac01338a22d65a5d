#include "mj/notice.hpp"

namespace mj {

std::string Notice::text() const {
  std::string text = file.empty() ? std::string("mj") : file;
  if (line > 0) text.append(":").append(std::to_string(line));
  return text.append(": warning: ").append(message);
}

}  // namespace mj
