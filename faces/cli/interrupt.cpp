#include "interrupt.hpp"

#include <csignal>

namespace mj::cli {

namespace {

volatile std::sig_atomic_t noted = 0;
constexpr int kStopSignals[] = {SIGINT, SIGTERM};

// Only async-signal-safe calls: the note, and the signal's default action for the next one.
void on_stop_signal(int signal) {
  noted = 1;
  std::signal(signal, SIG_DFL);
}

}  // namespace

Interrupt::Interrupt() {
  noted = 0;
  for (int s : kStopSignals) std::signal(s, on_stop_signal);
}

Interrupt::~Interrupt() {
  for (int s : kStopSignals) std::signal(s, SIG_DFL);
}

bool Interrupt::requested() { return noted != 0; }

}  // namespace mj::cli
