#include "batch.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

#include "messages.hpp"
#include "mj/batch.hpp"
#include "mj/files.hpp"
#include "mj/model.hpp"
#include "progress.hpp"

namespace mj::cli {

namespace {

struct Report {
  std::filesystem::path file;
  int steps = 0;
  long long ms = 0;
  std::vector<Notice> notices;      // the model's, printed once however many runs load it
  std::vector<Notice> run_notices;  // the run's (a wfc that gave up), printed with it
};

// A run of the list, on the Model of an earlier run of the same program when one is kept.
Report run_job(const ListedRun& run, const BatchOptions& options, KeptModels& models) {
  auto started = std::chrono::steady_clock::now();
  Model model = models.take(resolve_run(listed_request(options.request(*run.entry), *run.entry, options.max_cells)));
  Report report;
  try {
    const bool show = options.jobs == 1 && !options.quiet && !options.json && progress_wanted();
    ProgressLine progress(fmt::format("{} seed {}", run.entry->name, run.seed), model, model.settings().steps, show);
    report.file = run_listed(model, run, options.out, progress.control());
    report.steps = model.status().steps;
  } catch (...) {
    models.lost();
    throw;
  }
  report.notices = model.notices();
  report.run_notices = model.run_notices();
  models.give_back(std::move(model));
  report.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
  return report;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if ((unsigned char)c < 0x20) out += fmt::format("\\u{:04x}", int(c));
    else out += c;
  }
  return out + "\"";
}

void print_report(const ListedRun& job, const Report& r, const BatchOptions& options) {
  if (options.json)
    fmt::print("{{\"name\": {}, \"seed\": {}, \"steps\": {}, \"milliseconds\": {}, \"files\": [{}]}}\n",
               json_string(job.entry->name), job.seed, r.steps, r.ms, json_string(r.file.string()));
  else if (!options.quiet)
    fmt::print("{} seed {}: {} steps, {} ms -> {}\n", job.entry->name, job.seed, r.steps, r.ms, r.file.string());
  std::fflush(stdout);
}

// No idle threads, and never so many that the system refuses to create them.
int workers_for(const std::vector<ModelEntry>& entries, int jobs) {
  long long runs = 0;
  for (const ModelEntry& entry : entries) runs += entry.amount;
  return int(std::clamp<long long>(jobs, 1, std::clamp<long long>(runs, 1, 1024)));
}

}  // namespace

int run_batch(const std::vector<ModelEntry>& entries, const BatchOptions& options) {
  make_folder(options.out);
  remove_stale_partials(options.out);  // what a killed batch left beside its files
  std::atomic<int> failures{0};
  std::mutex print;
  std::set<std::string> noticed;  // the notices printed so far (under `print`)
  const int workers = workers_for(entries, options.jobs);
  const std::vector<ListedRun> jobs = plan_list(entries, options.meta_seed, workers, options.request);
  KeptModels models{size_t(workers)};
  std::vector<int> programs;
  for (const ListedRun& run : jobs) programs.push_back(run.program);
  JobQueue queue(programs, workers);
  auto worker = [&](int w) {
    for (std::optional<size_t> job; (job = queue.take(w));) {
      try {
        Report r = run_job(jobs[*job], options, models);
        std::lock_guard<std::mutex> lock(print);
        for (const Notice& notice : r.notices)
          if (noticed.insert(notice.text()).second) fmt::print(stderr, "{}\n", notice.text());
        for (const Notice& notice : r.run_notices) fmt::print(stderr, "{}\n", notice.text());
        print_report(jobs[*job], r, options);
      } catch (...) {
        failures++;
        std::lock_guard<std::mutex> lock(print);
        fmt::print(stderr, "{}\n", error_text(std::current_exception()));
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < workers; t++) threads.emplace_back(worker, t);
  worker(0);
  for (auto& t : threads) t.join();
  if (failures > 0)
    fmt::print(stderr, "{} of {} runs written, {} failed\n", jobs.size() - size_t(failures.load()), jobs.size(),
               failures.load());
  return failures > 0 ? 1 : 0;
}

}  // namespace mj::cli
