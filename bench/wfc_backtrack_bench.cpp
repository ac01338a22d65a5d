// mj_wfc_backtrack_bench [CORPUS [entries [FIRST]]]: the hard wfc models of issue 49 past their
// default sizes, seeds 1-10 (with `entries`: every corpus entry with a wfc at its size and twice it,
// seeds 1-3, from the entry FIRST on), with the reference's retries and with backtracking: how many
// runs finish with no run notice (no wfc gave up), the time per run, and the observations
// backtracking undid (the first wfc's). A benchmark, not a test: it prints.
#include <fmt/core.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "mj/model_list.hpp"
#include "run/interpreter.hpp"

namespace {

struct Case {
  std::string model;
  int mx, my, mz;
};

// Every corpus entry with a wfc, at its models.xml size.
const std::vector<Case> kEntries = {{"Apartemazements", 8, 8, 8}, {"ClosedSurface", 12, 12, 12},
                                    {"ColoredKnots", 12, 12, 12}, {"Escher", 8, 8, 8},
                                    {"EscherSurface", 8, 8, 8},   {"Knots2D", 12, 12, 1},
                                    {"Knots3D", 8, 8, 8},         {"ModernHouse", 9, 9, 4},
                                    {"OrientedEscher", 6, 6, 6},  {"Partitioning", 11, 11, 3},
                                    {"PeriodicEscher", 8, 8, 8},  {"PillarsOfEternity", 9, 9, 9},
                                    {"SeaVilla", 10, 10, 4},      {"SelectLongKnots", 10, 10, 10},
                                    {"Sewers", 40, 40, 1},        {"SubmergedKnots", 12, 12, 12},
                                    {"Surface", 10, 10, 10},      {"TileDungeon", 12, 12, 1},
                                    {"TilePath", 20, 20, 1},      {"WaveBrickWall", 50, 50, 1},
                                    {"WaveDungeon", 50, 50, 1},   {"WaveFlowers", 60, 60, 1}};

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
  mj::Interpreter ip = mj::Interpreter::from_file(file, {c.mx, c.my, c.mz, corpus / "resources"});
  ip.set_backtrack(backtrack);
  const int line = wfc_line(file);
  Line result;
  for (int seed = 1; seed <= seeds; seed++) {
    const auto start = std::chrono::steady_clock::now();
    ip.run(seed, mj::kDefaultSteps);  // as mj run: SubmergedKnots runs on without a limit
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
  const bool entries = argc > 2 && std::string(argv[2]) == "entries";
  std::vector<Case> cases = {{"Escher", 8, 8, 8},    {"Escher", 10, 10, 10},         {"Escher", 12, 12, 12},
                             {"Escher", 16, 16, 16}, {"PillarsOfEternity", 9, 9, 9}, {"PillarsOfEternity", 18, 18, 18}};
  if (entries) {  // every entry at its size and at twice its size (twice its height too when 3D)
    cases.clear();
    bool from = argc < 4;  // a third argument: the entry to start from
    for (const Case& c : kEntries) {
      if (!(from = from || c.model == argv[3])) continue;
      cases.push_back(c);
      cases.push_back({c.model, 2 * c.mx, 2 * c.my, c.mz > 1 ? 2 * c.mz : 1});
    }
  }
  const int seeds = entries ? 3 : 10;
  fmt::print("{:<20} {:>9}  {:>20}  {:>22}  {:>20}\n", "model", "size", "retries: done, s/run",
             "backtrack: done, s/run", "undone: mean, most");
  for (const Case& c : cases) {
    const Line retries = measure(corpus, c, false, seeds), back = measure(corpus, c, true, seeds);
    fmt::print("{:<20} {:>9}  {:>8}/{}, {:>8.3f}  {:>10}/{}, {:>8.3f}  {:>10.1f}, {:>8}\n", c.model,
               fmt::format("{}x{}x{}", c.mx, c.my, c.mz), retries.finished, seeds, retries.seconds, back.finished,
               seeds, back.seconds, double(back.undone) / seeds, back.most_undone);
    std::fflush(stdout);
  }
}
