// mj_runs_bench: the time of one run inside a warm process, through the C++ API: loads a model once (its
// entry's size, or --size), runs seeds 1..RUNS (a fresh run each, to the model's step limit) and prints
// the median and the total of the runs' times: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which
// a machine busy with other work disturbs far less than wall time. The .NET console's `bench` command does the same
// through the C interface (scripts/bench_dotnet.sh runs the two in turn), so that what a binding adds to
// a run is measured without a process's start-up.
// Usage: mj_runs_bench MODEL.xml RUNS [SIZE]
#include <fmt/core.h>
#include <time.h>

#include <algorithm>
#include <string>
#include <vector>

#include "mj/model.hpp"

namespace {

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: mj_runs_bench MODEL.xml RUNS [SIZE]\n");
    return 1;
  }
  try {
    mj::RunRequest request;
    request.model = argv[1];
    if (argc > 3) request.size = std::stoi(argv[3]);
    const mj::RunSettings settings = mj::resolve_run(request);
    mj::Model model(settings);
    const int runs = std::stoi(argv[2]);
    std::vector<double> ms;
    long long steps = 0;
    for (int seed = 1; seed <= runs; seed++) {
      const double start = thread_cpu_ms();
      model.run(seed);  // to the settings' step limit
      steps += model.status().steps;
      ms.push_back(thread_cpu_ms() - start);
    }
    double total = 0;
    for (double m : ms) total += m;
    std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
    fmt::print("c++ {} runs of {}: median {:.3f} ms, total {:.1f} ms of CPU, {} steps\n", runs, settings.name,
               ms[ms.size() / 2], total, steps);
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 1;
  }
  return 0;
}
