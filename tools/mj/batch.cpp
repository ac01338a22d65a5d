#include "batch.hpp"

#include <chrono>
#include <fmt/core.h>

#include "core/random.hpp"
#include "outputs.hpp"

namespace mj::cli {

namespace {

// Runs one seed of an entry and writes its picture; returns the file written.
std::filesystem::path run_one(Interpreter& interpreter, const io::ModelEntry& entry, int seed,
                              const BatchOptions& options, const io::Palette& palette) {
  auto started = std::chrono::steady_clock::now();
  int steps = interpreter.run(seed, entry.steps);
  auto file = write_picture(options.out / fmt::format("{}_{}", safe_name(entry.name), seed), interpreter.grid(),
                            palette, {entry.pixelsize, entry.iso});
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
  if (!options.quiet) fmt::print("{} seed {}: {} steps, {} ms -> {}\n", entry.name, seed, steps, ms, file.string());
  return file;
}

bool run_entry(const io::ModelEntry& entry, const BatchOptions& options, Random& meta) {
  try {
    LoadOptions load{entry.mx, entry.my, entry.mz, options.resources};
    Interpreter interpreter = options.load(entry, load);
    io::Palette palette = options.palette;
    for (const auto& [symbol, color] : entry.colors) palette[symbol] = color;
    for (int k = 0; k < entry.amount; k++) {
      int seed = k < int(entry.seeds.size()) ? entry.seeds[size_t(k)] : meta.next();
      run_one(interpreter, entry, seed, options, palette);
    }
    return true;
  } catch (const Error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return false;
  }
}

}  // namespace

int run_batch(const std::vector<io::ModelEntry>& entries, const BatchOptions& options) {
  std::filesystem::create_directories(options.out);
  Random meta(options.meta_seed);
  int failures = 0;
  for (const io::ModelEntry& entry : entries)
    if (!run_entry(entry, options, meta)) failures++;
  if (failures > 0) fmt::print(stderr, "{} of {} models failed\n", failures, entries.size());
  return failures > 0 ? 1 : 0;
}

}  // namespace mj::cli
