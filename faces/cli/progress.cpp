#include "progress.hpp"

#include <unistd.h>

#include <fmt/core.h>
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

}  // namespace

bool progress_wanted() { return isatty(STDERR_FILENO) != 0; }

ProgressLine::ProgressLine(std::string label, const Model& model, int max_steps, bool show)
    : label_(std::move(label)), start_(Clock::now()) {
  control_.max_steps = max_steps;
  if (show) control_.progress = [this, &model] { return draw(model); };
}

ProgressLine::~ProgressLine() {
  if (drawn_) fmt::print(stderr, "\r\033[K");
}

bool ProgressLine::draw(const Model& model) {
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  if (seconds < 1) return true;
  // A search runs inside one step: the steps stand still, its states go on.
  const RunStatus status = model.status();
  const auto& search = status.search;
  const std::string searching =
      search ? fmt::format(", searching: {} states, frontier {}", search->states, search->frontier) : "";
  fmt::print(stderr, "\r{}: {} steps, {:.0f} steps/s{}{}\033[K", label_, status.steps, status.steps / seconds,
             searching, bar(status.steps, control_.max_steps));
  std::fflush(stderr);
  drawn_ = true;
  return true;
}

}  // namespace mj::cli
