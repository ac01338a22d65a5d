// Bidirectional inference: A* over grid states from the present to a state that satisfies
// the future, for `one` and `all` nodes with search="True".
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/grid.hpp"
#include "core/rule.hpp"
#include "mj/run_control.hpp"

namespace mj {

// A search stores every state it explores; past this many bytes of states it stops with an error
// (pointing at the node's `limit`) rather than exhaust the machine's memory.
constexpr size_t kMaxSearchBytes = size_t(1) << 31;

struct SearchOptions {
  bool all = false;                // children apply all non-overlapping matches (an `all` node)
  int limit = -1;                  // states to explore, -1 for no limit
  double depth_coefficient = 0.5;  // weight of depth against the estimate in the rank
  int line = 0;                    // the node's line, for messages
  size_t max_bytes = kMaxSearchBytes;
  const uint8_t* pins = nullptr;  // Run::pins: no move changes a pinned cell; null without pins
};

using Trajectory = std::vector<std::vector<uint8_t>>;

class Search;

// A search that can stop part way and go on exactly: the same states, draws and result as one that
// never stopped.
class SearchRun {
 public:
  SearchRun(const std::vector<uint8_t>& present, const std::vector<ValueSet>& future, const std::vector<Rule>& rules,
            const Grid& grid, const SearchOptions& options, int seed);
  ~SearchRun();
  // Searches until it ends (true: take_result() has what it found) or, asked about every few states,
  // `keep_going` (when not null) says false after `progress` was brought up to date (false: call again).
  bool go(SearchProgress& progress, const std::function<bool()>* keep_going);
  std::optional<Trajectory> take_result();

 private:
  std::unique_ptr<Search> search_;
  bool done_;
};

// The states from the first move to the goal (empty when the present is already the goal),
// or nullopt when no trajectory was found within the limit. Throws mj::Error when the explored
// states would take more than `max_bytes`.
std::optional<std::vector<std::vector<uint8_t>>> run_search(const std::vector<uint8_t>& present,
                                                            const std::vector<ValueSet>& future,
                                                            const std::vector<Rule>& rules, const Grid& grid,
                                                            const SearchOptions& options, int seed);

}  // namespace mj
