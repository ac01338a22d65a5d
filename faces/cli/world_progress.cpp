#include "world_progress.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>

#include "interrupt.hpp"

namespace mj::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::string bar(long long done, long long total) {
  constexpr int kWidth = 24;
  const int filled = total > 0 ? std::min(kWidth, int(double(done) / double(total) * kWidth)) : 0;
  return " [" + std::string(size_t(filled), '#') + std::string(size_t(kWidth - filled), '.') + "]";
}

}  // namespace

WorldProgress::WorldProgress(std::string label, int threads, bool show)
    : label_(std::move(label)), show_(show), start_(Clock::now()) {
  control_.threads = threads;
  control_.progress = [this](long long done, long long total) { return update(done, total); };
}

WorldProgress::~WorldProgress() {
  if (drawn_) fmt::print(stderr, "\r\033[K");
}

bool WorldProgress::update(long long done, long long total) {
  made_ = done;
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  if (show_ && seconds >= 1) {
    fmt::print(stderr, "\r{}: {}/{} chunks, {:.1f} chunks/s{}\033[K", label_, done, total, done / seconds,
               bar(done, total));
    std::fflush(stderr);
    drawn_ = true;
  }
  return !Interrupt::requested();
}

}  // namespace mj::cli
