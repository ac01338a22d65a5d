#include "batch.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "messages.hpp"
#include "mj/animation.hpp"
#include "mj/files.hpp"
#include "mj/model.hpp"
#include "outputs.hpp"
#include "progress.hpp"

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
};

std::vector<Job> plan(const std::vector<ModelEntry>& entries, int meta_seed) {
  const std::vector<int> seeds = plan_seeds(entries, meta_seed);
  std::vector<Job> jobs;
  for (const ModelEntry& entry : entries)
    for (int k = 0; k < entry.amount; k++) jobs.push_back({&entry, seeds[jobs.size()]});
  return jobs;
}

Report run_job(const Job& job, const BatchOptions& options) {
  const ModelEntry& entry = *job.entry;
  auto started = std::chrono::steady_clock::now();
  RunRequest request = options.request(entry);
  request.entry = entry;
  request.max_cells = options.max_cells;
  Model model(request);
  const RunSettings& settings = model.settings();
  Interpreter& ip = model.interpreter();
  auto stem = options.out / output_stem(entry.name, job.seed);
  bool show = options.jobs == 1 && !options.quiet && !options.json && progress_wanted();
  ProgressLine progress(fmt::format("{} seed {}", entry.name, job.seed), settings.steps, show);
  Report report;
  if (entry.gif) {
    report.file = stem.string() + ".gif";
    write_animation(ip, job.seed, progress.control(), settings.palette, {settings.pixelsize}, report.file);
  } else {
    model.run(job.seed, {}, progress.control());
    ImageOptions image{settings.pixelsize, settings.iso, std::max(0, entry.gui)};
    std::function<void(mj::Image&)> sidebar;  // gui="N": the reference's node tree in an N-pixel margin
    if (image.margin > 0)
      sidebar = [&](mj::Image& picture) {
        draw_sidebar(picture, entry.name, ip.node_tree(), settings.palette, settings.load.resources);
      };
    report.file = write_picture(stem, ip.grid(), settings.palette, image, sidebar);
  }
  report.steps = ip.steps();
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
  std::atomic<size_t> next{0};
  std::atomic<int> failures{0};
  std::mutex print;
  auto worker = [&] {
    for (size_t i; (i = next++) < jobs.size();) {
      try {
        Report r = run_job(jobs[i], options);
        std::lock_guard<std::mutex> lock(print);
        print_report(jobs[i], r, options);
      } catch (...) {
        failures++;
        std::lock_guard<std::mutex> lock(print);
        fmt::print(stderr, "{}\n", error_text(std::current_exception()));
      }
    }
  };
  std::vector<std::thread> threads;
  // No idle threads, and never so many that the system refuses to create them.
  int workers = std::clamp(options.jobs, 1, std::clamp(int(jobs.size()), 1, 1024));
  for (int t = 1; t < workers; t++) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (failures > 0)
    fmt::print(stderr, "{} of {} runs written, {} failed\n", jobs.size() - size_t(failures.load()), jobs.size(),
               failures.load());
  return failures > 0 ? 1 : 0;
}

}  // namespace mj::cli
