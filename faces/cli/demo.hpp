// The built-in demo: our own models (models/*.xml, embedded at build time) run with no corpus.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

namespace mj::cli {

struct EmbeddedFile {
  std::string_view name;  // file name, e.g. "demo.xml"
  std::string_view text;
};

const std::vector<EmbeddedFile>& embedded_models();

struct BatchOptions;
// Runs every model of the embedded demo.xml with `options` (out, jobs, quiet...). Returns the exit code.
int run_demo(BatchOptions options);

}  // namespace mj::cli
