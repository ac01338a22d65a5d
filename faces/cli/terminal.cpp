#include "terminal.hpp"

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <stdexcept>

namespace mj::cli {

namespace {

// What the terminal was before raw mode, for the destructor and the signal handler (one RawTerminal at a time).
struct termios saved;
volatile sig_atomic_t raw = 0;
constexpr const char kEnter[] = "\x1b[?1049h\x1b[?25l";         // the alternate screen, the cursor hidden
constexpr const char kLeave[] = "\x1b[0m\x1b[?25h\x1b[?1049l";  // colours reset, the cursor shown, the screen back
constexpr int kTerminalSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

// Only async-signal-safe calls: the terminal as it was, then the signal's default action.
void restore() {
  if (!raw) return;
  raw = 0;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
  [[maybe_unused]] const ssize_t wrote = ::write(STDOUT_FILENO, kLeave, sizeof kLeave - 1);
}

void on_terminal_signal(int signal) {
  restore();
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// An escape sequence's final byte after "\x1b[" or "\x1bO": the arrow it names, or "" for another key.
std::string arrow(char c) {
  switch (c) {
    case 'A': return "ArrowUp";
    case 'B': return "ArrowDown";
    case 'C': return "ArrowRight";
    case 'D': return "ArrowLeft";
    default: return "";
  }
}

// One byte's key name (not an escape sequence): control keys by name, others as the character.
std::string byte_name(char c) {
  switch (c) {
    case '\r':
    case '\n': return "Enter";
    case '\t': return "Tab";
    case 0x7f:
    case 0x08: return "Backspace";
    case 0x1b: return "Escape";
    default: break;
  }
  if (c > 0 && c < 0x20) return std::string("Control+") + char(c + 'a' - 1);
  return std::string(1, c);
}

}  // namespace

std::vector<std::string> key_names(const std::string& bytes) {
  std::vector<std::string> keys;
  for (size_t i = 0; i < bytes.size(); i++) {
    const bool sequence = bytes[i] == 0x1b && i + 1 < bytes.size() && (bytes[i + 1] == '[' || bytes[i + 1] == 'O');
    if (!sequence) {
      // UTF-8: a character's continuation bytes belong to it
      size_t end = i + 1;
      while (end < bytes.size() && (static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80) end++;
      keys.push_back(end - i > 1 ? bytes.substr(i, end - i) : byte_name(bytes[i]));
      i = end - 1;
      continue;
    }
    size_t end = i + 2;  // parameters and intermediates, then the final byte (0x40..0x7e)
    while (end < bytes.size() && (bytes[end] < 0x40 || bytes[end] > 0x7e)) end++;
    if (end == bytes.size()) break;  // cut off: dropped
    if (std::string name = arrow(bytes[end]); !name.empty()) keys.push_back(name);
    i = end;
  }
  return keys;
}

RawTerminal::RawTerminal() {
  if (!::isatty(STDIN_FILENO) || !::isatty(STDOUT_FILENO))
    throw std::runtime_error(
        "play needs a terminal: its keys are read as they are pressed (mj run --inputs replays a game without one)");
  if (::tcgetattr(STDIN_FILENO, &saved) != 0) throw std::runtime_error(std::string("mj play: ") + strerror(errno));
  struct termios t = saved;
  t.c_lflag &= ~(ICANON | ECHO | ISIG | IEXTEN);  // Ctrl-C a key: the game ends as on q, its record written
  t.c_iflag &= ~(IXON | ICRNL | BRKINT | INPCK | ISTRIP);
  t.c_cc[VMIN] = 0, t.c_cc[VTIME] = 0;
  for (int s : kTerminalSignals) std::signal(s, on_terminal_signal);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &t);
  raw = 1;
  write(kEnter);
}

RawTerminal::~RawTerminal() {
  restore();
  for (int s : kTerminalSignals) std::signal(s, SIG_DFL);
}

std::vector<std::string> RawTerminal::keys(std::chrono::milliseconds wait) {
  struct pollfd in {
    STDIN_FILENO, POLLIN, 0
  };
  if (::poll(&in, 1, int(wait.count())) <= 0) return {};
  char buffer[256];
  const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
  return n > 0 ? key_names(std::string(buffer, size_t(n))) : std::vector<std::string>{};
}

std::pair<int, int> RawTerminal::size() const {
  struct winsize w {};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) != 0 || w.ws_col == 0 || w.ws_row == 0) return {80, 24};
  return {w.ws_col, w.ws_row};
}

void RawTerminal::write(const std::string& text) {
  for (size_t at = 0; at < text.size();) {
    const ssize_t wrote = ::write(STDOUT_FILENO, text.data() + at, text.size() - at);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;  // the terminal is gone: nothing to draw on
    at += size_t(wrote);
  }
}

}  // namespace mj::cli
