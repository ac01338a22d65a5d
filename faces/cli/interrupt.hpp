// Ctrl-C as a request to stop: while an Interrupt lives, the first SIGINT or SIGTERM is only noted, so that the
// work under way stops where it can and cleans up (a file written whole or not at all); a second one ends the
// process as the signal does.
#pragma once

namespace mj::cli {

class Interrupt {
 public:
  Interrupt();
  ~Interrupt();
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

  static bool requested();
};

}  // namespace mj::cli
