// The brushes: paint, on the 2D grid and in the model's values, the grid runs start from, the pins (cells
// no rule may change) and the goal (cells that must end as painted). A painting holds one layer per brush,
// a byte a cell (x fastest), FREE where nothing is painted; the page keeps it with the model's draft and in
// share links (encodePainting), and the worker gives it to the run: the start layer over the model's own
// start grid (setStartCells), the pins and the goal as they are (setPins, setGoal).
import { UNDO } from "./limits.js";

// The value of a free cell: the library's (mj.defaults.freeCell), set once the worker has said it (setFreeCell).
export let FREE;
export const setFreeCell = (value) => (FREE = value);
export const layers = ["start", "pins", "goal"];
const words = { start: "start grid", pins: "pins", goal: "goal" };

// A layer as text: runs of one value, "v" or "vxN" (N cells), '_' for free, apart by ','. A painting of a few
// strokes is a few runs: short in a link.
export function encodeLayer(layer) {
  const runs = [];
  for (let i = 0; i < layer.length;) {
    let j = i + 1;
    while (j < layer.length && layer[j] === layer[i]) j++;
    runs.push(`${layer[i] === FREE ? "_" : layer[i]}${j - i > 1 ? `x${j - i}` : ""}`);
    i = j;
  }
  return runs.join(",");
}

// The layer of `cells` cells a text of encodeLayer holds, or null when it is not one.
export function decodeLayer(text, cells) {
  if (typeof text !== "string" || text.length > 8 * cells + 8) return null;
  const layer = new Uint8Array(cells);
  let at = 0;
  for (const run of text.split(",")) {
    const m = /^(_|\d{1,3})(?:x(\d{1,8}))?$/.exec(run);
    if (!m) return null;
    const value = m[1] === "_" ? FREE : +m[1],
      count = m[2] === undefined ? 1 : +m[2];
    if (value > FREE || count < 1 || at + count > cells) return null;
    layer.fill(value, at, at + count);
    at += count;
  }
  return at === cells ? layer : null;
}

// A painting as JSON for storage and links: {mx, my, start?, pins?, goal?} (layers as encodeLayer's text,
// only those painted); null for none.
export function encodePainting(p) {
  if (!p) return null;
  const out = { mx: p.mx, my: p.my };
  for (const name of layers) if (p[name]?.some((v) => v !== FREE)) out[name] = encodeLayer(p[name]);
  return Object.keys(out).length > 2 ? out : null;
}

// encodePainting's JSON back as a painting, or a string saying what is wrong with it.
export function decodePainting(json) {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return "it is not a painting";
  const { mx, my } = json;
  const side = (v) => Number.isInteger(v) && v >= 1 && v <= 4096;
  if (!side(mx) || !side(my)) return "its size must be whole numbers from 1 to 4096";
  const p = { mx, my };
  for (const name of layers) {
    if (json[name] === undefined) continue;
    p[name] = decodeLayer(json[name], mx * my);
    if (!p[name]) return `its ${words[name]} is not a list of runs of values`;
  }
  return p;
}

// The cells of the line from cell a to cell b ({x, y}), both ends too: each step moves one cell along the
// longer side and, when the line has drifted half a cell off, one along the shorter (Bresenham's).
export function lineCells(a, b) {
  const dx = Math.abs(b.x - a.x),
    dy = -Math.abs(b.y - a.y);
  const sx = Math.sign(b.x - a.x),
    sy = Math.sign(b.y - a.y);
  const cells = [];
  let { x, y } = a,
    err = dx + dy;
  for (;;) {
    cells.push({ x, y });
    if (x === b.x && y === b.y) return cells;
    const e2 = 2 * err;
    if (e2 >= dy) ((err += dy), (x += sx));
    if (e2 <= dx) ((err += dx), (y += sy));
  }
}

// The toolbar under the grid and the layer it paints over the grid (shown while a brush is chosen).
export class Brushes {
  // bar: the toolbar's element; canvas: the painting's canvas, over the grid's; grid: the grid's canvas
  // (its pixels are the cells); changed(painting): the painting changed (kept, sent to the run);
  // fromStep(): asks for the cells of the step on screen (they come back through takeStep).
  constructor({ bar, canvas, grid, changed, fromStep }) {
    Object.assign(this, { bar, canvas, grid, changed, fromStep });
    this.brush = ""; // "", "start", "pins" or "goal"
    this.value = 0; // the value painted; FREE rubs out
    this.legend = ""; // the loaded model's values
    this.colors = []; // 0xRRGGBB per value
    this.sides = null; // [mx, my, mz] of the loaded model
    this.painting = null;
    this.undone = []; // paintings before each change, the latest last
    this.stroke = null; // the stroke under way: {before, last}, the painting before it and its last cell (null: none)
    bar.innerHTML = `<select id="brush" title="paint on the grid: the start grid, pins or the goal (the runs take them)">
        <option value="">no brush</option><option value="start">start grid</option>
        <option value="pins">pins</option><option value="goal">goal</option></select>
      <span id="brushLegend"></span>
      <button id="brushUndo" title="undo the last stroke (Ctrl+Z)" disabled>undo</button>
      <button id="brushClear" title="rub out this brush's layer">clear</button>
      <button id="brushFromStep" title="the grid on screen (a past step too) as the start grid">from this step</button>
      <span id="brushText"></span>`;
    this.$ = (id) => bar.querySelector(`#${id}`);
    this.$("brush").onchange = () => this.choose(this.$("brush").value);
    this.$("brushUndo").onclick = () => this.undo();
    this.$("brushClear").onclick = () => this.clear();
    this.$("brushFromStep").onclick = () => this.fromStep();
    const stage = canvas.parentElement;
    // a stroke: a drag over the cells (not a pan of the view, zoom2d.js, while a brush is chosen)
    stage.addEventListener("pointerdown", (e) => {
      if (!this.brush || e.button !== 0 || !this.fits()) return;
      e.stopPropagation();
      stage.setPointerCapture?.(e.pointerId);
      this.stroke = { before: this.copy(), last: null };
      this.paintAt(e.clientX, e.clientY);
    });
    stage.addEventListener("pointermove", (e) => this.stroke && e.buttons & 1 && this.paintAt(e.clientX, e.clientY));
    const end = () => {
      if (!this.stroke) return;
      const { before } = this.stroke;
      this.stroke = null;
      if (JSON.stringify(encodePainting(before)) !== JSON.stringify(encodePainting(this.painting))) this.done(before);
    };
    stage.addEventListener("pointerup", end);
    stage.addEventListener("pointercancel", end);
    this.choose("");
  }

  // The loaded model's values, their colours and size, and which layers this build of mj takes
  // ({pins, goal}): the painting is shown (and runs take it) when it has the grid's width and height.
  setModel({ legend, colors, sides }) {
    Object.assign(this, { legend, colors, sides });
    if (this.value !== FREE && this.value >= legend.length) this.value = 0;
    this.fillLegend();
    this.draw();
  }

  // A painting kept or linked (the undo list starts again with it).
  setPainting(painting) {
    this.painting = painting;
    this.undone = [];
    this.draw();
  }

  // The painting fits the loaded grid (a 2D grid of its width and height).
  fits(p = this.painting ?? this.blank()) {
    const s = this.sides;
    return !!s && s[2] === 1 && !!p && p.mx === s[0] && p.my === s[1];
  }

  blank() {
    return this.sides ? { mx: this.sides[0], my: this.sides[1] } : null;
  }

  copy() {
    if (!this.painting) return null;
    const p = { mx: this.painting.mx, my: this.painting.my };
    for (const name of layers) if (this.painting[name]) p[name] = this.painting[name].slice();
    return p;
  }

  choose(brush) {
    this.brush = brush;
    this.$("brush").value = brush;
    for (const id of ["brushLegend", "brushUndo", "brushClear", "brushText"]) this.$(id).hidden = !brush;
    this.$("brushFromStep").hidden = brush !== "start";
    this.fillLegend();
    this.draw();
  }

  // The legend: a swatch a value, the chosen one framed, and "free", which rubs a cell out (the start
  // grid's cell is then the model's own).
  fillLegend() {
    const legend = this.$("brushLegend");
    legend.replaceChildren();
    const swatch = (value, label, title, rgb) => {
      const b = document.createElement("button");
      b.className = "swatch" + (value === this.value ? " chosen" : "");
      b.dataset.value = value;
      b.textContent = label;
      b.title = title;
      if (rgb !== undefined) {
        b.style.background = `#${rgb.toString(16).padStart(6, "0")}`;
        b.style.color = (((rgb >> 16) & 255) + ((rgb >> 8) & 255) + (rgb & 255)) / 3 > 140 ? "#000" : "#fff";
      }
      b.onclick = () => ((this.value = value), this.fillLegend());
      legend.appendChild(b);
    };
    [...this.legend].forEach((symbol, v) => swatch(v, symbol, `paint ${symbol} (value ${v})`, this.colors[v]));
    swatch(FREE, "free", "rub out: the cell is left as the model has it", undefined);
    this.$("brushUndo").disabled = !this.undone.length;
  }

  // The cells from the stroke's last cell to the one under the screen point, every cell of the line between
  // them (the pointer's events come far apart on a quick drag: each paints the line since the one before).
  paintAt(sx, sy) {
    const cell = this.cellAt(sx, sy);
    if (!cell) return;
    const { mx, my } = this.blank();
    this.painting ??= { mx, my };
    const layer = (this.painting[this.brush] ??= new Uint8Array(mx * my).fill(FREE));
    let changed = false;
    for (const { x, y } of lineCells(this.stroke.last ?? cell, cell)) {
      changed ||= layer[x + y * mx] !== this.value;
      layer[x + y * mx] = this.value;
    }
    this.stroke.last = cell;
    if (changed) this.draw();
  }

  // The cell under the screen point (the grid's canvas keeps its aspect: object-fit contain), or null.
  cellAt(sx, sy) {
    const rect = this.grid.getBoundingClientRect();
    const { mx, my } = this.blank();
    const scale = Math.min(rect.width / mx, rect.height / my);
    const x = Math.floor((sx - rect.left - (rect.width - mx * scale) / 2) / scale);
    const y = Math.floor((sy - rect.top - (rect.height - my * scale) / 2) / scale);
    return x >= 0 && y >= 0 && x < mx && y < my ? { x, y } : null;
  }

  // A change made (its painting before it kept for undo), told to the page.
  done(before) {
    this.undone.push(before);
    const cells = (p) => (p ? layers.reduce((n, name) => n + (p[name]?.length ?? 0), 0) : 0);
    let kept = this.undone.reduce((n, p) => n + cells(p), 0);
    while (this.undone.length > UNDO.strokes || (kept > UNDO.cells && this.undone.length > 1))
      kept -= cells(this.undone.shift());
    this.fillLegend();
    this.draw();
    this.changed(this.painting);
  }

  undo() {
    if (!this.undone.length) return false;
    this.painting = this.undone.pop();
    this.fillLegend();
    this.draw();
    this.changed(this.painting);
    return true;
  }

  clear() {
    if (!this.painting?.[this.brush]) return;
    const before = this.copy();
    delete this.painting[this.brush];
    this.done(before);
  }

  // The cells of the step on screen become the start grid (the worker's answer to fromStep()).
  takeStep({ mx, my, cells }) {
    if (!this.fits({ mx, my })) return;
    const before = this.copy();
    this.painting ??= { mx, my };
    this.painting.start = Uint8Array.from(cells);
    this.done(before);
  }

  // The chosen brush's layer over the grid: painted cells in their value's colour, inset by a frame for
  // pins (white) and the goal (yellow); free cells clear. Nothing while no brush is chosen.
  draw() {
    const c = this.canvas,
      p = this.painting,
      layer = this.brush && this.fits() ? p?.[this.brush] : null;
    this.$("brushText").textContent = this.words();
    c.hidden = !layer;
    if (!layer) return;
    const s = Math.max(1, Math.min(16, Math.floor(1024 / Math.max(p.mx, p.my))));
    if (c.width !== p.mx * s || c.height !== p.my * s) ((c.width = p.mx * s), (c.height = p.my * s));
    const g = c.getContext("2d");
    g.clearRect(0, 0, c.width, c.height);
    const frame = { pins: "#ffffff", goal: "#ffd020" }[this.brush];
    g.lineWidth = Math.max(1, s / 6);
    for (let i = 0; i < layer.length; i++) {
      if (layer[i] === FREE) continue;
      const x = (i % p.mx) * s,
        y = Math.floor(i / p.mx) * s;
      g.fillStyle = `#${(this.colors[layer[i]] ?? 0xff00ff).toString(16).padStart(6, "0")}`;
      g.fillRect(x, y, s, s);
      if (frame && s >= 4)
        ((g.strokeStyle = frame),
          g.strokeRect(x + g.lineWidth, y + g.lineWidth, s - 2 * g.lineWidth, s - 2 * g.lineWidth));
    }
  }

  // What is painted, in words: "start grid 12 cells, pins 3 cells".
  words() {
    const p = this.painting;
    if (this.sides && this.sides[2] !== 1) return "the brushes paint 2D grids";
    if (p && !this.fits()) return `the painting is for ${p.mx}×${p.my}: set the size to paint it again`;
    const counts = layers
      .filter((name) => p?.[name])
      .map((name) => [name, p[name].reduce((n, v) => n + (v !== FREE), 0)])
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${words[name]} ${n} cell${n === 1 ? "" : "s"}`);
    return counts.join(", ") || "nothing painted";
  }
}
