#include "mj/history.hpp"

#include <algorithm>
#include <memory>

#include "mj/error.hpp"

namespace mj {

namespace {
constexpr size_t kWriteBytes = sizeof(int) + 1;                // a write: its cell and its value
constexpr size_t kStepBytes = sizeof(uint32_t) + sizeof(int);  // a step: its end and its node
}  // namespace

size_t History::Segment::bytes() const {
  return keyframe.size() + ends.size() * kStepBytes + cells.size() * kWriteBytes + legend.size() + sizeof(Segment);
}

int History::first_step() const { return segments_.empty() ? 0 : segments_.front().first_step; }

int History::last_step() const {
  return segments_.empty() ? 0 : segments_.back().first_step + int(segments_.back().ends.size());
}

const History::Segment* History::segment_of(int step) const {
  // Segments are in step order: the last one starting at or before `step`.
  auto after = std::upper_bound(segments_.begin(), segments_.end(), step,
                                [](int s, const Segment& seg) { return s < seg.first_step; });
  return after == segments_.begin() ? nullptr : &*(after - 1);
}

GridView History::grid_at(int step) const {
  const Segment* seg = segment_of(step);
  if (!seg || step > last_step())
    throw Error("", 0,
                "step " + std::to_string(step) + " is not in the record (it holds steps " +
                    std::to_string(first_step()) + " to " + std::to_string(last_step()) + ")",
                ErrorKind::argument);
  auto cells = std::make_shared<std::vector<uint8_t>>(seg->keyframe);
  uint8_t* state = cells->data();
  const size_t end = step == seg->first_step ? 0 : seg->ends[size_t(step - seg->first_step - 1)];
  for (size_t k = 0; k < end; k++) state[size_t(seg->cells[k])] = seg->values[k];
  return GridView{seg->mx, seg->my, seg->mz, seg->legend, state, std::shared_ptr<const void>(cells, state)};
}

int History::node_line(int step) const {
  // Step `step` is kept by the segment it starts from: the one whose keyframe is before it.
  const Segment* seg = segment_of(step - 1);
  if (!seg || step <= seg->first_step || step - seg->first_step > int(seg->lines.size())) return 0;
  return seg->lines[size_t(step - seg->first_step - 1)];
}

void History::begin(int step, const GridView& grid) {
  segments_.clear();
  bytes_ = 0;
  start_segment(step, grid);
}

void History::start_segment(int step, const GridView& grid) {
  Segment& seg = segments_.emplace_back();
  seg.first_step = step;
  seg.mx = grid.mx, seg.my = grid.my, seg.mz = grid.mz;
  seg.legend = grid.legend;
  seg.keyframe.assign(grid.cells, grid.cells + grid.size());
  bytes_ += seg.bytes();
  fit();
}

void History::add_step(const int* cells, size_t count, const GridView& grid, int node_line) {
  Segment& seg = segments_.back();
  for (size_t k = 0; k < count; k++) {
    const int cell = cells[k] < 0 ? ~cells[k] : cells[k];  // hidden writes are written as ~cell
    seg.cells.push_back(cell);
    seg.values.push_back(grid.cells[cell]);
  }
  seg.ends.push_back(uint32_t(seg.cells.size()));
  seg.lines.push_back(node_line);
  bytes_ += count * kWriteBytes + kStepBytes;
  // A new keyframe once replaying the writes costs more than copying a grid.
  if ((seg.cells.size() + seg.ends.size()) * kWriteBytes >= seg.keyframe.size()) start_segment(last_step(), grid);
  else fit();
}

void History::add_keyframe_step(const GridView& grid, int node_line) {
  // The step itself stays with the segment before (its node), its grid is the new keyframe.
  Segment& seg = segments_.back();
  seg.ends.push_back(uint32_t(seg.cells.size()));
  seg.lines.push_back(node_line);
  bytes_ += kStepBytes;
  start_segment(last_step(), grid);
}

void History::fit() {
  while (bytes_ > max_bytes_ && segments_.size() > 1) {
    bytes_ -= segments_.front().bytes();
    segments_.pop_front();
  }
}

}  // namespace mj
