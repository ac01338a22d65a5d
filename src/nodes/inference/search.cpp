#include "nodes/inference/search.hpp"

#include <algorithm>
#include <string>

#include "core/random.hpp"
#include "mj/error.hpp"
#include "nodes/inference/child_states.hpp"
#include "nodes/inference/field.hpp"
#include "nodes/inference/observation.hpp"
#include "nodes/inference/potentials.hpp"
#include "nodes/inference/priority_queue.hpp"
#include "nodes/inference/state_store.hpp"

namespace mj {

class Search {
  // A node of the search tree: its state is the store's state of the same number.
  struct Board {
    int parent;  // -1 for the root
    int depth;
    int backward_estimate, forward_estimate;

    // Lower is better. A negative depth coefficient searches depth-first; the random term breaks ties.
    double rank(Random& random, double depth_coefficient) const {
      double result = depth_coefficient < 0.0 ? 1000 - depth
                                              : forward_estimate + backward_estimate + 2.0 * depth_coefficient * depth;
      return result + 0.0001 * random.next_double();
    }
  };

 public:
  Search(const std::vector<ValueSet>& future, const std::vector<Rule>& rules, const Grid& grid,
         const SearchOptions& options, int seed)
      : future_(future), rules_(rules), options_(options), shape_{grid.mx, grid.my, grid.mz}, store_(shape_.cells()),
        random_(seed), child_states_(shape_, rules, grid.values), values_(grid.values) {
    backward_.resize(grid.values, shape_.cells());
    child_states_.set_pins(options.pins);
  }

  // The root's estimates: true when they already decide the result.
  bool begin(const std::vector<uint8_t>& present);
  // Expands states until the search ends (true) or `keep_going` says false (false).
  bool expand_states(SearchProgress& progress, const std::function<bool()>* keep_going);
  std::optional<Trajectory> result;

 private:
  int forward_estimate(const uint8_t* state) {
    return mj::forward_estimate(state, future_.data(), values_, shape_.mx, shape_.my, shape_.mz, rules_,
                                potentials_key_);
  }
  void generate_children(int parent);
  std::optional<int> expand(int parent);
  void revisit(int parent, int index);
  void check_memory() const;
  Trajectory trajectory(int goal) const;

  const std::vector<ValueSet>& future_;
  const std::vector<Rule>& rules_;
  const SearchOptions options_;  // a copy: a search that stops outlives the step that began it
  Shape shape_;
  Potentials backward_;
  StateStore store_;
  std::vector<Board> boards_;  // by state number
  PriorityQueue<int, double> frontier_;
  Random random_;
  std::vector<uint8_t> children_;  // flat, one state after another
  ChildStates child_states_;
  const int values_;  // the grid's
  const uint64_t potentials_key_ = new_potentials_key();
  int best_ = -1;  // the smallest forward estimate met
};

bool Search::begin(const std::vector<uint8_t>& present) {
  compute_backward_potentials(backward_, future_.data(), shape_.mx, shape_.my, shape_.mz, rules_);
  int backward = backward_pointwise(backward_, present.data());
  int forward = forward_estimate(present.data());
  if (backward < 0 || forward < 0) return true;
  if (backward == 0) return result = Trajectory{}, true;

  store_.add(present.data(), store_.hash(present.data()));
  boards_.push_back({-1, 0, backward, forward});
  best_ = forward;
  frontier_.enqueue(0, boards_[0].rank(random_, options_.depth_coefficient));
  return false;
}

bool Search::expand_states(SearchProgress& progress, const std::function<bool()>* keep_going) {
  // Between expansions, which draw nothing: asking there leaves the search as it would have gone.
  constexpr int kAskEvery = 16;
  for (int expanded = 0; !frontier_.empty() && (options_.limit < 0 || store_.size() < options_.limit); expanded++) {
    if (keep_going && expanded % kAskEvery == kAskEvery - 1) {
      progress = {store_.size(), frontier_.size(), best_};
      if (!(*keep_going)()) return false;
    }
    if (std::optional<int> goal = expand(frontier_.dequeue())) return result = trajectory(*goal), true;
  }
  return true;
}

void Search::generate_children(int parent) {
  children_.clear();
  if (options_.all) child_states_.all(store_[parent], children_);
  else child_states_.one(store_[parent], children_);
}

// Adds the new children of a board to the frontier; the number of the first one that reaches
// the goal, if any.
std::optional<int> Search::expand(int parent) {
  generate_children(parent);
  const int cells = shape_.cells(), depth = boards_[size_t(parent)].depth + 1;
  for (size_t offset = 0; offset < children_.size(); offset += size_t(cells)) {
    const uint8_t* child = children_.data() + offset;
    uint64_t h = store_.hash(child);
    if (int index = store_.find(child, h); index >= 0) {
      revisit(parent, index);
      continue;
    }
    int backward = backward_pointwise(backward_, child);
    if (backward < 0) continue;
    int forward = forward_estimate(child);
    if (forward < 0) continue;

    check_memory();
    int index = store_.add(child, h);
    boards_.push_back({parent, depth, backward, forward});
    best_ = std::min(best_, forward);
    if (forward == 0) return index;
    frontier_.enqueue(index, boards_[size_t(index)].rank(random_, options_.depth_coefficient));
  }
  return std::nullopt;
}

// A known state reached again: a shorter route makes it worth expanding again.
void Search::revisit(int parent, int index) {
  Board& board = boards_[size_t(index)];
  if (boards_[size_t(parent)].depth + 1 >= board.depth) return;
  board.depth = boards_[size_t(parent)].depth + 1;
  board.parent = parent;
  frontier_.enqueue(index, board.rank(random_, options_.depth_coefficient));
}

void Search::check_memory() const {
  size_t bytes = (size_t(store_.size()) + 1) * size_t(shape_.cells());
  if (bytes <= options_.max_bytes) return;
  throw Error("", options_.line,
              "search explored " + std::to_string(store_.size()) + " states of " + std::to_string(shape_.cells()) +
                  " cells (" + std::to_string(bytes >> 20) +
                  " MiB) without reaching the goal; set the 'limit' "
                  "attribute on this node to bound it");
}

// The states from the first move to `goal`.
Trajectory Search::trajectory(int goal) const {
  Trajectory result;
  for (int i = goal; boards_[size_t(i)].parent >= 0; i = boards_[size_t(i)].parent)
    result.emplace_back(store_[i], store_[i] + shape_.cells());
  std::reverse(result.begin(), result.end());
  return result;
}

SearchRun::SearchRun(const std::vector<uint8_t>& present, const std::vector<ValueSet>& future,
                     const std::vector<Rule>& rules, const Grid& grid, const SearchOptions& options, int seed)
    : search_(std::make_unique<Search>(future, rules, grid, options, seed)), done_(search_->begin(present)) {}

SearchRun::~SearchRun() = default;

bool SearchRun::go(SearchProgress& progress, const std::function<bool()>* keep_going) {
  return done_ || (done_ = search_->expand_states(progress, keep_going));
}

std::optional<Trajectory> SearchRun::take_result() { return std::move(search_->result); }

std::optional<std::vector<std::vector<uint8_t>>> run_search(const std::vector<uint8_t>& present,
                                                            const std::vector<ValueSet>& future,
                                                            const std::vector<Rule>& rules, const Grid& grid,
                                                            const SearchOptions& options, int seed) {
  SearchRun search(present, future, rules, grid, options, seed);
  SearchProgress unused;
  search.go(unused, nullptr);
  return search.take_result();
}

}  // namespace mj
