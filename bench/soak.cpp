// mj_soak: resident memory over many runs in one process. Loads and runs the small entries of a
// models.xml (those whose first run takes less than --small-ms) again and again, a fresh interpreter
// each time, and encodes each run's picture as mj would write it. Prints the process's resident
// memory (VmRSS) before the first run, after the first round of runs (allocator pools warm), every
// --every runs and at the end; exits 1 when the end is more than --allow KiB above the warm figure.
// --list FILE writes a models.xml of four rounds (new seeds each) of --list-runs / 4 of the small
// entries, for soaking `mj -j 2` (scripts/soak.sh compares the rounds' memory).
#include <fmt/core.h>
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "mj/model_list.hpp"
#include "mj/picture.hpp"
#include "run/interpreter.hpp"

namespace fs = std::filesystem;

namespace {

struct Options {
  fs::path corpus = fs::path(MJ_SOURCE_DIR) / ".." / "shared" / "corpus";
  int runs = 10000, every = 1000, small_ms = 20, allow_kib = 2048;
  fs::path list;
  int list_runs = 500;
  mj::Palette palette;  // the corpus' palette.xml over the built-in one, read once as mj does
};

// Bytes the program holds from malloc: a leak grows this, while the allocator's retention of freed
// pages (fragmentation) grows only the resident figure.
long heap_kib() {
  const struct mallinfo2 info = mallinfo2();
  return long((info.uordblks + info.hblkhd) / 1024);
}

long resident_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

// One load, run and picture; returns the bytes of the picture, so that nothing is optimised away.
size_t load_and_run(const Options& o, const mj::ModelEntry& e, int seed) {
  mj::Interpreter ip =
      mj::Interpreter::from_file(o.corpus / "models" / (e.name + ".xml"), {e.mx, e.my, e.mz, o.corpus / "resources"});
  ip.run(seed, e.steps);
  mj::Palette palette = o.palette;
  for (const auto& [symbol, color] : e.colors) palette[symbol] = color;
  const mj::GridView grid = ip.grid();
  const auto colors = mj::legend_colors(grid.legend, palette);
  return grid.mz == 1 ? mj::encode_png(grid, colors, e.pixelsize).size() : mj::encode_vox(grid, colors).size();
}

std::vector<mj::ModelEntry> small_entries(const Options& o, size_t& bytes) {
  std::vector<mj::ModelEntry> small;
  for (const mj::ModelEntry& e : mj::load_model_list(o.corpus / "models.xml")) {
    const auto start = std::chrono::steady_clock::now();
    bytes += load_and_run(o, e, 1);
    if (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(o.small_ms)) small.push_back(e);
  }
  return small;
}

void write_list(const Options& o, const std::vector<mj::ModelEntry>& small) {
  const size_t round = std::min(small.size(), size_t(o.list_runs / 4));
  std::ofstream out(o.list);
  out << "<models>\n";
  for (int seed = 1; seed <= 4; seed++)
    for (size_t i = 0; i < round; i++) {
      const mj::ModelEntry& e = small[i];
      out << fmt::format(
          "  <model name=\"{}\" length=\"{}\" width=\"{}\" height=\"{}\" steps=\"{}\" seeds=\"{}\" amount=\"1\"/>\n",
          e.name, e.mx, e.my, e.mz, e.steps, seed);
    }
  out << "</models>\n";
}

int soak(const Options& o) {
  fmt::print("before any run: {} KiB\n", resident_kib());
  size_t bytes = 0;
  const std::vector<mj::ModelEntry> small = small_entries(o, bytes);
  if (small.empty()) throw mj::Error(o.corpus.string(), 0, "no entry runs in less than --small-ms");
  if (!o.list.empty()) write_list(o, small);
  for (size_t i = 0; i < small.size(); i++) bytes += load_and_run(o, small[i], 2);  // the warm round
  const long warm = resident_kib(), warm_heap = heap_kib();
  fmt::print("{} small entries; after a first round of them: {} KiB (heap in use {} KiB)\n", small.size(), warm,
             warm_heap);
  for (int run = 1; run <= o.runs; run++) {
    bytes += load_and_run(o, small[size_t(run) % small.size()], 3 + run);
    if (run % o.every == 0 || run == o.runs) fmt::print("after {:>6} runs: {} KiB\n", run, resident_kib());
  }
  const long grown = resident_kib() - warm;
  fmt::print("{} runs, {} bytes of pictures: resident memory {:+} KiB after the warm round, heap in use {:+} KiB\n",
             o.runs, bytes, grown, heap_kib() - warm_heap);
  return grown > o.allow_kib ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app("mj_soak: resident memory over many load+run cycles in one process");
  app.add_option("--corpus", o.corpus, "folder with models.xml, models/ and resources/");
  app.add_option("--runs", o.runs, "runs after the warm round");
  app.add_option("--every", o.every, "print the resident memory every N runs");
  app.add_option("--small-ms", o.small_ms, "an entry is small when its first run takes less (wall ms)");
  app.add_option("--allow", o.allow_kib, "growth in KiB above which the soak fails");
  app.add_option("--list", o.list, "also write a models.xml of the small entries for `mj -j 2`");
  app.add_option("--list-runs", o.list_runs, "runs in that models.xml");
  CLI11_PARSE(app, argc, argv);
  try {
    o.palette = mj::palette_with(o.corpus / "resources" / "palette.xml");
    return soak(o);
  } catch (const mj::Error& e) {
    fmt::print(stderr, "mj_soak: {}\n", e.what());
    return 1;
  }
}
