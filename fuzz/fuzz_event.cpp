// Fuzzes the mj dialect's <event> and <keypress> inside a game: the input is the children of the root <markov>
// (dialect="mj"), which loads or fails with mj::Error; a game that loads is started, sent keys (arrows, a letter, a
// key no keypress names) at steps of their own and run to its step limit, then replayed to the same grid.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "mj/error.hpp"
#include "mj/model.hpp"

namespace {

std::string cells(const mj::Model& model) {
  const mj::GridView g = model.grid();
  return std::string(reinterpret_cast<const char*>(g.cells), g.size());
}

void play(mj::Model& model) {
  static const char* keys[] = {"ArrowLeft", "a", "ArrowUp", "nothing", " "};
  model.start(1, 120);
  for (const char* key : keys) {
    model.step(7);
    model.send(key);
  }
  model.advance();
  const std::string played = cells(model);
  const std::vector<mj::Input> inputs = model.inputs();
  model.replay(1, inputs, 120);
  if (cells(model) != played) std::abort();  // a game replays exactly
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 8192) return -1;
  mj::RunRequest r;
  r.xml = "<markov values=\"BWRG\" dialect=\"mj\" origin=\"True\">" +
          std::string(reinterpret_cast<const char*>(data), size) + "</markov>";
  r.model = "event";
  mj::set_sides(r, {6, 5});
  try {
    mj::Model model(r);
    play(model);
  } catch (const mj::Error&) {
  }
  return 0;
}
