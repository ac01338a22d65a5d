// The words beside the grid for a frame: the step counter (a game's end said as such) and the readout of a
// cell under the cursor.

// A game whose grid has not changed for this many steps while it waits for keys is said to be still (LightCycle's
// rider moves every 4 steps on its own, Sokoban's lamp every 10: a game that goes on never stands so long).
const STILL_STEPS = 40;

// "1,234 steps (finished)", "... (stopped at the step limit of 500 steps)", "..., searching: ..."; a game
// (a model that takes keys) says when it waits for a key and when it is over.
export function counterWords(f, game) {
  const steps = `${f.steps.toLocaleString("en")} step${f.steps === 1 ? "" : "s"}`;
  if (f.finished && f.limit)
    return `${steps} (stopped at the step limit of ${f.limit.toLocaleString("en")} steps${game ? ": game over" : ""})`;
  if (f.finished) return `${steps} (finished${game ? ": the game is over, Rerun plays it again" : ""})`;
  if (f.search) return `${steps}, searching: ${f.search.states} states, frontier ${f.search.frontier}`;
  if (!game || !f.waiting || f.viewing != null) return steps;
  const still = f.steps - (f.stillSince ?? f.steps);
  if (still < STILL_STEPS) return `${steps}, waiting for a key (the grid has the focus)`;
  return `${steps}, waiting for a key, but nothing has moved for ${still} steps: the game is over? (Reset plays it again)`;
}

// The readout of cell (x, y): "x 3, y 5: W (value 1)" and what the views show there; of a state of the graph
// on screen (screen: {graph}, space: its state space), its symbol. A 2D frame is mj's picture at a pixel a
// cell: its colour is the symbol's, the first of the legend with it.
export function cellWords(x, y, { screen, space, frame: f, palette, overlay }) {
  if (screen) {
    const symbol = space.grids[screen.graph].split(" ")[0].split("/")[y]?.[x];
    return symbol ? `x ${x}, y ${y}: ${symbol} (value ${space.legend.indexOf(symbol)})` : "";
  }
  if (!f || f.mz !== 1 || !f.rgba || f.width !== f.mx) return "";
  const k = (x + y * f.mx) * 4;
  const rgb = (f.rgba[k] << 16) | (f.rgba[k + 1] << 8) | f.rgba[k + 2];
  const value = [...(f.legend ?? "")].findIndex((symbol) => palette?.[symbol] === rgb);
  const cell = value >= 0 ? `${f.legend[value]} (value ${value})` : `#${rgb.toString(16).padStart(6, "0")}`;
  const view = overlay.valueAt(x, y);
  return `x ${x}, y ${y}: ${cell}${view ? `; ${view}` : ""}`;
}
