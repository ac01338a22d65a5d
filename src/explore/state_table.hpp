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
    const uint64_t h = hash(key);
    const uint32_t tag = uint32_t(h >> 32);
    size_t at = h & (slots_.size() - 1);
    for (;; at = (at + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[at];
      if (s.id < 0) break;
      if (s.tag == tag && equal(state(size_t(s.id)), key)) return {s.id, false};
    }
    slots_[at] = {tag, int(count_)};
    keys_.insert(keys_.end(), key, key + words_);
    return {int(count_++), true};
  }

 private:
  size_t words_;
  size_t count_ = 0;
  std::vector<uint64_t> keys_;
  // A state's number beside 32 bits of its hash, which tell most other states apart without reading
  // theirs: 8 bytes a slot.
  struct Slot {
    uint32_t tag = 0;
    int id = -1;
  };
  std::vector<Slot> slots_;

  bool equal(const uint64_t* a, const uint64_t* b) const {
    if (words_ == 1) return a[0] == b[0];  // most states: no call to memcmp
    return std::memcmp(a, b, words_ * 8) == 0;
  }
  uint64_t hash(const uint64_t* key) const {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < words_; i++) {
      h ^= key[i];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebull;
    return h ^ (h >> 32);  // the slot from both halves, the tag from the high one
  }
  void grow() {
    std::vector<Slot> slots(slots_.size() * 2);
    for (size_t k = 0; k < count_; k++) {
      const uint64_t h = hash(state(k));
      size_t at = h & (slots.size() - 1);
      while (slots[at].id >= 0) at = (at + 1) & (slots.size() - 1);
      slots[at] = {uint32_t(h >> 32), int(k)};
    }
    slots_.swap(slots);
  }
};

}  // namespace mj
