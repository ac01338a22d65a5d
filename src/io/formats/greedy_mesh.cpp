#include "mj/mesh.hpp"

namespace mj {

namespace {

// The faces of one slice: for each (u, v) of the plane, the value whose face shows there, or 0.
class Slice {
 public:
  Slice(const GridView& g, int axis, int side) : g_(g), d_(axis), u_((axis + 1) % 3), v_((axis + 2) % 3), side_(side) {
    size_ = {g.mx, g.my, g.mz};
    mask_.resize(size_t(size_[u_]) * size_t(size_[v_]));
  }

  // Fills the mask for slice `i` along the axis, and emits its rectangles.
  void mesh(int i, std::vector<Quad>& out) {
    for (int b = 0; b < size_[v_]; b++)
      for (int a = 0; a < size_[u_]; a++) mask_[index(a, b)] = face(i, a, b);
    for (int b = 0; b < size_[v_]; b++)
      for (int a = 0; a < size_[u_];) {
        const uint8_t value = mask_[index(a, b)];
        if (value == 0) {
          a++;
          continue;
        }
        int w = 1, h = 1;
        while (a + w < size_[u_] && mask_[index(a + w, b)] == value) w++;
        while (b + h < size_[v_] && row_is(a, b + h, w, value)) h++;
        for (int y = b; y < b + h; y++)
          for (int x = a; x < a + w; x++) mask_[index(x, y)] = 0;
        out.push_back(quad(i, a, b, w, h, value));
        a += w;
      }
  }

 private:
  const GridView& g_;
  int d_, u_, v_, side_;
  std::array<int, 3> size_{};
  std::vector<uint8_t> mask_;

  size_t index(int a, int b) const { return size_t(a) + size_t(b) * size_t(size_[u_]); }
  uint8_t cell(std::array<int, 3> p) const {
    for (int k = 0; k < 3; k++)
      if (p[k] < 0 || p[k] >= size_[k]) return 0;
    return g_.cells[size_t(p[0]) + size_t(g_.mx) * (size_t(p[1]) + size_t(g_.my) * size_t(p[2]))];
  }
  uint8_t face(int i, int a, int b) const {
    std::array<int, 3> p{};
    p[d_] = i, p[u_] = a, p[v_] = b;
    const uint8_t value = cell(p);
    p[d_] += side_;
    return value != 0 && cell(p) == 0 ? value : 0;
  }
  bool row_is(int a, int b, int w, uint8_t value) const {
    for (int x = a; x < a + w; x++)
      if (mask_[index(x, b)] != value) return false;
    return true;
  }
  Quad quad(int i, int a, int b, int w, int h, uint8_t value) const {
    Quad q;
    q.value = value;
    q.normal[d_] = float(side_);
    const float plane = float(side_ > 0 ? i + 1 : i);
    const int us[4] = {a, a + w, a + w, a}, vs[4] = {b, b, b + h, b + h};
    for (int k = 0; k < 4; k++) {
      // (u, v, axis) is right-handed: this order is counter-clockwise seen from the + side.
      const int c = side_ > 0 ? k : 3 - k;
      q.corners[size_t(k)][size_t(d_)] = plane;
      q.corners[size_t(k)][size_t(u_)] = float(us[c]);
      q.corners[size_t(k)][size_t(v_)] = float(vs[c]);
    }
    return q;
  }
};

}  // namespace

std::vector<Quad> greedy_mesh(const GridView& grid) {
  std::vector<Quad> quads;
  const int size[3] = {grid.mx, grid.my, grid.mz};
  for (int axis = 0; axis < 3; axis++)
    for (int side : {-1, 1}) {
      Slice slice(grid, axis, side);
      for (int i = 0; i < size[axis]; i++) slice.mesh(i, quads);
    }
  return quads;
}

}  // namespace mj
