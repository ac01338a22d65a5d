// Fuzzes the state text (`mj run --state`'s "NAME FX FY FZ SEED STEPS", the legend, the rows) where it is read:
// as a grid for mj explore (grid_file_size, then read_grid_file at that size: every cell a value of the model) and as
// pins of a model of that size. Each gives cells (every one a value of the model) or mj::Error.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "fuzz_util.hpp"
#include "mj/error.hpp"
#include "mj/explore.hpp"
#include "mj/model.hpp"
#include "mj/outputs.hpp"

namespace {

constexpr long long kMostCells = 4096;  // larger grids are read as well, but the fuzzer's time goes to the reader

void read_as_grid(const std::filesystem::path& file) {
  const mj::GridSize size = mj::grid_file_size(file);
  if (size.mx < 1 || size.my < 1 || size.mz < 1) std::abort();
  if (1LL * size.mx * size.my * size.mz > kMostCells) return;
  mj::RunRequest r;
  r.xml = "<one values=\"BWR\" in=\"B\" out=\"W\"/>";
  r.model = "state";
  mj::set_sides(r, {size.mx, size.my, size.mz});
  const mj::RunSettings settings = mj::resolve_run(r);
  const std::vector<uint8_t> cells = mj::read_grid_file(settings, file);
  if (cells.size() != size_t(size.mx) * size_t(size.my) * size_t(size.mz)) std::abort();
  for (uint8_t c : cells)
    if (c > 2) std::abort();
  mj::Model model(settings);
  const std::vector<uint8_t> pins = mj::constraint_cells(model, file);
  if (pins.size() != cells.size()) std::abort();
  model.set_pins(pins);
  model.run(1, 20);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return -1;
  const std::filesystem::path file = mjfuzz::input_file(data, size, ".txt");
  try {
    read_as_grid(file);
  } catch (const mj::Error&) {
  }
  return 0;
}
