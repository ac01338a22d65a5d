// The trail of a backtracking collapse: the choices made so far, in order, and what each of them took
// from the wave, so that going back costs in proportion to what is undone (not a copy of the wave per
// choice): a log of the patterns each choice's propagation banned, and the shadow, every cell's
// patterns as of the last choice that propagated without contradiction, from which the cells a
// failed propagation changed are put back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <utility>
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
  // Forgets every choice; the shadow becomes `wave`'s patterns.
  void begin(const Wave& wave) {
    choices.clear();
    marks_.clear();
    lost_.clear();
    base_ = 0;
    patterns_ = size_t(wave.patterns());
    shadow_.assign(wave.allowances(), wave.allowances() + size_t(wave.cells()) * patterns_);
  }
  // begin(), with the choices `made` so far, which are never undone one by one.
  void begin_from(const Wave& wave, std::vector<Choice> made) {
    begin(wave);
    choices = std::move(made);
    commit();
  }
  void push(const Choice& choice) {
    choices.push_back(choice);
    marks_.push_back(lost_.size());
  }
  // After the last choice propagated without contradiction: logs the patterns that the cells
  // `changed` lost since the shadow, and takes them from it.
  void record(const Wave& wave, std::span<const int> changed) {
    for (int i : changed) {
      uint8_t* const row = shadow(i);
      const uint8_t* const now = wave.allowances() + size_t(i) * patterns_;
      for (size_t t = 0; t < patterns_; t++)
        if (row[t] && !now[t]) row[t] = 0, lost_.push_back(uint32_t(size_t(i) * patterns_ + t));
    }
  }
  // Drops the choices from `count` on (at least base()) and gives back to the shadow the patterns
  // they took; appends each cell that gets some back to `cells` (a cell may come more than once).
  void unwind(size_t count, std::vector<int>& cells) {
    const size_t mark = marks_[count];
    for (size_t k = lost_.size(); k > mark; k--) {
      const size_t slot = lost_[k - 1];
      shadow_[slot] = 1;
      cells.push_back(int(slot / patterns_));
    }
    lost_.resize(mark);
    choices.resize(count);
    marks_.resize(count);
  }
  // Keeps the choices as they are but forgets what they took: those before base() are never undone
  // one by one again (an erasure around a contradiction changed the wave they were made on).
  void commit() {
    lost_.clear();
    marks_.assign(choices.size(), 0);
    base_ = choices.size();
  }
  size_t base() const { return base_; }
  // Every pattern cell i allowed after the last choice that propagated without contradiction.
  uint8_t* shadow(int i) { return shadow_.data() + size_t(i) * patterns_; }

  std::vector<Choice> choices;

 private:
  std::vector<size_t> marks_;  // per choice: the size of lost_ before it
  // cell * patterns + pattern, as the choices banned them (check_memory: < 2^31). A deque: it grows a block at a
  // time, where a vector's growth copied the whole log and held both copies at its peak (WaveBrickWall 200 x 200:
  // 393 MB of peak memory with a vector, 196 MB without backtracking).
  std::deque<uint32_t> lost_;
  std::vector<uint8_t> shadow_;
  size_t patterns_ = 0, base_ = 0;
};

}  // namespace mj::wfc
