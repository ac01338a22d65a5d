// The min priority queue of .NET's System.Collections.Generic.PriorityQueue<TElement, TPriority>:
// a 4-ary heap in an array. Search pops boards in this order, and boards of equal priority come
// out in whatever order the heap mechanics give, so the sift rules below are reproduced exactly.
#pragma once

#include <algorithm>
#include <cassert>
#include <vector>

namespace mj {

template <typename Element, typename Priority>
class PriorityQueue {
 public:
  int size() const { return int(nodes_.size()); }
  bool empty() const { return nodes_.empty(); }

  void enqueue(const Element& element, const Priority& priority) {
    nodes_.push_back({element, priority});
    move_up(nodes_.back(), size() - 1);
  }

  Element dequeue() {
    assert(!nodes_.empty());
    Element root = nodes_.front().element;
    Node last = nodes_.back();
    nodes_.pop_back();
    if (!nodes_.empty()) move_down(last, 0);
    return root;
  }

 private:
  struct Node {
    Element element;
    Priority priority;
  };
  static constexpr int kArity = 4;

  static int parent_of(int index) { return (index - 1) / kArity; }
  static int first_child_of(int index) { return index * kArity + 1; }

  // Shifts ancestors down while the node is strictly smaller: equal priorities stay below.
  void move_up(Node node, int index) {
    while (index > 0) {
      int parent = parent_of(index);
      if (!(node.priority < nodes_[size_t(parent)].priority)) break;
      nodes_[size_t(index)] = nodes_[size_t(parent)];
      index = parent;
    }
    nodes_[size_t(index)] = node;
  }

  // Follows the first smallest child while it is strictly smaller than the node.
  void move_down(Node node, int index) {
    const int n = size();
    for (int child = first_child_of(index); child < n; child = first_child_of(index)) {
      int min_child = child;
      for (int i = child + 1; i < std::min(child + kArity, n); i++)
        if (nodes_[size_t(i)].priority < nodes_[size_t(min_child)].priority) min_child = i;
      if (!(nodes_[size_t(min_child)].priority < node.priority)) break;
      nodes_[size_t(index)] = nodes_[size_t(min_child)];
      index = min_child;
    }
    nodes_[size_t(index)] = node;
  }

  std::vector<Node> nodes_;
};

}  // namespace mj
