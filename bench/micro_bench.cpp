// Micro-benchmarks: one corpus model per benchmark, fixed seed, the whole run per iteration.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>

#include "run/interpreter.hpp"

namespace {

std::filesystem::path corpus() {
  const char* env = std::getenv("MJ_CORPUS");
  return env ? std::filesystem::path(env) : std::filesystem::path(MJ_SOURCE_DIR) / ".." / "shared" / "corpus";
}

void run_model(benchmark::State& state, const char* name, int size, int steps) {
  auto ip = mj::Interpreter::from_file(corpus() / "models" / (std::string(name) + ".xml"),
                                       {size, size, 1, corpus() / "resources"});
  int64_t total = 0;
  for (auto _ : state) total += ip.run(1, steps);
  state.counters["steps/s"] = benchmark::Counter(double(total), benchmark::Counter::kIsRate);
}

void BM_MazeGrowth(benchmark::State& s) { run_model(s, "MazeGrowth", 255, 0); }
void BM_MazeBacktracker(benchmark::State& s) { run_model(s, "MazeBacktracker", 255, 0); }
void BM_ParallelMazeGrowth(benchmark::State& s) { run_model(s, "ParallelMazeGrowth", 255, 0); }
void BM_Basic(benchmark::State& s) { run_model(s, "Basic", 60, 0); }
void BM_BiasedGrowth(benchmark::State& s) { run_model(s, "BiasedGrowth", 80, 0); }

BENCHMARK(BM_MazeGrowth)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MazeBacktracker)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParallelMazeGrowth)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Basic)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BiasedGrowth)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
