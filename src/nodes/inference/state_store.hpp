// The grid states a search has explored: stored back to back in fixed-size chunks (so growing never
// copies gigabytes), numbered in the order they were added, and found again by their contents.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mj {

class StateStore {
 public:
  explicit StateStore(int cells);

  int size() const { return count_; }
  int cells() const { return cells_; }
  const uint8_t* operator[](int index) const {
    return chunks_[size_t(index / per_chunk_)].data() + size_t(index % per_chunk_) * size_t(cells_);
  }

  uint64_t hash(const uint8_t* state) const;
  // The number of the stored state equal to `state` (whose hash is `h`), or -1.
  int find(const uint8_t* state, uint64_t h) const;
  // Stores a state that find() did not find; returns its number.
  int add(const uint8_t* state, uint64_t h);

 private:
  void grow_table();
  size_t slot_of(uint64_t h) const { return size_t(h) & (table_.size() - 1); }

  int cells_;
  int per_chunk_;  // states per chunk
  int count_ = 0;
  std::vector<std::vector<uint8_t>> chunks_;
  std::vector<uint64_t> hashes_;  // per state, so the table can grow without rehashing contents
  std::vector<int> table_;        // open addressing with linear probing: state number or -1
};

}  // namespace mj
