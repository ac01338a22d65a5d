// Running a program of one rule node backwards: the grids one step of it can turn into a given grid
// (other than the grid itself), as --all-grids counts steps. For `one`, by the reverse algorithm:
// where a rule image's output agrees with the grid, its input is put back (each written cell taking
// every value the input allows there), which is exactly the set of grids on which that match holds and
// gives the grid; any size. For `all` and `prl`, whose step depends on every match at once, by
// constraint search (preimage_search.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "explore/poll.hpp"
#include "explore/preimage_search.hpp"
#include "explore/program.hpp"
#include "mj/explore.hpp"

namespace mj {

// Grids in std::less's order, written out: GCC 12 takes the three-way compare std::less makes of byte
// vectors for a memcmp of up to 2^64 bytes (-Wstringop-overread).
struct CellsBefore {
  bool operator()(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
  }
};

class Backward {
 public:
  Backward(ExploreProgram program, const ExploreOptions& options);

  using Cells = std::vector<uint8_t>;
  // Every predecessor, ascending (as cell vectors compare); more than options.max_states is an error.
  std::vector<Cells> predecessors(const Cells& grid) const;
  // One predecessor, or none: `grid` is a Garden of Eden. For `one`, without listing them.
  std::optional<Cells> a_predecessor(const Cells& grid) const;
  const ExploreProgram& program() const { return program_; }

 private:
  ExploreProgram program_;
  ExploreOptions options_;
  mutable Poll poll_{options_.poll};  // ticked at every predecessor found, and every node of a search
  const ProgramNode* node_ = nullptr;
  std::unique_ptr<PreimageSearch> search_;  // `all` and `prl`

  // `one`: calls f(predecessor) for each (repeats possible) until f returns false.
  template <class F>
  void reverse_one(const Cells& grid, F f) const;
  std::vector<Cells> by_search(const Cells& grid, bool first_only) const;
  [[noreturn]] void too_many() const;  // more than options_.max_states predecessors
};

}  // namespace mj
