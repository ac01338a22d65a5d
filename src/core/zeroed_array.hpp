// A fixed-size array of zeros from calloc. For large blocks calloc maps fresh zero pages rather
// than writing them, so pages a run never writes cost nothing: a node's per-cell tables are sized
// for the whole grid (values x cells, rules x cells) while many runs touch a small part of them.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace mj {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivial_v<T>, "calloc'd memory is only a valid array of trivial objects");

 public:
  void assign_zeros(size_t count) {
    items_.reset(static_cast<T*>(std::calloc(count == 0 ? 1 : count, sizeof(T))));
    if (!items_) throw std::bad_alloc();
    size_ = count;
  }
  // The same without the zeros, for an array written whole before it is read: calloc clears memory
  // that a process's allocator hands back (mj keeps what it frees), malloc leaves it as it is.
  void assign_uninitialized(size_t count) {
    items_.reset(static_cast<T*>(std::malloc((count == 0 ? 1 : count) * sizeof(T))));
    if (!items_) throw std::bad_alloc();
    size_ = count;
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return items_.get(); }
  const T* data() const { return items_.get(); }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  T& operator[](size_t k) { return items_[k]; }
  const T& operator[](size_t k) const { return items_[k]; }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T[], Free> items_;
  size_t size_ = 0;
};

}  // namespace mj
