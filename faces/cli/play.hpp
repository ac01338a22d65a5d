// `mj play MODEL.xml`: a game (a model of the mj dialect's <event> nodes) played in a terminal, as the playground
// plays it: the arrow keys and every other key sent to the run, the grid drawn in the model's colours.
#pragma once

#include <filesystem>
#include <string>

#include "mj/model.hpp"

namespace mj::cli {

// The grid drawn for a terminal of `columns` x `rows` characters in 24-bit colour, two cells a character (the
// upper half block's foreground the upper cell, its background the lower), scaled by a whole factor to fill it or
// down to fit it; each line ends by clearing the rest of its row. 2D grids (the first layer of a 3D grid).
std::string terminal_picture(const GridView& grid, const std::vector<uint32_t>& colors, int columns, int rows);

// Plays the run of `seed` until q or Ctrl-C, then writes the keys sent to `record` (when given) and returns 0.
// Throws std::runtime_error when there is no terminal, mj::Error for the model's errors.
int play(Model& model, int seed, const std::filesystem::path& record);

}  // namespace mj::cli
