// mj: errors carry the file and line they come from.
#pragma once

#include <stdexcept>
#include <string>

namespace mj {

// Every failure mj reports to a caller: a message tied to a source location.
// what() gives "file:line: message" (or "file: message" when the line is unknown).
class Error : public std::runtime_error {
 public:
  Error(std::string file, int line, std::string message);

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_;
  std::string message_;
};

}  // namespace mj
