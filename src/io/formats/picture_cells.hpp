// mj::io: a run's starting cells read from a picture: a PNG in the palette's colours (2D) or a VOX
// written as mj writes them (3D).
#pragma once

#include <filesystem>
#include <vector>

#include "mj/picture.hpp"

namespace mj::io {

// The values of `shape`'s legend whose colours the picture shows, cell by cell (shape.cells unused).
// A picture of another size, or a colour of no value, -> mj::Error(file, 0, ...).
std::vector<uint8_t> cells_of_picture(const std::filesystem::path& file, const GridView& shape, const Palette& colors);
// Pins or a goal (Model::set_pins, set_goal) read as cells_of_picture reads a start, a cell not drawn being
// kFreeCell: a transparent pixel of a PNG, an empty voxel of a VOX; or a state text (.txt, as `mj run
// --state` writes it) in the model's symbols, '*' for a free cell.
// `shape`: the grid pins and goals name (Model::pinned_grid).
std::vector<uint8_t> constraint_cells(const std::filesystem::path& file, const GridShape& shape, const Palette& colors);

}  // namespace mj::io
