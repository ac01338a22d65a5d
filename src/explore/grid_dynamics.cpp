#include "explore/grid_dynamics.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "core/grid.hpp"
#include "explore/grid_coding.hpp"
#include "explore/grid_stepper.hpp"
#include "explore/poll.hpp"
#include "explore/refusals.hpp"
#include "explore/split.hpp"
#include "explore/state_table.hpp"

namespace mj {

namespace {

// One bit a grid: whether another grid leads to it. Threads set bits of the same word.
class LedTo {
 public:
  explicit LedTo(long long grids) : bits_(size_t((grids + 63) / 64)) {
    for (std::atomic<uint64_t>& w : bits_) w.store(0, std::memory_order_relaxed);
  }
  void mark(uint64_t g) {
    std::atomic<uint64_t>& word = bits_[g >> 6];
    const uint64_t bit = uint64_t(1) << (g & 63);
    if ((word.load(std::memory_order_relaxed) & bit) == 0) word.fetch_or(bit, std::memory_order_relaxed);
  }
  long long count() const {
    long long n = 0;
    for (const std::atomic<uint64_t>& w : bits_) n += std::popcount(w.load(std::memory_order_relaxed));
    return n;
  }

 private:
  std::vector<std::atomic<uint64_t>> bits_;
};

// A thread's counts, added up at the end.
struct Tally {
  long long halting = 0, undecided = 0, transitions = 0;
  StateTable classes{1};          // the first grid of each class grids were found to end in ...
  std::vector<long long> basins;  // ... and how many
  void ends_in(uint64_t first) {
    const auto [id, added] = classes.insert(&first);
    if (added) basins.push_back(0);
    basins[size_t(id)]++;
  }
};

// When every successor's number is above its grid's (below, when the writes only lower values), the
// graph has no cycles but self-loops, and a grid's end is known from its successors' once they are
// done: grids are taken from the top number down. Its closed classes are single grids, numbered by
// themselves. Threads: grids are split into blocks by their top cells' values; a successor is in its
// grid's block or in one whose top cells' values sum higher, so the blocks of one sum are independent.
class Downhill {
 public:
  Downhill(const ExploreProgram& program, long long grids, int threads, Poll& poll)
      : coding_(program.values, program.cells()), stepper_(program, coding_), grids_(grids), threads_(threads),
        up_(stepper_.increasing()), end_(size_t(grids), 0), led_(grids), poll_(poll) {}

  void run(GridDynamics& d, std::vector<FoundClass>& found) {
    const int values = coding_.values(), cells = coding_.cells();
    int top = 0;
    long long blocks = 1;
    while (threads_ > 1 && top < cells && blocks < 16LL * threads_ && grids_ / blocks / values >= 4096)
      top++, blocks *= values;
    const long long size = grids_ / blocks;
    const int sums = top * (values - 1) + 1;
    std::vector<std::vector<long long>> by_sum(static_cast<size_t>(sums));
    for (long long b = 0; b < blocks; b++) {
      int sum = 0;
      for (long long n = b; n > 0; n /= values) sum += int(n % values);
      by_sum[size_t(sum)].push_back(b);
    }
    for (int k = 0; k < sums; k++) {
      const std::vector<long long>& level = by_sum[size_t(up_ ? sums - 1 - k : k)];
      split((long long)level.size(), std::max(1, std::min(threads_, int(level.size()))),
            [&](long long begin, long long end) {
              GridStepper stepper = stepper_;
              Tally tally;
              for (long long i = begin; i < end; i++) block(level[size_t(i)] * size, size, stepper, tally);
              add(tally);
            });
    }
    d.gardens_of_eden = grids_ - led_.count();
    d.halting = total_.halting, d.undecided = total_.undecided, d.transitions = total_.transitions;
    for (size_t k = 0; k < total_.classes.size(); k++)
      found.push_back({(long long)total_.classes.state(k)[0], 1, total_.basins[k]});
  }

 private:
  GridCoding coding_;
  GridStepper stepper_;
  long long grids_;
  int threads_;
  bool up_;
  std::vector<uint32_t> end_;  // per grid: the first grid of the class its runs end in, or kSeveral
  LedTo led_;
  Poll& poll_;
  std::mutex mutex_;
  Tally total_;

  void block(long long first, long long size, GridStepper& stepper, Tally& tally) {
    std::vector<uint64_t> out(size_t(stepper.most()));
    long long g = up_ ? first + size - 1 : first;
    uint64_t word = coding_.word(uint64_t(g));
    for (long long k = 0; k < size; k++) {
      if ((k & (kPollEvery - 1)) == 0) poll_.ask();
      if (k > 0 && up_) g--, word = coding_.previous(word);
      else if (k > 0) g++, word = coding_.next(word);
      const int n = stepper.successors(word, out.data());
      tally.transitions += n;
      tally.halting += n == 0;
      uint32_t ends = kUnset;
      for (int s = 0; s < n; s++) {
        const uint64_t to = coding_.number(out[size_t(s)]);
        if (to == uint64_t(g)) continue;
        led_.mark(to);
        const uint32_t e = end_[to];
        ends = ends == kUnset || ends == e ? e : kSeveral;
      }
      if (ends == kUnset) ends = uint32_t(g);  // no way out: a closed class of its own
      end_[size_t(g)] = ends;
      if (ends == kSeveral) tally.undecided++;
      else tally.ends_in(ends);
    }
  }

  void add(const Tally& t) {
    const std::lock_guard<std::mutex> lock(mutex_);
    total_.halting += t.halting, total_.undecided += t.undecided, total_.transitions += t.transitions;
    for (size_t k = 0; k < t.classes.size(); k++) {
      const auto [id, added] = total_.classes.insert(t.classes.state(k));
      if (added) total_.basins.push_back(0);
      total_.basins[size_t(id)] += t.basins[k];
    }
  }
};

// Any program: Tarjan's strongly connected components on one thread, in Pearce's form (one word a
// grid: its lowest reachable index while open, then where its runs end), each grid's successors made
// when it is reached and kept while it is on the search path. A component is complete only after every
// component it leads to, so where its runs end is known from theirs at once.
class Components {
 public:
  Components(const ExploreProgram& program, long long grids, Poll& poll)
      : coding_(program.values, program.cells()), stepper_(program, coding_), grids_(grids),
        state_(size_t(grids), kUnvisited), led_(grids), out_(size_t(stepper_.most())), poll_(poll) {}

  void run(GridDynamics& d, std::vector<FoundClass>& found) {
    for (long long root = 0; root < grids_; root++)
      if (state_[size_t(root)] == kUnvisited) search(uint32_t(root));
    d.gardens_of_eden = grids_ - led_.count();
    d.halting = halting_, d.undecided = undecided_, d.transitions = transitions_;
    found = std::move(classes_);
  }

 private:
  // A grid's state: kUnvisited; its index (below kDone) while open; kPending while its component ends;
  // then kDone | where its runs end: a class's number, or kMany.
  static constexpr uint32_t kUnvisited = 0xFFFFFFFF, kPending = 0xFFFFFFFE, kDone = 0x80000000;
  static constexpr uint32_t kMany = 0x7FFFFFFD, kNone = 0x7FFFFFFC;  // kDone | either is neither of the above
  struct Frame {
    uint32_t grid;
    bool root;
    size_t edges, next, open;  // its successors edges_[edges .. ), the next to follow; its place in open_
  };
  GridCoding coding_;
  GridStepper stepper_;
  long long grids_;
  std::vector<uint32_t> state_;
  LedTo led_;
  std::vector<uint64_t> out_;
  Poll& poll_;
  std::vector<Frame> path_;
  std::vector<uint32_t> edges_, open_;
  uint32_t next_index_ = 0;
  long long halting_ = 0, undecided_ = 0, transitions_ = 0;
  std::vector<FoundClass> classes_;

  int successors(uint32_t g) {
    const int n = stepper_.successors(coding_.word(g), out_.data());
    for (int k = 0; k < n; k++) out_[size_t(k)] = coding_.number(out_[size_t(k)]);
    return n;
  }

  void enter(uint32_t g) {
    poll_.tick();
    state_[g] = next_index_++;
    path_.push_back({g, true, edges_.size(), edges_.size(), open_.size()});
    open_.push_back(g);
    const int n = successors(g);
    transitions_ += n, halting_ += n == 0;
    for (int k = 0; k < n; k++) {
      if (out_[size_t(k)] == g) continue;  // a self-loop changes no component
      edges_.push_back(uint32_t(out_[size_t(k)]));
      led_.mark(out_[size_t(k)]);
    }
  }

  void search(uint32_t root) {
    enter(root);
    while (!path_.empty()) {
      Frame& f = path_.back();
      if (f.next < edges_.size()) {
        const uint32_t w = edges_[f.next++];
        if (state_[w] == kUnvisited) enter(w);
        else if (state_[w] < state_[f.grid]) state_[f.grid] = state_[w], f.root = false;
        continue;
      }
      const Frame done = f;
      if (done.root) complete(done);
      edges_.resize(done.edges);
      path_.pop_back();
      if (!path_.empty() && state_[done.grid] < state_[path_.back().grid])
        state_[path_.back().grid] = state_[done.grid], path_.back().root = false;
    }
  }

  // The component open_[f.open ..), its root f.grid: every successor outside it is done.
  void complete(const Frame& f) {
    const size_t size = open_.size() - f.open;
    for (size_t k = f.open; k < open_.size(); k++) state_[open_[k]] = kPending;
    uint32_t ends = kNone;
    const auto meet = [&](uint32_t w) {
      if (state_[w] != kPending) ends = ends == kNone || ends == (state_[w] & ~kDone) ? state_[w] & ~kDone : kMany;
    };
    if (size == 1) {
      for (size_t e = f.edges; e < edges_.size(); e++) meet(edges_[e]);
    } else {
      for (size_t k = f.open; k < open_.size(); k++)
        for (int n = successors(open_[k]), s = 0; s < n; s++) meet(uint32_t(out_[size_t(s)]));
    }
    if (ends == kNone) {  // no way out: a closed class
      ends = uint32_t(classes_.size());
      classes_.push_back({*std::min_element(open_.begin() + long(f.open), open_.end()), (long long)size, 0});
    }
    if (ends == kMany) undecided_ += (long long)size;
    else classes_[ends].basin += (long long)size;
    for (size_t k = f.open; k < open_.size(); k++) state_[open_[k]] = kDone | ends;
    open_.resize(f.open);
  }
};

}  // namespace

GridDynamics grid_dynamics(const ExploreProgram& program, long long grids, int threads,
                           const std::function<void()>& poll) {
  GridDynamics d;
  d.grids = grids;
  std::vector<FoundClass> found;
  const GridCoding coding(program.values, program.cells());
  const GridStepper stepper(program, coding);
  Poll asking(poll);
  if (stepper.increasing() || stepper.decreasing())
    Downhill(program, grids, threads_for(threads, grids), asking).run(d, found);
  else Components(program, grids, asking).run(d, found);
  list_classes(program, std::move(found), d);
  return d;
}

void list_classes(const ExploreProgram& program, std::vector<FoundClass> found, GridDynamics& d) {
  std::sort(found.begin(), found.end(), [](const FoundClass& a, const FoundClass& b) {
    return a.basin != b.basin ? a.basin > b.basin : a.size != b.size ? a.size > b.size : a.first < b.first;
  });
  const GridCoding coding(program.values, program.cells());
  std::vector<uint8_t> cells(size_t(program.cells()));
  for (const FoundClass& c : found) {
    const uint64_t word = coding.word(uint64_t(c.first));
    for (int i = 0; i < program.cells(); i++) cells[size_t(i)] = uint8_t(coding.cell(word, i));
    d.classes.push_back({c.size, c.basin, grid_rows(program.view(cells.data()))});
  }
}

}  // namespace mj
