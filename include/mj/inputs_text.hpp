// mj's public API: a game's inputs as text, the file `mj play --record` and `mj run --record` write, `mj run
// --inputs` replays and Python's Model.save_inputs writes. With the run's seed, it replays the game exactly
// (Model::replay).
//
// One input a line, "STEP KEY": the step the run stood at when the key came (a whole number from 0, never less
// than the line before's), one space, and the key's name to the end of the line ("ArrowLeft", "a"; as a page's
// KeyboardEvent.key names it, so a key may be a space). Blank lines and lines starting with '#' are comments.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "mj/model.hpp"

namespace mj {

// The inputs as text, a comment line first. Throws mj::Error (kind argument) for a key that is empty or holds a
// control character (a newline would end its line), or inputs out of the order of their steps.
std::string inputs_text(const std::vector<Input>& inputs);
// The inputs of `text`; `source` names it in messages. Throws mj::Error with `source` and the line for a line
// that is not "STEP KEY" or a step below the line before's.
std::vector<Input> parse_inputs_text(std::string_view text, const std::string& source);

// read_file then parse_inputs_text; save_file of inputs_text.
std::vector<Input> read_inputs(const std::filesystem::path& file);
void save_inputs(const std::filesystem::path& file, const std::vector<Input>& inputs);

}  // namespace mj
