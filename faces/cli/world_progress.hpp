// The progress of `mj world`: the chunks made, and a line on stderr for people (as ProgressLine's for a run).
#pragma once

#include <chrono>
#include <string>

#include "mj/world.hpp"

namespace mj::cli {

// A WorldControl of `threads` that stops when Ctrl-C is pressed (Interrupt) and, when `show`, draws a line on
// stderr (chunks made of those needed, chunks/s, a bar) once the region has taken a second; cleared at the end.
class WorldProgress {
 public:
  WorldProgress(std::string label, int threads, bool show);
  ~WorldProgress();
  WorldProgress(const WorldProgress&) = delete;
  WorldProgress& operator=(const WorldProgress&) = delete;

  const WorldControl& control() const { return control_; }
  long long made() const { return made_; }  // chunks made so far

 private:
  std::string label_;
  bool show_;
  WorldControl control_;
  std::chrono::steady_clock::time_point start_;
  long long made_ = 0;
  bool drawn_ = false;

  bool update(long long done, long long total);
};

}  // namespace mj::cli
