// Resources for JavaScript: the files models read (rules/, samples/, tilesets/, palette.xml), put into
// emscripten's file system, where the library reads them, and written as mj writes every file.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "js_failure.hpp"
#include "mj/files.hpp"

namespace {

// `bytes` (a Uint8Array) as `folder`/`path`, making the folders it needs.
void add_resource(const std::string& folder, const std::string& path, const emscripten::val& bytes) {
  mjweb::guard([&] {
    const std::filesystem::path file = std::filesystem::path(folder) / path;
    std::filesystem::create_directories(file.parent_path());
    const std::vector<uint8_t> data = emscripten::convertJSArrayToNumberVector<uint8_t>(bytes);
    mj::save_file(file, std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_resources) { emscripten::function("addResource", &add_resource); }
