// The worker's side of the brushes: the painting (brush.js: {mx, my, start, pins, goal}, layers of a byte a
// cell, the library's free cell where unpainted), or null; the runs take it when it has the grid's width and
// height.
export class PaintedRuns {
  constructor(free) {
    this.free = free; // mj.defaults.freeCell
    this.painting = null;
    this.refused = []; // the live model's layers the library refused (errors)
  }

  fits(m) {
    const { mx, my, mz } = m.shape();
    const p = this.painting;
    return !!p && mz === 1 && p.mx === mx && p.my === my;
  }

  painted(layer) {
    return !!layer && layer.some((v) => v !== this.free);
  }

  // Model m's runs take the painting's pins and goal (a model fresh from its program: none before). A layer
  // the library refuses (a goal for a model that infers nothing) is left out: its failure is returned (the
  // page says it as long as the layer is painted), the run goes on without it.
  constrain(m) {
    const refused = [];
    if (!this.fits(m)) return refused;
    for (const [name, method] of [
      ["pins", "setPins"],
      ["goal", "setGoal"],
    ])
      try {
        if (this.painted(this.painting[name])) m[method](this.painting[name]);
      } catch (e) {
        refused.push(e);
      }
    return refused;
  }

  // Model m (fresh from its program) given the painting: pins, goal, and the start grid, its own (the run of
  // `seed` at step 0) with the painted cells over it. Returns the start cells, or null (its own).
  paintOnto(m, seed) {
    this.refused = this.constrain(m);
    if (!this.fits(m) || !this.painted(this.painting.start)) return null;
    m.start(seed);
    const cells = m.grid().cells;
    this.painting.start.forEach((v, i) => v !== this.free && (cells[i] = v));
    m.startCells = cells;
    return cells;
  }
}
