// mj's public API: the record of a run, for a debugger's time travel: the grid after any recorded
// step, rebuilt exactly, and the node that worked in it.
//
// The record keeps, per step, the cells the step wrote with their new values (5 bytes a write) and
// the line of the node that worked (8 bytes a step with the write count), plus a full keyframe of the
// grid whenever the writes since the last one outweigh a grid (so rebuilding any step replays at most
// about one grid's worth of writes) and when the program switches grid (map, wfc). A step that
// rewrites the grid without listing its writes (wfc, convolution) is kept as its difference from the
// step before. Memory is thus about twice the writes' and steps' bytes, and at most `max_bytes` (plus
// the latest keyframe's steps): past it the oldest steps are dropped (first_step() moves on).
// Measured (docs/debugger.md): the corpus's MazeBacktracker at 1415 x 1415, 999,697 steps, records
// 43 MB (43 bytes a step); GameOfLife, whose `all` rewrites much of its grid, about 2 KB a step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "mj/defaults.hpp"
#include "mj/grid_view.hpp"

namespace mj {

class History {
 public:
  explicit History(size_t max_bytes = kDefaultHistoryBytes) : max_bytes_(max_bytes) {}

  bool empty() const { return segments_.empty(); }
  int first_step() const;  // the earliest step whose grid can be rebuilt
  int last_step() const;   // the latest step recorded: the live run's
  // The grid as it was after `step` steps (first_step() <= step <= last_step()), a copy the view owns.
  // Throws mj::Error for a step outside the record.
  GridView grid_at(int step) const;
  // The line of the node that worked in step `step` (first_step() < step <= last_step()); 0 when no
  // node did (the step ended a branch) or the step is outside the record.
  int node_line(int step) const;
  size_t bytes() const { return bytes_; }  // memory the record holds
  size_t max_bytes() const { return max_bytes_; }

  // Recording, as the interpreter does it. begin: a new record from this grid, after `step` steps.
  void begin(int step, const GridView& grid);
  // One more step: the cells it wrote (in order; a cell may repeat), read with their values now from
  // `grid`, and the node that worked. Starts a keyframe when the writes since the last outweigh it.
  void add_step(const int* cells, size_t count, const GridView& grid, int node_line);
  // One more step after which the grid is `grid`, recorded whole (it switched grid or size).
  void add_keyframe_step(const GridView& grid, int node_line);

 private:
  // A keyframe and the steps after it, up to the next keyframe.
  struct Segment {
    int first_step = 0;  // the keyframe's step
    int mx = 0, my = 0, mz = 0;
    std::string legend;
    std::vector<uint8_t> keyframe;
    std::vector<uint32_t> ends;  // per step after first_step: the end of its writes in cells/values
    std::vector<int> lines;      // per step after first_step: the node that worked
    std::vector<int> cells;      // the writes, in order
    std::vector<uint8_t> values;
    size_t bytes() const;
  };
  const Segment* segment_of(int step) const;  // the last segment whose keyframe is at or before `step`
  void start_segment(int step, const GridView& grid);
  void fit();  // drops the oldest segments while over max_bytes

  std::deque<Segment> segments_;
  size_t bytes_ = 0;  // of the segments but the last, plus the last's at its start
  size_t max_bytes_;
};

}  // namespace mj
