// mj_wfc_backtrack_bench [CORPUS]: the hard wfc models of issue 49 past their default sizes, seeds
// 1-10, with the reference's retries and with backtracking: how many runs finish their collapse,
// the time per run, and the choices backtracking undid. A benchmark, not a test: it prints.
#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "mj/interpreter.hpp"

namespace {

struct Case {
  std::string model;
  int size;
};

struct Line {
  int finished = 0;
  double seconds = 0;
  long long undone = 0;
  int most_undone = 0;
};

// The line of the model's <wfc>, the node whose inspection counts the undone choices.
int wfc_line(const std::filesystem::path& file) {
  std::FILE* f = std::fopen(file.string().c_str(), "r");
  char buffer[4096];
  for (int line = 1; f && std::fgets(buffer, sizeof buffer, f); line++)
    if (std::string(buffer).find("<wfc") != std::string::npos) {
      std::fclose(f);
      return line;
    }
  if (f) std::fclose(f);
  return 0;
}

Line measure(const std::filesystem::path& corpus, const Case& c, bool backtrack, int seeds) {
  const std::filesystem::path file = corpus / "models" / (c.model + ".xml");
  mj::Interpreter ip = mj::Interpreter::from_file(file, {c.size, c.size, c.size, corpus / "resources"});
  ip.set_backtrack(backtrack);
  const int line = wfc_line(file);
  Line result;
  for (int seed = 1; seed <= seeds; seed++) {
    const auto start = std::chrono::steady_clock::now();
    ip.run(seed, 0);
    result.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (ip.run_notices().empty()) result.finished++;
    const int undone = ip.inspect(line).undone_choices;
    result.undone += undone;
    result.most_undone = std::max(result.most_undone, undone);
  }
  result.seconds /= seeds;
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path corpus =
      argc > 1 ? std::filesystem::path(argv[1]) : std::filesystem::path(MJ_SOURCE_DIR) / ".." / "shared" / "corpus";
  const int seeds = 10;
  const std::vector<Case> cases = {{"Escher", 8},  {"Escher", 10},           {"Escher", 12},
                                   {"Escher", 16}, {"PillarsOfEternity", 9}, {"PillarsOfEternity", 18}};
  fmt::print("{:<22} {:>4}  {:>20}  {:>20}  {:>22}\n", "model (3D)", "size", "retries: done, s/run",
             "backtrack: done, s/run", "undone: mean, most");
  for (const Case& c : cases) {
    const Line retries = measure(corpus, c, false, seeds), back = measure(corpus, c, true, seeds);
    fmt::print("{:<22} {:>4}  {:>8}/{}, {:>8.3f}  {:>8}/{}, {:>8.3f}  {:>12.1f}, {:>8}\n", c.model, c.size,
               retries.finished, seeds, retries.seconds, back.finished, seeds, back.seconds,
               double(back.undone) / seeds, back.most_undone);
    std::fflush(stdout);
  }
}
