// A progress line on a terminal for runs longer than about a second.
#pragma once

#include <string>

#include "mj/interpreter.hpp"

namespace mj::cli {

// True when stderr is a terminal: progress lines are meant for people, not logs.
bool progress_wanted();

// Runs `seed` to the end (or `max_steps`) like Interpreter::run, drawing a progress line on stderr
// (steps, steps/s, and a bar when `max_steps` bounds the run) once the run has taken a second.
int run_with_progress(Interpreter& interpreter, int seed, int max_steps, const std::string& label, bool show);

}  // namespace mj::cli
