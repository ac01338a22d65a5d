#include "debugger/recording.hpp"

namespace mj {

namespace {
GridView view_of(const Grid& g) { return GridView{g.mx, g.my, g.mz, g.characters, g.state.data(), nullptr}; }
}  // namespace

void Recording::begin(const Run& run) {
  grid_ = run.grid;
  seen_ = run.changes.now();
  shadow_ = grid_->state;
  history.begin(run.counter, view_of(*grid_));
}

void Recording::after_step(const Run& run, const Node* worker) {
  const Grid& grid = *run.grid;
  const int line = worker ? worker->line : 0;
  const uint8_t* state = grid.state.data();
  if (&grid != grid_ || grid.state.size() != shadow_.size()) {
    history.add_keyframe_step(view_of(grid), line);  // map and wfc switch grids
    shadow_ = grid.state;
  } else if (seen_.epoch == run.changes.now().epoch) {
    // Every write is logged: those since the last step are all that changed.
    const int* written = run.changes.written() + seen_.position;
    const size_t count = run.changes.size() - seen_.position;
    history.add_step(written, count, view_of(grid), line);
    for (size_t k = 0; k < count; k++) {
      const size_t cell = size_t(written[k] < 0 ? ~written[k] : written[k]);
      shadow_[cell] = state[cell];
    }
  } else {
    // The grid was rewritten without a list (wfc, convolution, a settled hidden diff): its difference.
    diff_.clear();
    for (size_t i = 0; i < shadow_.size(); i++)
      if (shadow_[i] != state[i]) diff_.push_back(int(i)), shadow_[i] = state[i];
    history.add_step(diff_.data(), diff_.size(), view_of(grid), line);
  }
  grid_ = &grid;
  seen_ = run.changes.now();
}

}  // namespace mj
