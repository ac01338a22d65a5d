#include "mj/inputs_text.hpp"

#include <charconv>

#include "core/file_bytes.hpp"
#include "mj/error.hpp"
#include "mj/files.hpp"

namespace mj {

namespace {

constexpr const char* kHeader = "# mj inputs: STEP KEY a line, the keys a game was sent (replay: mj run --inputs)\n";

bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

// What is wrong with a key written on a line of its own, or "" when nothing is.
std::string key_problem(std::string_view key) {
  if (key.empty()) return "a key needs a name after the step and one space";
  for (char c : key)
    if (is_control(c)) return "a key's name holds a control character (code " + std::to_string(int(c)) + ")";
  return "";
}

// One "STEP KEY" line (no newline), after an input at step `earlier`; throws mj::Error at `line` of `source`.
Input parse_line(std::string_view text, int earlier, const std::string& source, int line) {
  const auto fail = [&](const std::string& what) { throw Error(source, line, what); };  // a bad file, as a bad model
  const size_t space = text.find(' ');
  if (space == std::string_view::npos) fail("an input is \"STEP KEY\" (a step, one space, a key's name)");
  Input input;
  const char* end = text.data() + space;
  const auto [at, error] = std::from_chars(text.data(), end, input.step);
  if (space == 0 || at != end || error == std::errc::invalid_argument || text[0] == '-')
    fail("an input's step must be a whole number from 0, got '" + std::string(text.substr(0, space)) + "'");
  if (error != std::errc()) fail("an input's step is too large");
  if (input.step < earlier)
    fail("inputs come in the order of their steps: step " + std::to_string(input.step) + " after step " +
         std::to_string(earlier));
  input.key = text.substr(space + 1);
  if (const std::string problem = key_problem(input.key); !problem.empty()) fail(problem);
  return input;
}

}  // namespace

std::string inputs_text(const std::vector<Input>& inputs) {
  std::string text = kHeader;
  int earlier = 0;
  for (const Input& input : inputs) {
    if (const std::string problem = key_problem(input.key); !problem.empty()) throw argument_error(problem);
    if (input.step < earlier) throw argument_error("inputs come in the order of their steps");
    earlier = input.step;
    text += std::to_string(input.step) + " " + input.key + "\n";
  }
  return text;
}

std::vector<Input> parse_inputs_text(std::string_view text, const std::string& source) {
  std::vector<Input> inputs;
  int line = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view row = text.substr(start, end - start);
    start = end + 1, line++;
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);  // a file written with CRLF line ends
    if (row.empty() || row[0] == '#') continue;
    inputs.push_back(parse_line(row, inputs.empty() ? 0 : inputs.back().step, source, line));
  }
  return inputs;
}

std::vector<Input> read_inputs(const std::filesystem::path& file) {
  return parse_inputs_text(read_file(file), file.string());
}

void save_inputs(const std::filesystem::path& file, const std::vector<Input>& inputs) {
  save_file(file, inputs_text(inputs));
}

}  // namespace mj
