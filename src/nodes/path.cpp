// `path`: draws a shortest (or longest) path from a `from` cell to a `to` cell across `on` cells.
// A breadth-first search from every goal cell numbers the cells by distance; the path then walks
// down those numbers from the chosen start.
#include <array>
#include <cmath>

#include "core/wave_scan.hpp"
#include "nodes/kinds.hpp"
#include "nodes/sketch.hpp"
#include "nodes/value_attribute.hpp"

namespace mj {

namespace {

// Up to 26 neighbour offsets, in the reference's order (which decides random choices).
struct Offsets {
  std::array<Point, 26> items;
  int count = 0;
  void add(int dx, int dy, int dz) { items[size_t(count++)] = Point{dx, dy, dz}; }
  const Point* begin() const { return items.data(); }
  const Point* end() const { return items.data() + count; }
};

// The neighbours of (x, y, z) inside the grid: faces, then edges (diagonals), then vertices.
// A 2D grid has no vertex neighbours.
Offsets neighbours(const Grid& g, const Point& p, bool edges, bool vertices) {
  Offsets o;
  bool x0 = (p.x > 0), x1 = (p.x < g.mx - 1);
  bool y0 = (p.y > 0), y1 = (p.y < g.my - 1);
  bool z0 = (p.z > 0), z1 = (p.z < g.mz - 1);
  if (x0) o.add(-1, 0, 0);
  if (x1) o.add(1, 0, 0);
  if (y0) o.add(0, -1, 0);
  if (y1) o.add(0, 1, 0);
  if (z0) o.add(0, 0, -1);
  if (z1) o.add(0, 0, 1);
  if (edges) {
    if (x0 && y0) o.add(-1, -1, 0);
    if (x0 && y1) o.add(-1, 1, 0);
    if (x1 && y0) o.add(1, -1, 0);
    if (x1 && y1) o.add(1, 1, 0);
    if (g.mz == 1) return o;
    if (x0 && z0) o.add(-1, 0, -1);
    if (x0 && z1) o.add(-1, 0, 1);
    if (x1 && z0) o.add(1, 0, -1);
    if (x1 && z1) o.add(1, 0, 1);
    if (y0 && z0) o.add(0, -1, -1);
    if (y0 && z1) o.add(0, -1, 1);
    if (y1 && z0) o.add(0, 1, -1);
    if (y1 && z1) o.add(0, 1, 1);
  }
  if (vertices && g.mz > 1) {
    if (x0 && y0 && z0) o.add(-1, -1, -1);
    if (x0 && y0 && z1) o.add(-1, -1, 1);
    if (x0 && y1 && z0) o.add(-1, 1, -1);
    if (x0 && y1 && z1) o.add(-1, 1, 1);
    if (x1 && y0 && z0) o.add(1, -1, -1);
    if (x1 && y0 && z1) o.add(1, -1, 1);
    if (x1 && y1 && z0) o.add(1, 1, -1);
    if (x1 && y1 && z1) o.add(1, 1, 1);
  }
  return o;
}

Point operator+(const Point& a, const Point& b) { return Point{a.x + b.x, a.y + b.y, a.z + b.z}; }
bool is_zero(const Point& p) { return p.x == 0 && p.y == 0 && p.z == 0; }

class PathNode : public Node {
 public:
  Wave start = 0, finish = 0, substrate = 0;
  uint8_t value = 0;
  bool inertia = false, longest = false, edges = false, vertices = false;

  void reset() override {}

  bool go(Run& run) override {
    if (!number_cells()) return false;
    Random local(run.random.next());
    Point pen = choose_start(local);
    Point dir = direction(pen, Point{}, local);
    pen = pen + dir;
    while (generation(pen) != 0) {
      grid->state[size_t(grid->index(pen.x, pen.y, pen.z))] = value;
      run.changes.push_back(pen);
      dir = direction(pen, dir, local);
      pen = pen + dir;
    }
    return true;
  }

 private:
  std::vector<int> generations_;  // distance to the nearest goal cell, -1 when unreached
  std::vector<Point> frontier_;   // the breadth-first queue, read front to back by number_cells
  std::vector<Point> starts_;
  std::vector<Point> reach_;  // the neighbour offsets, for numbering (where order does not matter)
  size_t unnumbered_starts_ = 0;

  int generation(const Point& p) const { return generations_[size_t(grid->index(p.x, p.y, p.z))]; }
  static bool in(Wave wave, uint8_t v) { return (wave & (1u << v)) != 0; }

  // Numbers every cell reachable from a goal; false when no start cell can reach one.
  bool number_cells() {
    collect_starts_and_goals();
    if (starts_.empty() || frontier_.empty()) return false;
    if (reach_.empty()) reach_ = neighbourhood();
    // Numbers are final when given, and the walk only reads numbers below its start's: once every
    // start is numbered, the rest of the search changes nothing.
    for (size_t head = 0; head < frontier_.size() && unnumbered_starts_ > 0; head++) {
      Point p = frontier_[head];
      int i = grid->index(p.x, p.y, p.z);
      int t = generations_[size_t(i)] + 1;
      for (const Point& d : reach_)
        if (inside(p + d)) visit(p + d, i + grid->index(d.x, d.y, d.z), t);
    }
    for (const Point& s : starts_)
      if (generation(s) > 0) return true;
    return false;
  }

  // Faces, plus edges when `edges`, plus vertices when `vertices` on a 3D grid.
  std::vector<Point> neighbourhood() const {
    std::vector<Point> result;
    int dz_max = grid->mz == 1 ? 0 : 1;
    for (int dz = -dz_max; dz <= dz_max; dz++)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          int axes = (dx != 0) + (dy != 0) + (dz != 0);
          if (axes == 1 || (axes == 2 && edges) || (axes == 3 && vertices)) result.push_back(Point{dx, dy, dz});
        }
    return result;
  }

  // Generations are reset cell by cell after each search: a grid-wide reset per step would cost
  // as much as the search itself, which mostly ends early.
  void collect_starts_and_goals() {
    if (generations_.size() != size_t(grid->size())) generations_.assign(size_t(grid->size()), -1);
    for (const Point& p : frontier_) generations_[size_t(grid->index(p.x, p.y, p.z))] = -1;
    for (const Point& p : starts_) generations_[size_t(grid->index(p.x, p.y, p.z))] = -1;
    frontier_.clear();
    starts_.clear();
    unnumbered_starts_ = 0;
    const uint8_t* state = grid->state.data();
    for_each_in_wave(state, 0, grid->size(), start | finish, [&](int i) {
      const Point p = grid->point(i);
      if (in(start, state[i])) starts_.push_back(p);
      if (in(finish, state[i])) {
        generations_[size_t(i)] = 0;
        frontier_.push_back(p);
      } else if (in(start, state[i])) {
        unnumbered_starts_++;
      }
    });
  }

  // Start cells get a number but are not passed through.
  void visit(const Point& p, int cell, int t) {
    size_t i = size_t(cell);
    uint8_t v = grid->state[i];
    if (generations_[i] != -1 || !(in(substrate, v) || in(start, v))) return;
    if (in(substrate, v)) frontier_.push_back(p);
    if (in(start, v)) unnumbered_starts_--;
    generations_[i] = t;
  }

  // The reachable start nearest to (or farthest from) a goal, ties broken by a little noise.
  Point choose_start(Random& random) const {
    double min = double(grid->size()), max = -2.0;
    Point argmin{-1, -1, -1}, argmax{-1, -1, -1};
    for (const Point& p : starts_) {
      int g = generation(p);
      if (g == -1) continue;
      double key = double(g) + 0.1 * random.next_double();
      if (key < min) min = key, argmin = p;
      if (key > max) max = key, argmax = p;
    }
    return longest ? argmax : argmin;
  }

  // The next step from p towards a goal, preferring the previous direction d when `inertia` is set.
  Point direction(const Point& p, const Point& d, Random& random) const {
    int g = generation(p);
    bool diagonal = edges || vertices;
    if (!diagonal && inertia && !is_zero(d) && inside(p + d) && generation(p + d) == g - 1) return d;
    Offsets candidates;
    for (const Point& o : neighbours(*grid, p, edges, vertices))
      if (generation(p + o) == g - 1) candidates.add(o.x, o.y, o.z);
    if (candidates.count == 0)
      throw Error("", line, "path: no way down from a cell of generation " + std::to_string(g));
    if (diagonal && inertia && !is_zero(d)) return most_aligned(candidates, d, random);
    return candidates.items[size_t(random.next(candidates.count))];
  }

  static Point most_aligned(const Offsets& candidates, const Point& d, Random& random) {
    double max = -4.0;
    Point result{-1, -1, -1};
    for (const Point& c : candidates) {
      double noise = 0.1 * random.next_double();
      int dot = c.x * d.x + c.y * d.y + c.z * d.z;
      int norms = (c.x * c.x + c.y * c.y + c.z * c.z) * (d.x * d.x + d.y * d.y + d.z * d.z);
      double cos = dot / std::sqrt(double(norms));
      if (cos + noise > max) max = cos + noise, result = c;
    }
    return result;
  }

  bool inside(const Point& p) const {
    return p.x >= 0 && p.y >= 0 && p.z >= 0 && p.x < grid->mx && p.y < grid->my && p.z < grid->mz;
  }

 public:
  void describe(NodeSketch& sketch) const override {
    sketch.start = start, sketch.finish = finish, sketch.substrate = substrate, sketch.value = value;
  }
};

}  // namespace

NodePtr load_path(const XmlElement& e, const SymmetryGroup&, Grid& grid, LoadContext&) {
  auto node = std::make_unique<PathNode>();
  std::string from = e.str("from");
  if (from.empty()) e.fail("attribute from=\"\" names no value");
  node->start = grid.wave(from, e);
  node->value = value_of_symbol(e, grid, "color", e.symbol("color", from[0]));
  node->finish = grid.wave(e.str("to"), e);
  node->substrate = grid.wave(e.str("on"), e);
  node->inertia = e.boolean("inertia", false);
  node->longest = e.boolean("longest", false);
  node->edges = e.boolean("edges", false);
  node->vertices = e.boolean("vertices", false);
  return node;
}

}  // namespace mj
