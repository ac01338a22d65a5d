// What JavaScript asks for when it loads a model, as the library's RunRequest: resolve_run decides
// the rest (size, steps, pixel size, colours) as it does for every face.
#pragma once

#include <emscripten/val.h>

#include <string>

#include "mj/run_settings.hpp"

namespace mjweb {

// `options`: sides ([n], [mx, my] or [mx, my, mz], as mj::set_sides reads them), steps, pixelsize,
// entry (a modelList entry), maxCells, colors ({symbol: 0xRRGGBB}), resources (a folder of the module's
// files); each missing (or null) = not given, for resolve_run to decide.
mj::RunRequest run_request(const std::string& xml, const std::string& name, const emscripten::val& options);

// {name, size: [mx, my, mz], steps, pixelsize, iso, sizeFrom}: what the library decided.
emscripten::val settings_object(const mj::RunSettings& settings);

}  // namespace mjweb
