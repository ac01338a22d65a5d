// What the worker hands the page besides its frames: a recorded run's GIF, the 3D view's mesh with its
// cutaway, the predecessors listed, a state graph's grid as cells, and an error in the page's terms.

// The GIF of model's recorded steps from `from` to the live step (a frame every few steps past `most`
// frames), named as mj run names it, with the page's words for what it holds.
export function recordedGif(model, from, most) {
  const { first, last } = model.history;
  from = Math.max(first, Math.min(from, last));
  const every = Math.ceil((last - from + 1) / most);
  // a frame at each step from..last - 1 that is a multiple of `every` (counted from the run's start), and at last
  const frames = Math.floor((last - 1) / every) - Math.floor((from - 1) / every) + 1;
  const note = `the GIF has ${frames} frames: steps ${from} to ${last}${every > 1 ? `, a frame every ${every}` : ""}`;
  return { type: "file", name: `${model.outputStem}.gif`, bytes: model.historyGif({ from, to: last, every }), note };
}

// The 3D view's mesh: the glTF export's rectangles (mj.mesh) of the cells its cutaway leaves ({x, y, z}: the
// cells at or past each are hidden; the page's sliders), the faces the cut opens too. The last 3D grid is
// kept to mesh again when the cutaway moves.
export class Cutaway {
  constructor(mj) {
    this.mj = mj;
    this.cut = { x: Infinity, y: Infinity, z: Infinity };
    this.shown = null;
  }

  mesh({ mx, my, mz, cells }) {
    this.shown = { mx, my, mz, cells: cells.slice() };
    const { x, y, z } = this.cut;
    let kept = cells;
    if (x < mx || y < my || z < mz) {
      kept = cells.slice();
      for (let i = 0; i < kept.length; i++)
        if (i % mx >= x || Math.floor(i / mx) % my >= y || Math.floor(i / (mx * my)) >= z) kept[i] = 0;
    }
    return this.mj.mesh({ mx, my, mz, cells: kept });
  }
}

// The predecessors (mj.predecessors' `found`) of `grid` the page lists: their count, the first `most` of them
// (state texts and cells), the grid's size and the cells they lead to.
export function predecessorsShown(found, { mx, my, mz, cells }, most) {
  const count = found.predecessors.length;
  return {
    count,
    texts: found.predecessors.slice(0, most),
    cells: found.cells.slice(0, most),
    mx,
    my,
    mz,
    target: cells,
  };
}

// A grid's values (x fastest) from its rows as the state graph writes them, in `legend`'s values.
export const cellsOf = (rows, legend) =>
  Uint8Array.from(
    rows
      .split(" ")
      .flatMap((layer) => layer.split("/"))
      .join(""),
    (symbol) => legend.indexOf(symbol),
  );

// An error as the page shows it: the library's words (text) in the status line, the detail at its line, its
// kind and setting (MjError's; a RangeError is a value the library refused). loaded: whether a model is still
// loaded (a load that failed leaves none).
export const failure = (e, loaded) => ({
  loaded,
  kind: e.kind ?? (e instanceof RangeError ? "argument" : "internal"),
  file: e.file ?? "",
  line: e.line ?? 0,
  detail: e.detail ?? String(e.message ?? e),
  text: String(e.message ?? e),
  setting: e.setting ?? null,
});
