// What a node computed to make its choices (mj/inspect.hpp), for JavaScript: the playground's overlay
// (playground/overlay.js) draws it.
#pragma once

#include <emscripten/val.h>

#include "mj/inspect.hpp"

namespace mjweb {

// {kind, line, mx, my, mz, legend, fields: [{value, cells: Int32Array}], future: Uint32Array | null,
// potentials: [{value, cells}], candidates: [{rule, x, y, z, delta, score}], chosen, options: Int32Array
// | null, patterns, failedTries, undoneChoices, contradictions: [cell]}, every array a copy.
emscripten::val inspection(const mj::Inspection& view);

}  // namespace mjweb
