// A list's runs (mj/batch.hpp): which, in what order, on which program, from which request.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <tuple>

#include "mj/batch.hpp"

namespace mj {

namespace {

std::string model_text(const RunRequest& request) {
  if (request.xml) return *request.xml;
  std::ifstream in(request.model, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Longest predicted first (each entry's program read once), the listed order among equals.
void longest_first(std::vector<ListedRun>& runs, const std::function<RunRequest(const ModelEntry&)>& request) {
  std::vector<std::pair<double, size_t>> order;  // (minus the predicted work, listed position)
  const ModelEntry* entry = nullptr;
  double work = 0;
  for (size_t i = 0; i < runs.size(); i++) {
    if (runs[i].entry != entry)  // an entry's runs are listed together
      entry = runs[i].entry, work = predicted_work(*entry, model_text(request(*entry)));
    order.emplace_back(-work, i);
  }
  std::sort(order.begin(), order.end());
  std::vector<ListedRun> sorted;
  for (const auto& o : order) sorted.push_back(runs[o.second]);
  runs = std::move(sorted);
}

// Runs of the same model and size share a program (numbered in order). One worker takes the runs in the
// listed order: each its own number.
void number_programs(std::vector<ListedRun>& runs, int workers) {
  std::map<std::tuple<std::string, int, int, int>, int> numbers;
  for (size_t i = 0; i < runs.size(); i++) {
    const ModelEntry& e = *runs[i].entry;
    const auto key = std::make_tuple(e.name, e.mx, e.my, e.mz);
    runs[i].program = workers < 2 ? int(i) : numbers.emplace(key, int(numbers.size())).first->second;
  }
}

}  // namespace

std::vector<ListedRun> plan_list(const std::vector<ModelEntry>& entries, int meta_seed, int workers,
                                 const std::function<RunRequest(const ModelEntry&)>& request) {
  const std::vector<int> seeds = plan_seeds(entries, meta_seed);
  std::vector<ListedRun> runs;
  for (const ModelEntry& entry : entries)
    for (int k = 0; k < entry.amount; k++) runs.push_back({&entry, seeds[runs.size()], 0});
  if (workers >= 2) longest_first(runs, request);
  number_programs(runs, workers);
  return runs;
}

RunRequest listed_request(RunRequest request, const ModelEntry& entry, long long max_cells) {
  request.entry = entry;
  request.max_cells = max_cells;
  request.gui = true;
  return request;
}

}  // namespace mj
