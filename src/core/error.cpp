#include "mj/error.hpp"

namespace mj {

static std::string format_location(const std::string& file, int line, const std::string& message) {
  std::string text = file.empty() ? std::string("mj") : file;
  if (line > 0) text.append(":").append(std::to_string(line));
  text.append(": ").append(message);
  return text;
}

Error::Error(std::string file, int line, std::string message)
    : std::runtime_error(format_location(file, line, message)), file_(std::move(file)), line_(line),
      message_(std::move(message)) {}

}  // namespace mj
