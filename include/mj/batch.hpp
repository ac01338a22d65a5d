// mj's public API: a models.xml list's runs, as the reference's console program runs them, decided once for
// every face that runs lists: which runs (every entry, every seed), the order workers start them in, the
// program each runs (a run of a program a worker has loaded takes over its Model), the request each is made
// from and the file each writes. The threads, their printing and progress are the face's.
#pragma once

#include <cstddef>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "mj/model.hpp"
#include "mj/model_list.hpp"
#include "mj/run_control.hpp"
#include "mj/run_settings.hpp"

namespace mj {

// One run of a list: its entry, its seed and its program (runs of one model at one size share one, numbered
// from 0 in the order first planned).
struct ListedRun {
  const ModelEntry* entry = nullptr;
  int seed = 0;
  int program = 0;
};

// Every run of `entries` (each entry's amount, with plan_seeds's seeds) in the order `workers` start them:
// listed for one worker (each run then its own program: a worker's Model goes on to the next whatever it
// is); longest predicted first for several (predicted_work, each entry's model read once through
// `request`), so that they finish together instead of one running a large model alone at the end.
std::vector<ListedRun> plan_list(const std::vector<ModelEntry>& entries, int meta_seed, int workers,
                                 const std::function<RunRequest(const ModelEntry&)>& request);

// A run's work as its program and size predict it, only to compare runs: the grid's cells times the program's
// elements (nodes and rules), times 64 for a wfc node or a search, which do far more per cell than rules do.
// `xml`: the model's text, empty when it cannot be read (the run reports why).
double predicted_work(const ModelEntry& entry, const std::string& xml);

// A listed run's request: the face's request for its entry (where its model and resources are) with the
// entry itself, the cell bound (<= 0: the library's) and the entry's GUI margin (models.xml's gui="N").
RunRequest listed_request(RunRequest request, const ModelEntry& entry, long long max_cells);

// Runs a listed run on `model` under `control` and writes its file into `out` (made when missing): the run's
// GIF, OUT/NAME_SEED.gif, for a gif="True" entry; else its picture named after the entry
// (Snapshot::save_picture). Returns the file written.
std::filesystem::path run_listed(Model& model, const ListedRun& run, const std::filesystem::path& out,
                                 const RunControl& control = {});

// The order workers take a list's runs in. A run of the program a worker ran last needs no load (the worker's
// kept Model runs it), so a worker keeps to its program while it has runs left, and two workers do not start
// one program at once while another program waits: each would load it (the corpus at -j 2: 240 loads instead
// of 151). Safe to take from several threads.
class JobQueue {
 public:
  // program[i]: the program of the i-th run, in the order runs are to be started, numbered from 0
  // (equal numbers, the same program); workers numbered from 0 to `workers` - 1 take them.
  JobQueue(const std::vector<int>& program, int workers);

  // The run worker `worker` starts next, nullopt when none is left: the first run left of the
  // program it ran last; else the first of a program no other worker runs; else the first.
  std::optional<size_t> take(int worker);

 private:
  std::mutex mutex_;
  std::vector<int> program_;
  std::vector<bool> taken_;
  size_t first_left_ = 0;                  // every run before it is taken
  std::vector<std::vector<size_t>> runs_;  // per program: its runs in order
  std::vector<size_t> next_;               // per program: its runs before this one are taken
  std::vector<int> running_;               // per worker: the program of its last run, -1 for none

  std::optional<size_t> next_of(int program);
  std::optional<size_t> first_free(int worker) const;
};

// Loaded Models kept between the runs of a list: a run of a model at the size of a kept one takes that one
// over (same_program) instead of loading it again, as the list's runs of one entry do. Safe to use from
// several threads.
class KeptModels {
 public:
  // At most `most` Models, kept or in use, stay loaded (one per worker): each holds its grids and buffers.
  explicit KeptModels(size_t most) : most_(most) {}
  // A Model of these settings: a kept one of the same program taken over, else a new one (the oldest
  // kept one dropped first when `most` are loaded).
  Model take(RunSettings settings);
  // Keeps `model` for the runs to come.
  void give_back(Model model);
  // A taken Model is not given back: its run failed and left it anywhere.
  void lost();

 private:
  std::mutex mutex_;
  std::deque<Model> kept_;  // the oldest first
  size_t in_use_ = 0;
  const size_t most_;
};

}  // namespace mj
