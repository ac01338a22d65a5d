#include "progress.hpp"

#include <unistd.h>

#include <fmt/core.h>
#include <chrono>
#include <cstdio>

namespace mj::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::string bar(int steps, int max_steps) {
  if (max_steps <= 0) return "";
  constexpr int kWidth = 24;
  int filled = int(double(steps) / max_steps * kWidth);
  return " [" + std::string(size_t(filled), '#') + std::string(size_t(kWidth - filled), '.') + "]";
}

void draw(const std::string& label, int steps, int max_steps, double seconds) {
  fmt::print(stderr, "\r{}: {} steps, {:.0f} steps/s{}\033[K", label, steps, steps / seconds, bar(steps, max_steps));
  std::fflush(stderr);
}

}  // namespace

bool progress_wanted() { return isatty(STDERR_FILENO) != 0; }

int run_with_progress(Interpreter& ip, int seed, int max_steps, const std::string& label, bool show) {
  if (!show) return ip.run(seed, max_steps);
  auto start = Clock::now(), next_draw = start + std::chrono::seconds(1);
  bool drawn = false;
  ip.start(seed);
  while ((max_steps <= 0 || ip.steps() < max_steps) && ip.step()) {
    if ((ip.steps() & 63) != 0 || Clock::now() < next_draw) continue;
    next_draw = Clock::now() + std::chrono::milliseconds(100);
    draw(label, ip.steps(), max_steps, std::chrono::duration<double>(Clock::now() - start).count());
    drawn = true;
  }
  if (drawn) fmt::print(stderr, "\r\033[K");
  return ip.steps();
}

}  // namespace mj::cli
