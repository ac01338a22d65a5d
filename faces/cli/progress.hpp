// A progress line on a terminal for runs longer than about a second.
#pragma once

#include <chrono>
#include <string>

#include "mj/model.hpp"

namespace mj::cli {

// True when stderr is a terminal: progress lines are meant for people, not logs.
bool progress_wanted();

// Steers a run to `max_steps` (<= 0: none) and, when `show`, draws a line on stderr (steps, steps/s,
// and a bar when the run is bounded) once the run has taken a second; the line is cleared at the end.
class ProgressLine {
 public:
  ProgressLine(std::string label, const Model& model, int max_steps, bool show);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  const RunControl& control() const { return control_; }

 private:
  std::string label_;
  RunControl control_;
  std::chrono::steady_clock::time_point start_;
  bool drawn_ = false;

  bool draw(const Model& model);
};

}  // namespace mj::cli
