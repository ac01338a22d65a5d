// Packed states, each once, numbered in the order they were added: the words of state k at
// words() * k in one array, and an open-addressing table of state numbers by hash.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace mj {

class StateTable {
 public:
  explicit StateTable(int words) : words_(size_t(words)), slots_(1024) {}

  size_t size() const { return count_; }
  const uint64_t* state(size_t k) const { return keys_.data() + k * words_; }

  // The number of `key`, and whether it is new.
  std::pair<int, bool> insert(const uint64_t* key) {
    if ((count_ + 1) * 4 > slots_.size() * 3) grow();
    size_t at = hash(key) & (slots_.size() - 1);
    for (;; at = (at + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[at];
      if (s.id < 0) break;
      if (s.first == key[0] && (words_ == 1 || std::memcmp(state(size_t(s.id)) + 1, key + 1, (words_ - 1) * 8) == 0))
        return {s.id, false};
    }
    slots_[at] = {key[0], int(count_)};
    keys_.insert(keys_.end(), key, key + words_);
    return {int(count_++), true};
  }

 private:
  size_t words_;
  size_t count_ = 0;
  std::vector<uint64_t> keys_;
  // A state's first word beside its number: most states are one word, found without a second read.
  struct Slot {
    uint64_t first = 0;
    int id = -1;
  };
  std::vector<Slot> slots_;

  uint64_t hash(const uint64_t* key) const {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < words_; i++) {
      h ^= key[i];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    }
    return h * 0x94d049bb133111ebull >> 17;
  }
  void grow() {
    std::vector<Slot> slots(slots_.size() * 2);
    for (size_t k = 0; k < count_; k++) {
      size_t at = hash(state(k)) & (slots.size() - 1);
      while (slots[at].id >= 0) at = (at + 1) & (slots.size() - 1);
      slots[at] = {state(k)[0], int(k)};
    }
    slots_.swap(slots);
  }
};

}  // namespace mj
