// A grid's rows as mj explore writes a state (mj/grid_view.hpp's grid_rows) for JavaScript: a page marks a
// run's grid among the states of a state graph by them.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "js_failure.hpp"
#include "mj/error.hpp"
#include "mj/grid_view.hpp"

namespace {

using emscripten::val;

std::string grid_rows(int mx, int my, int mz, const std::string& legend, const val& cells) {
  return mjweb::guard([&] {
    const std::vector<uint8_t> grid = emscripten::convertJSArrayToNumberVector<uint8_t>(cells);
    if (mx < 1 || my < 1 || mz < 1 || grid.size() != size_t(mx) * size_t(my) * size_t(mz))
      throw mj::argument_error("the rows of " + std::to_string(grid.size()) + " cells for a grid of " +
                               std::to_string(mx) + "x" + std::to_string(my) + "x" + std::to_string(mz));
    for (uint8_t v : grid)
      if (v >= legend.size())
        throw mj::argument_error("the rows of a cell of value " + std::to_string(v) + " with a legend of " +
                                 std::to_string(legend.size()));
    return mj::grid_rows(mj::GridView{mx, my, mz, legend, grid.data(), {}});
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(mj_grid_rows) { emscripten::function("gridRows", &grid_rows); }
