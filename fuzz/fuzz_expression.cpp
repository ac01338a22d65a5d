// Fuzzes count expressions (the mj dialect's steps="area/10"): any text gives a value or a CountExpressionError
// (never a crash, an overflow left unsaid or a hang), on grids of every shape; and as the `steps` of a node, an
// event's `timeout` and a search's `limit`, whose models load (and run a few steps) or fail with mj::Error.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/count_expression.hpp"
#include "fuzz_util.hpp"
#include "mj/error.hpp"
#include "run/interpreter.hpp"

namespace {

void evaluate(std::string_view text, mj::GridDimensions size) {
  try {
    mj::evaluate_count(text, size);
  } catch (const mj::CountExpressionError& e) {
    if (e.column < 1 || e.message.empty()) std::abort();  // an error says where and what
  }
}

void load_and_run(const std::string& xml, int mx = 5, int my = 4) {
  try {
    mj::Interpreter ip = mj::Interpreter::from_string(xml, {mx, my, 1, mjfuzz::resources()}, "expression.xml");
    ip.run(1, 30);
  } catch (const mj::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return -1;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  evaluate(text, {});
  evaluate(text, {60, 20, 1});
  evaluate(text, {1LL << 31, 1LL << 31, 1LL << 31});
  const std::string value = mjfuzz::attribute_text(text);
  load_and_run("<one values=\"BW\" dialect=\"mj\" in=\"B\" out=\"W\" steps=\"" + value + "\"/>");
  load_and_run("<markov values=\"BW\" dialect=\"mj\"><event timeout=\"" + value +
               "\"><keypress key=\"a\"><one in=\"B\" out=\"W\"/></keypress></event><one in=\"B\" out=\"W\"/></markov>");
  load_and_run(
      "<sequence values=\"BW\" dialect=\"mj\"><one in=\"B\" out=\"W\" steps=\"1\"/>"
      "<one in=\"BB\" out=\"WB\" search=\"True\" limit=\"" +
          value + "\"><observe value=\"B\" to=\"W\"/></one></sequence>",
      3, 2);
  return 0;
}
