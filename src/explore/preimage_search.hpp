// The grids one step of an `all` or `prl` node turns into a given grid, by constraint search rather
// than by trying every grid: each cell's value after the step depends only on the cells the matches
// that write it test, so "the step makes this cell the target's" is a constraint on a few cells. The
// search keeps each cell's possible values, narrows them until every constraint has support (arc
// consistency), and branches on the cell with the fewest values left; a grid other than the target
// differs from it first at some cell, which splits the answers without repeats.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "explore/poll.hpp"
#include "explore/program.hpp"

namespace mj {

class PreimageSearch {
 public:
  using Cells = std::vector<uint8_t>;
  // The program's one rule node, an `all` or a `prl`. An `all` two of whose matches can hold at once and
  // write a cell in common is an mj::Error at its line (as every grid of the size would show).
  explicit PreimageSearch(const ExploreProgram& program);

  // Calls f(grid) for every grid other than `target` that one step turns into it, each once, until f
  // returns false; ticks `poll` at every node of the search.
  void each(const Cells& target, const std::function<bool(const Cells&)>& f, Poll& poll);

 private:
  struct Writer {
    int match;
    uint8_t value;
  };
  int values_ = 0;
  bool prl_ = false;
  std::vector<std::vector<std::pair<int, ValueSet>>> tests_;  // per match: (cell, values it accepts)
  std::vector<std::vector<Writer>> writers_;                  // per cell: the matches that write it, in order
  std::vector<std::vector<int>> scope_;                       // per cell's constraint: the cells it reads
  std::vector<std::vector<int>> watching_;                    // per cell: the constraints that read it

  // The search's state.
  const Cells* target_ = nullptr;
  std::vector<ValueSet> domain_;
  std::vector<std::pair<int, ValueSet>> trail_;  // (cell, its values before a narrowing), to undo
  Cells grid_;                                   // the values tried
  std::vector<int> queue_;
  std::vector<uint8_t> queued_;
  bool stopped_ = false;
  Poll* poll_ = nullptr;

  bool holds(int match) const;
  uint8_t after(int cell) const;  // the cell's value after the step, on grid_
  bool narrow(int cell, ValueSet values);
  bool revise(int constraint);
  bool propagate();
  void drop_queue();  // after a narrowing emptied a cell
  void undo(size_t mark);
  void search(const std::function<bool(const Cells&)>& f);
  void refuse_overlaps(const ExploreProgram& program, int line) const;
};

}  // namespace mj
