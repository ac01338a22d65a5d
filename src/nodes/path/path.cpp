// `path`: draws a shortest (or longest) path from a `from` cell to a `to` cell across `on` cells.
// A breadth-first search from every goal cell numbers the cells by distance; the path then walks
// down those numbers from the chosen start.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/wave_scan.hpp"
#include "nodes/node_view_fill.hpp"
#include "nodes/path/cells_holding.hpp"
#include "nodes/path/path_neighbours.hpp"
#include "nodes/pins.hpp"
#include "nodes/registry.hpp"
#include "nodes/value_attribute.hpp"

namespace mj {

namespace {

class PathNode : public Node {
 public:
  ValueSet start = 0, finish = 0, substrate = 0;
  uint8_t value = 0;
  bool inertia = false, longest = false, edges = false, vertices = false;

  void reset() override {}

  bool go(Run& run) override {
    if (!number_cells(run.changes)) return false;
    Random local(run.random.next());
    Point pen = choose_start(local);
    Point dir = direction(pen, Point{}, local);
    pen = pen + dir;
    bool wrote = false;
    while (generation(pen) != 0) {
      const int cell = grid->index(pen.x, pen.y, pen.z);
      if (!run.pins || !breaks_pin(run.pins, cell, value)) {  // a pinned cell is passed through, not written
        wrote = wrote || grid->state[size_t(cell)] != value;
        run.changes.write(cell, grid->state[size_t(cell)]);
        grid->state[size_t(cell)] = value;
      }
      dir = direction(pen, dir, local);
      pen = pen + dir;
    }
    // With pins, a path that changed no cell (its cells pinned, or holding its colour already) would be drawn
    // again at every step, the run idling to its limit: it fails instead. Without pins a path succeeds
    // whatever it wrote, as the reference's.
    return wrote || !run.pins;
  }

 private:
  // Per cell, made once per grid size and kept between calls.
  std::vector<int> generations_;  // distance to the nearest goal cell, -1 when unreached
  std::vector<uint8_t> faces_;    // Faces: interior cells (0) need no bounds checks
  std::vector<int> frontier_;     // the breadth-first queue; every cell enters it at most once
  ChangeCursor taken_;            // the grid starts_ and goals_ were last brought up to
  int queued_ = 0;                // frontier_[0, queued_) were numbered by the last search
  // Start and goal cells, kept between calls: the grid mostly changes in a few cells between
  // calls, and a scan of every cell would cost more than the search. Starts are in index order,
  // the order of the reference's draws.
  CellsHolding starts_, goals_;
  std::vector<Change> changed_;
  bool searched_ = false;  // generations_ holds numbers from the last call's search
  Reach reach_;
  // Per value, what the search does with a cell holding it: numbers it (substrate or start),
  // goes on through it (substrate), counts a start numbered.
  static constexpr uint8_t kNumber = 1, kThrough = 2, kStart = 4;
  std::array<uint8_t, 256> entry_{};
  size_t unnumbered_starts_ = 0;

  int generation(const Point& p) const { return generations_[size_t(grid->index(p.x, p.y, p.z))]; }
  static bool in(ValueSet wave, uint8_t v) { return (wave & (1u << v)) != 0; }

  // Numbers every cell reachable from a goal; false when no start cell can reach one.
  bool number_cells(const ChangeLog& log) {
    if (!collect_starts_and_goals(log)) return false;
    search();
    for (int s : starts_.cells(grid->state.data()))
      if (generations_[size_t(s)] > 0) return true;
    return false;
  }

  // Breadth-first numbering from the queued goals. Numbers are final when given, and the walk
  // only reads numbers below its start's: once every start is numbered, the rest of the search
  // changes nothing. What the loop reads is held in locals: stores to the generations and the
  // queue would otherwise make the compiler reload members after every cell.
  void search() {
    const uint8_t* state = grid->state.data();
    const uint8_t* faces = faces_.data();
    const uint8_t* entry = entry_.data();
    const Reach reach = reach_;
    int* generations = generations_.data();
    int* frontier = frontier_.data();
    int queued = queued_;
    size_t unnumbered = unnumbered_starts_;
    for (int head = 0; head < queued && unnumbered > 0; head++) {
      const int i = frontier[head], t = generations[i] + 1;
      const auto visit = [&](int j) {
        const uint8_t e = entry[state[j]];
        if (e == 0 || generations[j] != -1) return;
        generations[j] = t;
        frontier[queued] = j;  // kept only for a substrate cell; never past the end, j is not queued
        queued += (e & kThrough) >> 1;
        unnumbered -= (e & kStart) >> 2;
      };
      const uint8_t on_faces = faces[i] & reach.any;
      if (on_faces == 0) {
        // Faces only, the common neighbourhoods, unrolled.
        if (reach.count == 4) visit_each<4>(i, reach, visit);
        else if (reach.count == 6) visit_each<6>(i, reach, visit);
        else visit_each<0>(i, reach, visit);
      } else {
        for (int k = 0; k < reach.count; k++)
          if (!(on_faces & reach.crosses[size_t(k)])) visit(i + reach.offsets[size_t(k)]);
      }
    }
    queued_ = queued;
    unnumbered_starts_ = unnumbered;
  }

  // Visits the neighbours of an interior cell: N of them, or reach.count for N = 0.
  template <int N, class Visit>
  static void visit_each(int i, const Reach& reach, const Visit& visit) {
    const int count = N == 0 ? reach.count : N;
    for (int k = 0; k < count; k++) visit(i + reach.offsets[size_t(k)]);
  }

  // Faces, plus edges when `edges`, plus vertices when `vertices` on a 3D grid.
  Reach neighbourhood() const {
    Reach r;
    int dz_max = grid->mz == 1 ? 0 : 1;
    for (int dz = -dz_max; dz <= dz_max; dz++)
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
          int axes = (dx != 0) + (dy != 0) + (dz != 0);
          if (!(axes == 1 || (axes == 2 && edges) || (axes == 3 && vertices))) continue;
          r.offsets[size_t(r.count)] = grid->index(dx, dy, dz);
          r.crosses[size_t(r.count)] = Faces::of({dx < 0, dy < 0, dz < 0}, {dx > 0, dy > 0, dz > 0});
          r.any |= r.crosses[size_t(r.count++)];
        }
    return r;
  }

  // Per-cell arrays for a grid of a new size (the first call, or a grid made anew).
  void size_for_grid() {
    const size_t cells = grid->state.size();
    generations_.assign(cells, -1);
    frontier_.assign(cells, 0);
    Faces::fill(*grid, faces_);
    taken_ = {};
    queued_ = 0;
    searched_ = false;
    starts_.wave = start, goals_.wave = finish;
    reach_ = neighbourhood();
    for (uint8_t v = 0; v < 32; v++)  // values of a wave
      entry_[v] = uint8_t((in(substrate | start, v) ? kNumber : 0) | (in(substrate, v) ? kThrough : 0) |
                          (in(start, v) ? kStart : 0));
  }

  // Seeds the search with every goal cell; false when there is no start or no goal. Generations
  // are reset cell by cell after each search: a grid-wide reset per step would cost as much as
  // the search itself, which mostly ends early.
  bool collect_starts_and_goals(const ChangeLog& log) {
    if (generations_.size() != grid->state.size()) size_for_grid();
    for (int k = 0, queued = queued_; k < queued; k++) generations_[size_t(frontier_[size_t(k)])] = -1;
    // The starts, merged on every call, are still those the last search numbered.
    if (searched_)
      for (int s : starts_.cells(grid->state.data())) generations_[size_t(s)] = -1;
    queued_ = 0;
    searched_ = false;
    take_changes(log);
    const uint8_t* state = grid->state.data();
    const std::vector<int>& starts = starts_.cells(state);
    if (starts.empty()) return false;
    for (int i : goals_.cells(state)) generations_[size_t(i)] = 0, frontier_[size_t(queued_++)] = i;
    if (queued_ == 0) return false;
    searched_ = true;
    unnumbered_starts_ = 0;
    for (int s : starts) unnumbered_starts_ += generations_[size_t(s)] != 0;
    return true;
  }

  // Brings starts_ and goals_ up to the grid as it is now: from the cells written since they
  // last were, or by a full scan when the grid was rewritten or much has changed.
  void take_changes(const ChangeLog& log) {
    const uint8_t* state = grid->state.data();
    const size_t cells = grid->state.size(), limit = cells / 16;
    const bool logged = log.changed_since(taken_, state, cells, limit, changed_);
    taken_ = log.now();
    if (logged) {
      bool noted = true;
      for (const Change& c : changed_) {
        noted = starts_.note(c.cell, c.before, state[c.cell], limit) && noted;
        noted = goals_.note(c.cell, c.before, state[c.cell], limit) && noted;
      }
      if (noted) return;
    }
    starts_.clear(), goals_.clear();
    for_each_in_wave(state, 0, int(cells), start | finish, [&](int i) {
      if (in(start, state[i])) starts_.add(i);
      if (in(finish, state[i])) goals_.add(i);
    });
  }

  // The reachable start nearest to (or farthest from) a goal, ties broken by a little noise.
  Point choose_start(Random& random) {
    double min = double(grid->size()), max = -2.0;
    int argmin = -1, argmax = -1;
    for (int s : starts_.cells(grid->state.data())) {
      int g = generations_[size_t(s)];
      if (g == -1) continue;
      double key = double(g) + 0.1 * random.next_double();
      if (key < min) min = key, argmin = s;
      if (key > max) max = key, argmax = s;
    }
    return grid->point(longest ? argmax : argmin);
  }

  // The next step from p towards a goal, preferring the previous direction d when `inertia` is set.
  Point direction(const Point& p, const Point& d, Random& random) const {
    int g = generation(p);
    bool diagonal = edges || vertices;
    if (!diagonal && inertia && !d.is_zero() && inside(p + d) && generation(p + d) == g - 1) return d;
    Offsets candidates;
    for (const Point& o : neighbours(*grid, p, edges, vertices))
      if (generation(p + o) == g - 1) candidates.add(o.x, o.y, o.z);
    if (candidates.count == 0)
      throw Error("", line, "path: no way down from a cell of generation " + std::to_string(g));
    if (diagonal && inertia && !d.is_zero()) return most_aligned(candidates, d, random);
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
  void describe(NodeView& view) const override {
    view.start = start, view.finish = finish, view.substrate = substrate, view.value = value;
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
