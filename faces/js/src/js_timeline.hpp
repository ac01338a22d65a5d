// The debugger's timeline for JavaScript: the run's record (time travel) and breakpoints, over mj/history.hpp
// and mj/run_control.hpp; the Session (session.cpp) only hands them its Model.
#pragma once

#include <emscripten/val.h>

#include <vector>

#include "mj/model.hpp"
#include "mj/run_control.hpp"

namespace mjweb {

// {first, last, bytes} of the record, or null when not recording.
emscripten::val history_range(mj::Model& model);
// {mx, my, mz, legend, cells} after `step` steps, from the record; `cells` views `keep` (valid until
// the next call). Throws mj::Error for a step outside the record.
emscripten::val grid_at(mj::Model& model, int step, std::vector<uint8_t>& keep);
// [{line, rule}] (rule -1 or absent: the node) as the library's breakpoints.
std::vector<mj::Breakpoint> breakpoints(const emscripten::val& list);
// {line, rule} where the latest advance paused, or null.
emscripten::val breakpoint_hit(mj::Model& model);

}  // namespace mjweb
