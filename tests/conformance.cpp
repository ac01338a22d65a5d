// Golden conformance: runs every golden run of the reference through mj and compares the final
// grid and step count byte for byte. Prints "<category>: M/N matched" lines; fails when a run of a
// category named in MJ_REQUIRE differs (default: all categories).
// Env: MJ_CORPUS, MJ_GOLDEN (folders), MJ_GOLDEN_FILTER (regex on "index_name_seed"),
// MJ_JOBS (threads, default 2), MJ_REQUIRE (comma list of categories that must all match).
// MJ_SMOKE=N: a crash hunt for sanitizer builds: each entry runs once (seed 1) with at most N steps; results
// are not compared and mj::Errors are only listed, so the run fails only by crashing.
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
// GCC 12 with sanitizers warns of a maybe-uninitialized std::function inside libstdc++'s regex (a false
// positive in the library's own code, not in this file's use of it).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <set>
#include <sstream>
#include <thread>

#include "io/formats/state_text.hpp"
#include "mj/model_list.hpp"
#include "run/interpreter.hpp"

namespace fs = std::filesystem;

namespace {

struct GoldenRun {
  fs::path file;
  int index = 0, seed = 0;
  std::string name, category;  // category: core, inference or nodes
};

struct Outcome {
  bool matched = false;
  std::string detail;
};

fs::path env_path(const char* var, const fs::path& fallback) {
  const char* v = std::getenv(var);
  return v && *v ? fs::path(v) : fallback;
}

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::map<int, std::string> load_categories(const fs::path& file) {
  std::map<int, std::string> categories;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    int index;
    std::string name, category;
    if (words >> index >> name >> category) categories[index] = category.substr(0, category.find(':'));
  }
  return categories;
}

std::vector<GoldenRun> find_runs(const fs::path& golden, const std::string& filter) {
  auto categories = load_categories(golden / "categories.txt");
  std::regex pattern(filter.empty() ? ".*" : filter);
  std::regex name_format(R"((\d+)_(.+)_(\d+)\.txt)");
  std::vector<GoldenRun> runs;
  for (const auto& f : fs::directory_iterator(golden)) {
    std::smatch m;
    std::string fname = f.path().filename().string();
    if (!std::regex_match(fname, m, name_format)) continue;
    if (!std::regex_search(fname.substr(0, fname.size() - 4), pattern)) continue;
    int index = std::stoi(m[1]);
    runs.push_back({f.path(), index, std::stoi(m[3]), m[2], categories.count(index) ? categories[index] : "nodes"});
  }
  std::sort(runs.begin(), runs.end(), [](const GoldenRun& a, const GoldenRun& b) {
    return std::tie(a.index, a.seed) < std::tie(b.index, b.seed);
  });
  return runs;
}

// First trace line whose hash differs, replaying the run step by step.
std::string first_divergence(mj::Interpreter& ip, const GoldenRun& run, int max_steps, const fs::path& traces) {
  std::ifstream in(traces / (std::to_string(run.index) + "_" + run.name + "_1.trace"));
  if (run.seed != 1 || !in) return "";
  std::map<int, std::string> expected;
  int step;
  std::string hash, rest;
  while (in >> step >> hash && std::getline(in, rest)) expected[step] = hash;
  ip.start(run.seed);
  while ((max_steps <= 0 || ip.steps() < max_steps) && ip.step()) {
    auto it = expected.find(ip.steps());
    if (it == expected.end()) continue;
    char mine[17];
    std::snprintf(mine, sizeof mine, "%016llx", (unsigned long long)mj::grid_hash(ip.grid()));
    if (it->second != mine) return "; first divergent trace step " + std::to_string(ip.steps());
  }
  return "; all trace steps match";
}

// Runs the entry with at most `max_steps` steps; fine unless it throws something other than mj::Error.
Outcome smoke(const mj::ModelEntry& entry, const GoldenRun& run, const fs::path& corpus, int max_steps) {
  try {
    mj::LoadOptions options{entry.mx, entry.my, entry.mz, corpus / "resources"};
    auto ip = mj::Interpreter::from_file(corpus / "models" / (entry.name + ".xml"), options);
    ip.run(run.seed, entry.steps > 0 ? std::min(entry.steps, max_steps) : max_steps);
    return {true, ""};
  } catch (const mj::Error& e) {
    return {true, std::string("error (allowed): ") + e.what()};
  }
}

Outcome check(const GoldenRun& run, const fs::path& corpus, const fs::path& golden,
              const std::vector<mj::ModelEntry>& main_list, const std::vector<mj::ModelEntry>& extra_list,
              int smoke_steps) {
  const auto& list = run.index < 1000 ? main_list : extra_list;
  size_t k = size_t(run.index < 1000 ? run.index : run.index - 1000);
  if (k >= list.size()) return {false, "no such entry"};
  const mj::ModelEntry& entry = list[k];
  if (smoke_steps > 0) return smoke(entry, run, corpus, smoke_steps);
  try {
    mj::LoadOptions options{entry.mx, entry.my, entry.mz, corpus / "resources"};
    auto ip = mj::Interpreter::from_file(corpus / "models" / (entry.name + ".xml"), options);
    int steps = ip.run(run.seed, entry.steps);
    std::string mine = mj::state_text(entry.name, ip.grid(), run.seed, steps);
    if (mine == read_file(run.file)) return {true, ""};
    return {false, "differs" + first_divergence(ip, run, entry.steps, golden / "traces")};
  } catch (const std::exception& e) {
    return {false, e.what()};
  }
}

}  // namespace

int main() {
  fs::path source = MJ_SOURCE_DIR;
  fs::path corpus = env_path("MJ_CORPUS", source / ".." / "shared" / "corpus");
  fs::path golden = env_path("MJ_GOLDEN", source / ".." / "shared" / "golden");
  const char* filter = std::getenv("MJ_GOLDEN_FILTER");
  const char* jobs_env = std::getenv("MJ_JOBS");
  const char* require_env = std::getenv("MJ_REQUIRE");
  std::string require = require_env ? require_env : "all";
  const char* smoke_env = std::getenv("MJ_SMOKE");
  int smoke_steps = smoke_env ? std::max(1, std::atoi(smoke_env)) : 0;

  auto main_list = mj::load_model_list(corpus / "models.xml");
  auto extra_list = mj::load_model_list(golden / "models-extra.xml");
  std::vector<GoldenRun> runs = find_runs(golden, filter ? filter : "");
  if (smoke_steps > 0) std::erase_if(runs, [](const GoldenRun& r) { return r.seed != 1; });
  std::vector<Outcome> outcomes(runs.size());
  std::atomic<size_t> next{0};
  std::mutex print;
  auto worker = [&] {
    for (size_t i; (i = next++) < runs.size();) {
      outcomes[i] = check(runs[i], corpus, golden, main_list, extra_list, smoke_steps);
      std::lock_guard<std::mutex> lock(print);
      if (outcomes[i].matched && !outcomes[i].detail.empty())
        std::cout << "SMOKE " << runs[i].file.filename().string() << " " << outcomes[i].detail << "\n" << std::flush;
      else if (!outcomes[i].matched)
        std::cout << "MISMATCH " << runs[i].file.filename().string() << " [" << runs[i].category << "] "
                  << outcomes[i].detail << "\n"
                  << std::flush;
    }
  };
  int jobs = jobs_env ? std::max(1, std::atoi(jobs_env)) : 2;
  std::vector<std::thread> threads;
  for (int t = 0; t < jobs; t++) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (smoke_steps > 0) {
    long errors = std::count_if(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return !o.detail.empty(); });
    std::cout << "smoke: " << runs.size() << " runs of at most " << smoke_steps << " steps, no crash (" << errors
              << " stopped with an mj::Error)\n";
    return runs.empty() ? 1 : 0;
  }

  std::map<std::string, std::pair<int, int>> tally;  // category -> matched, total
  for (size_t i = 0; i < runs.size(); i++)
    for (const std::string& c : {runs[i].category, std::string("all")}) {
      tally[c].second++;
      tally[c].first += outcomes[i].matched;
    }
  bool ok = !runs.empty();
  for (const auto& [category, counts] : tally) {
    std::cout << category << ": " << counts.first << "/" << counts.second << " matched\n";
    bool required = require == "all" || require.find(category) != std::string::npos;
    if (required && counts.first != counts.second) ok = false;
  }
  std::cout << (ok ? "conformance: required categories all match\n" : "conformance: FAILED\n");
  return ok ? 0 : 1;
}
