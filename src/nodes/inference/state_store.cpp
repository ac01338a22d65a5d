#include "nodes/inference/state_store.hpp"

#include <algorithm>
#include <cstring>

namespace mj {

namespace {

constexpr size_t kChunkBytes = size_t(1) << 20;
constexpr uint64_t kMultiplier = 0x9e3779b97f4a7c15ull;

uint64_t mix(uint64_t h) {
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ull;
  h ^= h >> 32;
  return h;
}

}  // namespace

StateStore::StateStore(int cells)
    : cells_(cells), per_chunk_(std::max(1, int(kChunkBytes / size_t(std::max(cells, 1))))), table_(1024, -1) {}

// Eight cells at a time: states are compared often and are mostly identical bytes.
uint64_t StateStore::hash(const uint8_t* state) const {
  uint64_t h = uint64_t(cells_);
  int i = 0;
  for (; i + 8 <= cells_; i += 8) {
    uint64_t word;
    std::memcpy(&word, state + i, 8);
    h = (h ^ word) * kMultiplier;
    h ^= h >> 29;
  }
  for (; i < cells_; i++) h = (h ^ state[i]) * kMultiplier;
  return mix(h);
}

int StateStore::find(const uint8_t* state, uint64_t h) const {
  for (size_t s = slot_of(h);; s = (s + 1) & (table_.size() - 1)) {
    int index = table_[s];
    if (index < 0) return -1;
    if (hashes_[size_t(index)] == h && std::memcmp((*this)[index], state, size_t(cells_)) == 0) return index;
  }
}

int StateStore::add(const uint8_t* state, uint64_t h) {
  if (size_t(count_ + 1) * 2 > table_.size()) grow_table();
  if (count_ % per_chunk_ == 0) chunks_.emplace_back().reserve(size_t(per_chunk_) * size_t(cells_));
  chunks_.back().insert(chunks_.back().end(), state, state + cells_);
  hashes_.push_back(h);
  size_t s = slot_of(h);
  while (table_[s] >= 0) s = (s + 1) & (table_.size() - 1);
  table_[s] = count_;
  return count_++;
}

void StateStore::grow_table() {
  table_.assign(table_.size() * 2, -1);
  for (int index = 0; index < count_; index++) {
    size_t s = slot_of(hashes_[size_t(index)]);
    while (table_[s] >= 0) s = (s + 1) & (table_.size() - 1);
    table_[s] = index;
  }
}

}  // namespace mj
