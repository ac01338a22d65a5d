// The trail of a backtracking collapse: the choices made so far, in order, and copies of the wave
// after some of them, so that going back costs a copy and the few choices since, not a whole collapse.
#pragma once

#include <cstddef>
#include <vector>

#include "nodes/wfc/wave.hpp"

namespace mj::wfc {

// One choice of a collapse: an observation (the cell takes the pattern) or, after an observation
// led to a contradiction and was undone, the ban of that pattern at that cell.
struct Choice {
  int cell = 0, pattern = 0;
  bool observed = true;
};

class Trail {
 public:
  // Forgets every choice and copy; copies will be kept every `spacing` choices, at most `most`.
  void begin(size_t spacing, size_t most) {
    choices.clear();
    used_ = 0;
    spacing_ = spacing < 1 ? 1 : spacing;
    most_ = most;
  }
  // Keeps a copy of `wave`, the wave after every choice so far, when one is due.
  void save(const Wave& wave) {
    const size_t made = choices.size(), last = used_ == 0 ? 0 : made_[used_ - 1];
    if (made - last < spacing_ || used_ >= most_) return;
    if (used_ == waves_.size()) {
      waves_.push_back(wave);
      made_.push_back(made);
    } else {
      waves_[used_].copy_from(wave);
      made_[used_] = made;
    }
    used_++;
  }
  // Drops the choices from `count` on and the copies made after them; returns the latest copy
  // left, or null (go back to the start wave), and in `made` how many choices it holds.
  const Wave* back_to(size_t count, size_t& made) {
    choices.resize(count);
    while (used_ > 0 && made_[used_ - 1] > count) used_--;
    made = used_ == 0 ? 0 : made_[used_ - 1];
    return used_ == 0 ? nullptr : &waves_[used_ - 1];
  }

  std::vector<Choice> choices;

 private:
  std::vector<Wave> waves_;   // the copies, reused from one collapse to the next
  std::vector<size_t> made_;  // per copy: how many choices it holds
  size_t used_ = 0, spacing_ = 1, most_ = 0;
};

}  // namespace mj::wfc
