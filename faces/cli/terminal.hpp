// `mj play`'s terminal: raw mode (keys as they are pressed, nothing echoed) on the alternate screen, restored on
// every way out (return, exception, a signal), keys read as a page's KeyboardEvent.key names them.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace mj::cli {

// The terminal in raw mode while this lives. Throws std::runtime_error when stdin or stdout is no terminal.
class RawTerminal {
 public:
  RawTerminal();
  ~RawTerminal();
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;

  // The keys pressed within `wait` (none when it passes first), each as KeyboardEvent.key names it:
  // "ArrowUp", "Enter", "Escape", "a", " ". Ctrl-C is "Control+c" (raw mode makes it a key, not a signal).
  std::vector<std::string> keys(std::chrono::milliseconds wait);
  // The terminal's columns and rows.
  std::pair<int, int> size() const;
  // Writes `text` whole.
  void write(const std::string& text);
};

// The bytes a terminal sends for keys, as KeyboardEvent.key names them (arrow keys in both cursor modes).
std::vector<std::string> key_names(const std::string& bytes);

}  // namespace mj::cli
