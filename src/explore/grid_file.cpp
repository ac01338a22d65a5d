// The grid the backward questions ask about, from a file: state text, PNG or VOX.
#include <fstream>
#include <sstream>

#include "io/formats/picture_cells.hpp"
#include "io/formats/vox.hpp"
#include "mj/error.hpp"
#include "mj/explore.hpp"
#include "mj/picture.hpp"
#include "run/interpreter.hpp"

namespace mj {

namespace {

bool has_extension(const std::filesystem::path& file, const char* ext) {
  std::string e = file.extension().string();
  for (char& c : e) c = char(std::tolower(static_cast<unsigned char>(c)));
  return e == ext;
}

// "NAME FX FY FZ SEED STEPS", the legend, then FY*FZ rows of FX symbols.
struct StateText {
  GridSize size;
  std::string legend;
  std::vector<std::string> rows;
};

StateText read_state_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw Error(file.string(), 0, "cannot read the grid file");
  StateText t;
  std::string line, name;
  long long seed = 0, steps = 0;
  if (!std::getline(in, line) ||
      !(std::istringstream(line) >> name >> t.size.mx >> t.size.my >> t.size.mz >> seed >> steps) || t.size.mx < 1 ||
      t.size.my < 1 || t.size.mz < 1)
    throw Error(file.string(), 1,
                "not a grid: a PNG, a VOX, or the state text of mj run --state (NAME FX FY FZ SEED STEPS) was "
                "expected");
  if (!std::getline(in, t.legend) || t.legend.empty()) throw Error(file.string(), 2, "the legend is missing");
  for (long long r = 0; r < (long long)t.size.my * t.size.mz; r++) {
    if (!std::getline(in, line) || (long long)line.size() != t.size.mx)
      throw Error(file.string(), int(r + 3), "expected a row of " + std::to_string(t.size.mx) + " symbols");
    t.rows.push_back(line);
  }
  return t;
}

}  // namespace

GridSize grid_file_size(const std::filesystem::path& file) {
  if (has_extension(file, ".png")) {
    const Image image = load_png(file);
    return {image.width, image.height, 1};
  }
  if (has_extension(file, ".vox")) {
    const io::VoxModel vox = io::load_vox(file);
    return {vox.mx, vox.my, vox.mz};
  }
  return read_state_text(file).size;
}

std::vector<uint8_t> read_grid_file(const RunSettings& settings, const std::filesystem::path& file) {
  const GridView shape = load_model(settings).grid();
  if (has_extension(file, ".png") || has_extension(file, ".vox"))
    return io::cells_of_picture(file, shape, settings.palette);
  const StateText t = read_state_text(file);
  if (t.size.mx != shape.mx || t.size.my != shape.my || t.size.mz != shape.mz)
    throw Error(file.string(), 1, "the grid is not of the model's size");
  std::vector<uint8_t> cells;
  for (size_t r = 0; r < t.rows.size(); r++)
    for (char symbol : t.rows[r]) {
      const size_t value = shape.legend.find(symbol);
      if (value == std::string::npos)
        throw Error(file.string(), int(r + 3),
                    std::string("'") + symbol + "' is none of the model's values (" + shape.legend + ")");
      cells.push_back(uint8_t(value));
    }
  return cells;
}

}  // namespace mj
