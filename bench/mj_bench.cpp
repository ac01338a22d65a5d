// mj_bench: runs every models.xml entry with fixed seeds, one process per run, and reports
// CPU time (which load on the machine barely changes), steps/s and peak memory as a table (stderr)
// and CSV (stdout or --csv), in the column order of the reference's timing files
// (index,name,seed,ms,status,...), so the two compare. `ms` is the whole process, fork and exit
// included, less the picture; `run_ms` only the load and run inside it, the span the reference's per-run
// times cover; `image_ms` writing the run's picture as `mj` does (PNG, isometric PNG or VOX, with the
// GUI sidebar where the entry asks for it); `total_ms` the whole process with the picture.
#include <fmt/core.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <chrono>
#include <ctime>
#include <fstream>
#include <regex>

#include "mj/model.hpp"
#include "mj/model_list.hpp"
#include "mj/outputs.hpp"

namespace fs = std::filesystem;

namespace {

struct Measure {
  int steps = 0;
  double ms = 0;        // CPU time of the run's process (user + system): steady under load
  double wall_ms = 0;   // wall time of load + run inside the process
  double run_ms = 0;    // CPU time of load + run inside the process
  double image_ms = 0;  // CPU time of writing the picture inside the process
  double total_ms = 0;  // CPU time of the whole process, picture included
  long max_rss_kb = 0;
  long run_faults = 0;  // page faults during load + run: pages first touched (code or data), costly in small runs
  std::string status = "ok";
};

long page_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt + usage.ru_majflt;
}

double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

// Runs in a child process so that peak memory is the run's own.
Measure measure(const fs::path& corpus, const mj::ModelEntry& e, int seed, const fs::path& out) {
  int fds[2];
  if (pipe(fds) != 0) return {.status = "pipe"};
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    Measure m;
    try {
      // What the run is (the entry's size, steps, pixel size, colours and GUI margin), decided before the clock
      mj::RunRequest request;
      request.model = (corpus / "models" / (e.name + ".xml")).string();
      request.resources = corpus / "resources";
      request.entry = e;
      request.gui = true;
      const mj::RunSettings settings = mj::resolve_run(request);
      auto start = std::chrono::steady_clock::now();
      const double cpu_start = process_cpu_ms();
      const long faults_start = page_faults();
      mj::Model model(settings);
      model.run(seed);  // to the entry's step limit
      m.steps = model.status().steps;
      m.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      m.run_ms = process_cpu_ms() - cpu_start;
      m.run_faults = page_faults() - faults_start;
      if (!out.empty()) {  // the picture `mj` writes for this run of the entry, named as the entry
        const fs::path file = model.snapshot().save_picture(out);
        fs::rename(file, out / (e.name + file.extension().string()));
      }
      m.image_ms = process_cpu_ms() - cpu_start - m.run_ms;
    } catch (const std::exception&) {
      m.status = "error";
    }
    std::string line = fmt::format("{} {} {} {} {} {}", m.steps, m.ms, m.run_ms, m.image_ms, m.run_faults, m.status);
    (void)!write(fds[1], line.data(), line.size());
    _exit(0);
  }
  close(fds[1]);
  char buffer[256] = {};
  ssize_t n = read(fds[0], buffer, sizeof buffer - 1);
  close(fds[0]);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  Measure m;
  char text[64] = {};
  const char* format = "%d %lf %lf %lf %ld %63s";
  const int read =
      n <= 0 ? 0 : std::sscanf(buffer, format, &m.steps, &m.wall_ms, &m.run_ms, &m.image_ms, &m.run_faults, text);
  m.status = read == 6 ? text : "crash";
  m.max_rss_kb = usage.ru_maxrss;
  auto ms = [](const timeval& t) { return t.tv_sec * 1000.0 + t.tv_usec / 1000.0; };
  m.total_ms = ms(usage.ru_utime) + ms(usage.ru_stime);
  m.ms = m.total_ms - m.image_ms;
  return m;
}

std::vector<mj::ModelEntry> benchmark_entries() {
  // The reference's own benchmark entries (commented out at the end of its models.xml).
  return mj::parse_model_list(R"(<models>
    <model name="MazeGrowth" size="967" steps="200000"/>
    <model name="ParallelMazeGrowth" size="967"/>
    <model name="MazeBacktracker" size="967" steps="200000"/>
  </models>)",
                              "benchmarks");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mj_bench: time every models.xml entry"};
  fs::path corpus = fs::path(MJ_SOURCE_DIR) / ".." / "shared" / "corpus", csv;
  std::vector<int> seeds{1, 2, 3};
  std::string filter = ".*";
  bool big = false, no_images = false;
  app.add_option("--corpus", corpus, "folder with models.xml, models/, resources/");
  app.add_option("--seeds", seeds, "seeds to run")->delimiter(',');
  app.add_option("--filter", filter, "regex on the entry name");
  app.add_option("--csv", csv, "write the CSV here instead of stdout");
  app.add_flag("--big", big, "also run the 967x967 benchmark entries (seed 1)");
  app.add_flag("--no-images", no_images, "write no pictures (image_ms 0, total_ms = ms)");
  CLI11_PARSE(app, argc, argv);

  auto entries = mj::load_model_list(corpus / "models.xml");
  std::string out =
      "index,name,seed,ms,status,steps,steps_per_s,max_rss_kb,wall_ms,run_ms,run_faults,image_ms,total_ms\n";
  double total = 0, with_images = 0;
  fs::path pictures;
  if (!no_images) pictures = fs::temp_directory_path() / fmt::format("mj_bench_{}", getpid());
  if (!pictures.empty()) fs::create_directories(pictures);
  auto report = [&](int index, const mj::ModelEntry& e, int seed) {
    Measure m = measure(corpus, e, seed, pictures);
    total += m.ms, with_images += m.total_ms;
    double rate = m.ms > 0 ? m.steps / (m.ms / 1000) : 0;
    fmt::print(stderr, "{:4} {:24} {:11} {:9.1f} ms {:8} steps {:10.0f} steps/s {:8} KB {}\n", index, e.name, seed,
               m.ms, m.steps, rate, m.max_rss_kb, m.status);
    out +=
        fmt::format("{},{},{},{:.1f},{},{},{:.0f},{},{:.1f},{:.2f},{},{:.2f},{:.1f}\n", index, e.name, seed, m.ms,
                    m.status, m.steps, rate, m.max_rss_kb, m.wall_ms, m.run_ms, m.run_faults, m.image_ms, m.total_ms);
  };
  std::regex pattern(filter);
  for (size_t k = 0; k < entries.size(); k++)
    if (std::regex_search(entries[k].name, pattern))
      for (int seed : seeds) report(int(k), entries[k], seed);
  if (big)
    for (const auto& e : benchmark_entries()) report(-1, e, 1);
  fmt::print(stderr, "total {:.1f} ms, {:.1f} ms with pictures\n", total, with_images);
  if (!pictures.empty()) fs::remove_all(pictures);
  if (csv.empty()) fmt::print("{}", out);
  else std::ofstream(csv) << out;
}
