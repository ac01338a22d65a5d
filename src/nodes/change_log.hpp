// The one contract for grid changes: every node that writes a cell logs it here with the value it
// had, and nodes that rewrite a whole grid mark it. Nodes that keep results between their steps
// (fields, remembered matches, path's cells, convolution's blocks) bring them up to date from the
// log; none keeps a copy of the grid to compare with.
//
// The reference lists only what rule nodes and path write, and its one/all update their matches
// from that list alone. Writes it does not list (convchain, observe, followed search trajectories)
// are logged here as hidden, and rule matching skips them: one/all then see what they see in the
// reference, while every other reader sees every write. Nodes that rewrite a whole grid (map, wfc,
// convolution, a run's start) mark it instead of listing cells.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/zeroed_array.hpp"

namespace mj {

// A changed cell, as readers get it.
struct Change {
  int cell;
  uint8_t before;  // its value before
};

// How far a reader has taken the log in.
struct ChangeCursor {
  size_t position = 0;
  uint64_t epoch = 0;  // 0: nothing taken yet
};

class ChangeLog {
 public:
  ChangeLog() { rewrite_all(); }  // a new log: no cursor of another log's passes for one of it
  // A write by a rule node or path, logged when made (or decided, for prl).
  void write(int cell, uint8_t before) { cells_.push_back(cell), before_.push_back(before); }
  void write_hidden(int cell, uint8_t before) { cells_.push_back(~cell), before_.push_back(before); }
  // Logs the cells where `after` differs from `before` as hidden writes (made or about to be).
  void write_hidden_diff(const uint8_t* before, const uint8_t* after, size_t cells);
  // After a writer's hidden writes since `since`: past an eighth of the grid's cells they are
  // replaced by a mark of the whole grid, which keeps the log short (readers would start over anyway).
  void settle_hidden(size_t since, size_t cells);
  // The whole grid was (or is about to be) rewritten: readers start over.
  void rewrite_all();

  ChangeCursor now() const { return {cells_.size(), epoch_}; }
  bool unchanged_since(const ChangeCursor& from) const {
    return from.epoch == epoch_ && from.position == cells_.size();
  }
  // The cells written since `from` that hold another value now (`state`, of `cells` cells), each
  // once with its value at `from`, in the order of their first writes. False when the grid was
  // rewritten since or more than `limit` writes were logged: the reader starts over then.
  bool changed_since(const ChangeCursor& from, const uint8_t* state, size_t cells, size_t limit,
                     std::vector<Change>& out) const;

  // The writes in order, as rule matching reads them: a cell index, or ~index (< 0) for a hidden write.
  const int* written() const { return cells_.data(); }
  size_t size() const { return cells_.size(); }
  int cell(size_t k) const { return cells_[k] < 0 ? ~cells_[k] : cells_[k]; }
  size_t capacity() const { return cells_.capacity(); }
  void reserve(size_t writes) { cells_.reserve(writes), before_.reserve(writes); }
  void clear() { cells_.clear(), before_.clear(); }

 private:
  // Per write, side by side: rule matching reads only the cells, 4 bytes a write.
  std::vector<int> cells_;       // the cell, or ~cell for a hidden write
  std::vector<uint8_t> before_;  // its value before
  uint64_t epoch_ = 0;
  // changed_since's scratch: per cell, the call that last met it.
  mutable ZeroedArray<uint32_t> stamps_;  // calloc'd: pages of cells never written stay unmapped
  mutable uint32_t stamp_ = 0;
};

}  // namespace mj
