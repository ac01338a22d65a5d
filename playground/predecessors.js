// The predecessors of the grid on screen (mj explore --predecessors): every grid that leads to it in one
// step of the program's rule node, found backward by the library, each drawn as a small picture; a click
// on one makes it the grid the runs start from.
// The pixels across a predecessor's picture (its cells at least 2 pixels wide).
const PICTURE_PIXELS = 56;

export class PredecessorsView {
  // panel: where the button, the words and the pictures go; send(message): to the worker; onPick(k): a
  // picture was clicked (the page has told the worker to start from it).
  constructor(panel, send) {
    this.send = send;
    panel.innerHTML = `<button id="predecessorsButton" title="the grids that lead to the grid on screen in one step (mj explore --predecessors)">predecessors</button>
      <button id="emptyStart" title="runs start from the empty grid again" hidden>empty start</button>
      <div id="predecessorsText" role="status"></div><div id="predecessors"></div>`;
    const $ = (id) => panel.querySelector(`#${id}`);
    [this.button, this.empty, this.text, this.list] = [
      "predecessorsButton",
      "emptyStart",
      "predecessorsText",
      "predecessors",
    ].map($);
    this.found = null;
    this.button.onclick = () => ((this.text.textContent = "searching backward…"), send({ type: "predecessors" }));
    this.empty.onclick = () => this.startFrom(null);
  }

  // The worker's answer: {of (the grid's words: "step 3"), count, texts, cells, mx, my, mz, colors}, or {refused} (a
  // failure: the library's words).
  show(found) {
    if (found.refused) {
      this.found = null;
      this.list.replaceChildren();
      this.text.textContent = `no predecessors found: ${found.refused.text}`;
      return;
    }
    this.found = found;
    const { count, cells, of } = found;
    const shown = cells.length < count ? ` (the first ${cells.length} shown)` : "";
    this.text.textContent =
      count === 0
        ? `the grid of ${of} has no predecessor: a Garden of Eden`
        : `${count} predecessor${count === 1 ? "" : "s"} of the grid of ${of}${shown}: a click starts the runs there`;
    this.list.replaceChildren(...cells.map((c, k) => this.picture(found, c, k)));
  }

  clear() {
    this.found = null;
    this.text.textContent = "";
    this.list.replaceChildren();
    this.empty.hidden = true;
  }

  // Predecessor k's cells in the model's colours (a 3D grid's layers side by side), `side` pixels a cell,
  // each cell that differs from the grid it leads to framed in yellow.
  picture({ mx, my, mz, colors, texts, target }, cells, k) {
    const width = mz * mx + (mz - 1),
      canvas = document.createElement("canvas");
    const side = Math.max(2, Math.floor(PICTURE_PIXELS / Math.max(width, my)));
    Object.assign(canvas, { width: width * side, height: my * side });
    canvas.dataset.predecessor = k;
    canvas.dataset.side = side;
    const o = canvas.getContext("2d");
    const layer = (i) => Math.floor(i / (mx * my));
    let differ = 0;
    o.lineWidth = Math.max(1, Math.floor(side / 5));
    for (let i = 0; i < cells.length; i++) {
      const x = (layer(i) * (mx + 1) + (i % mx)) * side,
        y = (Math.floor(i / mx) % my) * side;
      const rgb = colors[cells[i]] ?? 0;
      o.fillStyle = `#${rgb.toString(16).padStart(6, "0")}`;
      o.fillRect(x, y, side, side);
      if (!target || target[i] === cells[i]) continue;
      differ++;
      o.strokeStyle = "#ffe040";
      if (side >= 4) o.strokeRect(x + o.lineWidth / 2, y + o.lineWidth / 2, side - o.lineWidth, side - o.lineWidth);
    }
    canvas.title = `${texts[k]}\n${differ} cell${differ === 1 ? "" : "s"} differ from the grid it leads to (framed in yellow)`;
    canvas.onclick = () => this.startFrom(k);
    return canvas;
  }

  // Runs start from predecessor k (null: the empty grid).
  startFrom(k) {
    for (const c of this.list.querySelectorAll("canvas.picked")) c.classList.remove("picked");
    if (k !== null) this.list.querySelector(`canvas[data-predecessor="${k}"]`)?.classList.add("picked");
    this.empty.hidden = k === null;
    this.send({ type: "startFrom", cells: k === null ? null : this.found.cells[k] });
  }
}
