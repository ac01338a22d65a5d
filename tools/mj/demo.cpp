#include "demo.hpp"

#include <string>

#include "batch.hpp"

namespace mj::cli {

namespace {

std::string_view embedded(std::string_view name) {
  for (const EmbeddedFile& f : embedded_models())
    if (f.name == name) return f.text;
  throw Error(std::string(name), 0, "not among the built-in models");
}

std::vector<ModelEntry> demo_entries() {
  return parse_model_list(std::string(embedded("demo.xml")), "models/demo.xml");
}

}  // namespace

int run_demo(BatchOptions options) {
  options.palette = default_palette();
  options.load = [](const ModelEntry& entry, const LoadOptions& load) {
    std::string name = entry.name + ".xml";
    return Interpreter::from_string(std::string(embedded(name)), load, "models/" + name);
  };
  return run_batch(demo_entries(), options);
}

}  // namespace mj::cli
