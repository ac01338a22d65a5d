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
  options.request = [](const ModelEntry& entry) {
    RunRequest request;
    request.model = "models/" + entry.name + ".xml";
    request.xml = std::string(embedded(entry.name + ".xml"));
    return request;
  };
  return run_batch(demo_entries(), options);
}

}  // namespace mj::cli
