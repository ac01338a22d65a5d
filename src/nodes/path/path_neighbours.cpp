#include "nodes/path/path_neighbours.hpp"

namespace mj {

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

}  // namespace mj
