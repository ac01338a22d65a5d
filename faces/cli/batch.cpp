#include "batch.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "job_queue.hpp"
#include "kept_models.hpp"
#include "messages.hpp"
#include "mj/files.hpp"
#include "mj/model.hpp"
#include "progress.hpp"
#include "run_order.hpp"

namespace mj::cli {

namespace {

struct Job {
  const ModelEntry* entry;
  int seed;
};

struct Report {
  std::filesystem::path file;
  int steps = 0;
  long long ms = 0;
  std::vector<Notice> notices;      // the model's, printed once however many runs load it
  std::vector<Notice> run_notices;  // the run's (a wfc that gave up), printed with it
};

std::vector<Job> plan(const std::vector<ModelEntry>& entries, int meta_seed) {
  const std::vector<int> seeds = plan_seeds(entries, meta_seed);
  std::vector<Job> jobs;
  for (const ModelEntry& entry : entries)
    for (int k = 0; k < entry.amount; k++) jobs.push_back({&entry, seeds[jobs.size()]});
  return jobs;
}

std::string model_text(const RunRequest& request) {
  if (request.xml) return *request.xml;
  std::ifstream in(request.model, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Several workers take the runs longest first (each entry's program read once); one worker keeps
// the listed order, which its reports follow.
void order_for(int workers, std::vector<Job>& jobs, const BatchOptions& options) {
  if (workers < 2) return;
  std::vector<std::pair<double, size_t>> order;  // (minus the predicted work, listed position)
  const ModelEntry* entry = nullptr;
  double work = 0;
  for (size_t i = 0; i < jobs.size(); i++) {
    if (jobs[i].entry != entry)  // an entry's runs are listed together
      entry = jobs[i].entry, work = predicted_work(*entry, model_text(options.request(*entry)));
    order.emplace_back(-work, i);
  }
  std::sort(order.begin(), order.end());
  std::vector<Job> sorted;
  for (const auto& o : order) sorted.push_back(jobs[o.second]);
  jobs = std::move(sorted);
}

// Per run, its program: runs of the same model and size share one (numbered in order). One worker
// takes the runs in the listed order: each its own number.
std::vector<int> programs_of(const std::vector<Job>& jobs, int workers) {
  std::map<std::tuple<std::string, int, int, int>, int> numbers;
  std::vector<int> programs;
  for (const Job& job : jobs) {
    const ModelEntry& e = *job.entry;
    const auto key = std::make_tuple(e.name, e.mx, e.my, e.mz);
    programs.push_back(workers < 2 ? int(programs.size()) : numbers.emplace(key, int(numbers.size())).first->second);
  }
  return programs;
}

// The run's picture (or GIF), written with `model`.
Report run_with(Model& model, const Job& job, const BatchOptions& options) {
  const ModelEntry& entry = *job.entry;
  const RunSettings& settings = model.settings();
  auto stem = options.out / output_stem(entry.name, job.seed);
  bool show = options.jobs == 1 && !options.quiet && !options.json && progress_wanted();
  ProgressLine progress(fmt::format("{} seed {}", entry.name, job.seed), model, settings.steps, show);
  Report report;
  if (entry.gif) {
    report.file = stem.string() + ".gif";
    model.save_run(report.file, job.seed, {}, {}, progress.control());
  } else {
    model.run(job.seed, {}, progress.control());
    // named as the entry; gui="N": the reference's node tree in an N-pixel margin
    report.file = model.save_picture(options.out, entry.name);
  }
  report.steps = model.status().steps;
  return report;
}

// A run of the list, on the Model of an earlier run of the same program when one is kept.
Report run_job(const Job& job, const BatchOptions& options, KeptModels& models) {
  auto started = std::chrono::steady_clock::now();
  RunRequest request = options.request(*job.entry);
  request.entry = *job.entry;
  request.max_cells = options.max_cells;
  request.gui = true;
  Model model = models.take(resolve_run(request));
  Report report;
  try {
    report = run_with(model, job, options);
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

void print_report(const Job& job, const Report& r, const BatchOptions& options) {
  if (options.json)
    fmt::print("{{\"name\": {}, \"seed\": {}, \"steps\": {}, \"milliseconds\": {}, \"files\": [{}]}}\n",
               json_string(job.entry->name), job.seed, r.steps, r.ms, json_string(r.file.string()));
  else if (!options.quiet)
    fmt::print("{} seed {}: {} steps, {} ms -> {}\n", job.entry->name, job.seed, r.steps, r.ms, r.file.string());
  std::fflush(stdout);
}

}  // namespace

int run_batch(const std::vector<ModelEntry>& entries, const BatchOptions& options) {
  make_folder(options.out);
  remove_stale_partials(options.out);  // what a killed batch left beside its files
  std::vector<Job> jobs = plan(entries, options.meta_seed);
  std::atomic<int> failures{0};
  std::mutex print;
  std::set<std::string> noticed;  // the notices printed so far (under `print`)
  // No idle threads, and never so many that the system refuses to create them.
  int workers = std::clamp(options.jobs, 1, std::clamp(int(jobs.size()), 1, 1024));
  KeptModels models{size_t(workers)};
  order_for(workers, jobs, options);
  JobQueue queue(programs_of(jobs, workers), workers);
  auto worker = [&](int w) {
    for (std::optional<size_t> job; (job = queue.take(w));) {
      const size_t i = *job;
      try {
        Report r = run_job(jobs[i], options, models);
        std::lock_guard<std::mutex> lock(print);
        for (const Notice& notice : r.notices)
          if (noticed.insert(notice.text()).second) fmt::print(stderr, "{}\n", notice.text());
        for (const Notice& notice : r.run_notices) fmt::print(stderr, "{}\n", notice.text());
        print_report(jobs[i], r, options);
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
