// The worker's side of a game (a model that takes keys, the mj dialect's <event>): which keys it takes, and
// whether it still moves.

// Why a key is not sent to the run, in the page's words, or null when it is: a key plays only at the game's
// own latest step (one sent while a past step is shown would play at the live step, unseen), and not once the
// game is over. viewing: the past step shown (the timeline's), or null.
export function keyRefused(model, viewing, key) {
  if (model.ended) return `the game is over, so ${key} was not sent: Rerun plays it again`;
  if (viewing === null) return null;
  const words = `step ${viewing} is shown from the record: a key plays at the game's own step (${model.history.last})`;
  return `${words}, so ${key} was not sent: Run goes back there, then play on`;
}

// The step since which a game's grid has not changed while it waits for keys (a game that is over waits on for
// keys that change nothing: LightCycle after a crash).
export class Stillness {
  constructor() {
    this.cells = null;
    this.since = 0;
  }

  at(model, steps) {
    const { cells } = model.grid();
    const same = this.cells?.length === cells.length && this.cells.every((v, i) => v === cells[i]);
    if (!same || steps < this.since) Object.assign(this, { cells, since: steps });
    return this.since;
  }
}
