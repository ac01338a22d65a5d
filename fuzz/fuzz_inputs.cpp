// Fuzzes the inputs text (mj/inputs_text.hpp: "STEP KEY" a line, what mj play --record writes and mj run --inputs
// replays): any text gives inputs or mj::Error at its line; inputs read are written back to the same text's inputs,
// and replay a game of <event>s to its step limit.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "mj/error.hpp"
#include "mj/inputs_text.hpp"
#include "mj/model.hpp"

namespace {

const char* kGame =
    "<markov values=\"BWR\" dialect=\"mj\" origin=\"True\"><event timeout=\"3\">"
    "<keypress key=\"ArrowLeft\"><one in=\"BW\" out=\"WR\"/></keypress>"
    "<keypress key=\" \"><one in=\"W\" out=\"R\"/></keypress></event><one in=\"RB\" out=\"RR\" steps=\"1\"/></markov>";

mj::Model& game() {
  static mj::Model model = [] {
    mj::RunRequest r;
    r.xml = kGame;
    r.model = "game";
    mj::set_sides(r, {7, 5});
    return mj::Model(r);
  }();
  return model;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 8192) return -1;
  std::vector<mj::Input> inputs;
  try {
    inputs = mj::parse_inputs_text(std::string_view(reinterpret_cast<const char*>(data), size), "inputs.txt");
  } catch (const mj::Error& e) {
    if (e.file() != "inputs.txt" || e.line() < 1) std::abort();  // an error names the file and the line
    return 0;
  }
  if (mj::parse_inputs_text(mj::inputs_text(inputs), "again") != inputs) std::abort();  // written as read
  for (const mj::Input& input : inputs)
    if (input.step > 400) return 0;  // a replay runs to the last input's step at least
  game().replay(1, inputs, 400);
  const std::vector<mj::Input>& sent = game().inputs();  // all of them, but those after the run's end
  if (sent.size() > inputs.size() || !std::equal(sent.begin(), sent.end(), inputs.begin())) std::abort();
  return 0;
}
