// What a wfc node last drew of its wave. An animated run draws the wave after every step; the
// picture of a cell depends only on the patterns the cell (and, for overlap, its neighbours) still
// allows, so comparing the wave with what was drawn tells which cells to draw again: a step bans a
// few patterns, and drawing the whole wave each time cost a step hundreds of times the collapse's
// own work (the overlap model votes n x n cells for every allowed pattern of every cell).
// Between two restarts of the wave patterns are only banned, so a cell whose count of allowed
// patterns is what was drawn allows the same patterns: only the other cells' patterns are compared.
#pragma once

#include <cstdint>
#include <vector>

#include "nodes/wfc/wave.hpp"

namespace mj::wfc {

class ShownWave {
 public:
  // Nothing drawn yet, or the grid was cleared or the wave restarted since: the next drawing covers
  // everything.
  void forget() { drawn_ = false; }
  bool drawn() const { return drawn_; }
  // Records the wave as drawn in full.
  void record(const Wave& wave) {
    const uint8_t* now = wave.allowances();
    shown_.assign(now, now + size_t(wave.cells()) * size_t(wave.patterns()));
    remaining_.resize(size_t(wave.cells()));
    for (int i = 0; i < wave.cells(); i++) remaining_[size_t(i)] = wave.remaining(i);
    drawn_ = true;
  }
  // Calls changed(i, t) for every pattern t of cell i banned since it was drawn, in order of cells
  // and patterns, and records the wave as drawn.
  template <class Changed>
  void update(const Wave& wave, Changed&& changed) {
    const size_t patterns = size_t(wave.patterns());
    for (int i = 0; i < wave.cells(); i++) {
      if (wave.remaining(i) == remaining_[size_t(i)]) continue;
      remaining_[size_t(i)] = wave.remaining(i);
      const uint8_t* now = wave.allowances() + size_t(i) * patterns;
      uint8_t* shown = shown_.data() + size_t(i) * patterns;
      for (size_t t = 0; t < patterns; t++)
        if (now[t] != shown[t]) {
          shown[t] = now[t];
          changed(i, int(t));
        }
    }
  }

 private:
  std::vector<uint8_t> shown_;  // [cell][pattern]: allowed (1) or banned (0) when last drawn
  std::vector<int> remaining_;  // [cell]: how many patterns it allowed when last drawn
  bool drawn_ = false;
};

}  // namespace mj::wfc
