// The glTF export's mesh (mj/mesh.hpp) for JavaScript viewers: the playground's 3D view draws the same
// rectangles the .glb holds.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "js_failure.hpp"
#include "mj/error.hpp"
#include "mj/mesh.hpp"

namespace {

using emscripten::val;

// Views of wasm memory, valid until the next call (the JS API copies them).
std::vector<uint8_t> values_;
std::vector<float> corners_, normals_;

// The rectangles of a grid of mx*my*mz cells (a Uint8Array, x fastest, then y, then z; value 0 empty):
// {values (one per rectangle), corners (4 corners x, y, z each, counter-clockwise seen from outside),
// normals (x, y, z each)}, in grid coordinates with z up.
val mesh(int mx, int my, int mz, const val& cells) {
  return mjweb::guard([&] {
    if (mx < 1 || my < 1 || mz < 1) throw mj::argument_error("a mesh of a grid with a side under 1");
    const std::vector<uint8_t> grid = emscripten::convertJSArrayToNumberVector<uint8_t>(cells);
    if (grid.size() != size_t(mx) * size_t(my) * size_t(mz))
      throw mj::argument_error("a mesh of " + std::to_string(grid.size()) + " cells for a grid of " +
                               std::to_string(size_t(mx) * size_t(my) * size_t(mz)));
    values_.clear(), corners_.clear(), normals_.clear();
    for (const mj::Quad& q : mj::greedy_mesh(mj::GridView{mx, my, mz, "", grid.data(), {}})) {
      values_.push_back(q.value);
      for (const auto& corner : q.corners) corners_.insert(corners_.end(), corner.begin(), corner.end());
      normals_.insert(normals_.end(), q.normal.begin(), q.normal.end());
    }
    val out = val::object();
    out.set("values", val(emscripten::typed_memory_view(values_.size(), values_.data())));
    out.set("corners", val(emscripten::typed_memory_view(corners_.size(), corners_.data())));
    out.set("normals", val(emscripten::typed_memory_view(normals_.size(), normals_.data())));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_mesh) { emscripten::function("mesh", &mesh); }
