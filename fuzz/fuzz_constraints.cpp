// Fuzzes pins and goals in each format mj reads them in: the first byte picks the format (a PNG in the model's
// colours, a VOX, a state text), the rest is the file. Whatever it holds, the cells come back (one a grid cell,
// each a value of the model or kFreeCell) or mj::Error names the file; the cells then pin a run and are the goal of
// another (a model with an inference node), which runs or is refused with mj::Error.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_util.hpp"
#include "mj/error.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"

namespace {

// 2D at 6x5 and 3D at 3x3x2: a goal needs an inference node (the <observe>); pins take any model.
const char* kModel =
    "<sequence values=\"BRW\"><one in=\"B\" out=\"R\" steps=\"1\"/>"
    "<one in=\"RB\" out=\"WR\"><observe value=\"B\" to=\"BW\"/></one></sequence>";

mj::Model model_of(int mx, int my, int mz) {
  mj::RunRequest r;
  r.xml = kModel;
  r.model = "constraints";
  mj::set_sides(r, mz > 1 ? std::vector<int>{mx, my, mz} : std::vector<int>{mx, my});
  return mj::Model(r);
}

void constrain(mj::Model& model, const std::filesystem::path& file) {
  std::vector<uint8_t> cells;
  try {
    cells = mj::constraint_cells(model, file);
  } catch (const mj::Error& e) {
    if (e.file() != file.string()) std::abort();  // an error names the file
    return;
  }
  const mj::GridView grid = model.grid();
  if (cells.size() != grid.size()) std::abort();
  for (uint8_t c : cells)
    if (c != mj::kFreeCell && c >= grid.legend.size()) std::abort();
  for (bool goal : {false, true}) {
    try {
      goal ? model.set_goal(cells) : model.set_pins(cells);
      model.run(1, 60);
      goal ? model.set_goal({}) : model.set_pins({});
    } catch (const mj::Error&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 65536) return -1;
  static const char* extensions[] = {".png", ".vox", ".txt"};
  const std::filesystem::path file = mjfuzz::input_file(data + 1, size - 1, extensions[data[0] % 3]);
  static mj::Model flat = model_of(6, 5, 1), deep = model_of(3, 3, 2);
  constrain(flat, file);
  constrain(deep, file);
  return 0;
}
