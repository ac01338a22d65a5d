// The debugger's views over the 2D grid (mj/inspect.hpp): a field's potential or an observation's
// potentials as a heat map (unreachable cells hatched), the goal of <observe>, the match a guided
// `one` chose among the others, a search's found trajectory as a filmstrip under the grid, and the
// uncertainty of wfc's wave with its contradictions. The
// worker sends the inspection of the chosen node with every frame while the views are on.

// Cells drawn this many canvas pixels wide (at most), so that marks fit inside a cell.
const targetPixels = 640;
// Colours as the canvas's bytes read them in a Uint32Array (RGBA in memory: little-endian ABGR).
const packed = (r, g, b, a) => ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
const darkRGBA = packed(20, 20, 20, 217); // unreachable cells
const redRGBA = packed(255, 0, 0, 230); // cells with no option left
// The ramp in 256 steps at one opacity, packed: a table look-up a cell instead of arrays made per cell.
const ramps = new Map();
function rampTable(alpha) {
  let table = ramps.get(alpha);
  if (!table) {
    table = new Uint32Array(256);
    for (let k = 0; k < 256; k++) table[k] = packed(...ramp(k / 255), alpha);
    ramps.set(alpha, table);
  }
  return table;
}

// A perceptual ramp from dark blue (near) through green to yellow (far), t in [0, 1].
function ramp(t) {
  const stops = [
    [68, 1, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
  ];
  const x = Math.min(Math.max(t, 0), 1) * (stops.length - 1);
  const i = Math.min(Math.floor(x), stops.length - 2);
  const f = x - i;
  return stops[i].map((c, k) => Math.round(c + (stops[i + 1][k] - c) * f));
}

// Filmstrip pictures at most this many pixels on a side, and at most this many of them around the current.
const filmPixels = 48;
const filmStates = 48;
// A contradiction's lost options drawn about this many pixels on a side, at most this many of them.
const lostPixels = 24;
const lostShown = 96;

// What an inspection offers to show: [{key, label}], keys "field:V", "goal", "potential:V",
// "trajectory", "wave".
export function viewsOf(inspection) {
  if (!inspection) return [];
  const symbol = (v) => inspection.legend[v];
  const views = inspection.fields.map((p) => ({ key: `field:${p.value}`, label: `field of ${symbol(p.value)}` }));
  if (inspection.future) views.push({ key: "goal", label: "goal (observe)" });
  for (const p of inspection.potentials)
    views.push({ key: `potential:${p.value}`, label: `potential of ${symbol(p.value)} to the goal` });
  if (inspection.trajectory?.length) views.push({ key: "trajectory", label: "trajectory (search)" });
  if (inspection.options) views.push({ key: "wave", label: "wave: options per cell" });
  return views;
}

export class Overlay {
  // canvas: stacked over the grid's; panel: where the controls and the legend go; ask(on, line): tells
  // the worker to send (or stop sending) the inspection of the node at `line` (0: the active one).
  // The colours a cell (heat maps, the wave) go on `canvas` at a pixel a cell, scaled by CSS as the grid is
  // (one putImageData a frame); the marks (dots, frames, hatching, the goal's squares) on a canvas of their
  // own at `scale` pixels a cell, cleared and drawn only when a view has marks.
  constructor(canvas, panel, ask) {
    this.canvas = canvas;
    this.marks = document.createElement("canvas");
    this.marks.id = "marks";
    canvas.after(this.marks);
    this.ask = ask;
    this.on = false;
    this.view = ""; // the chosen view's key, kept while the node offers it
    this.line = 0;
    this.inspection = null;
    this.colors = [];
    panel.innerHTML = `<label><input type="checkbox" id="viewsOn"> views</label>
      <select id="viewsNode" title="the node whose choices are shown"><option value="0">the active node</option></select>
      <select id="viewsKind" title="what to show"></select>
      <div id="viewsText"></div>
      <canvas id="viewsFilm" title="the searched trajectory's states, the current one framed"></canvas>
      <canvas id="viewsLost" title="the options the last contradiction's cell lost, in the order named above"></canvas>`;
    const $ = (id) => panel.querySelector(`#${id}`);
    [this.toggle, this.nodeSelect, this.kindSelect, this.text] = ["viewsOn", "viewsNode", "viewsKind", "viewsText"].map(
      $,
    );
    this.toggle.onchange = () => this.setOn(this.toggle.checked);
    this.film = $("viewsFilm");
    this.film.style.display = "none";
    this.lostCanvas = $("viewsLost");
    this.lostCanvas.style.display = "none";
    this.nodeSelect.style.display = "none";
    this.nodeSelect.onchange = () => ((this.line = +this.nodeSelect.value), this.ask(this.on, this.line));
    this.kindSelect.onchange = () => ((this.view = this.kindSelect.value), this.draw());
  }

  setOn(on) {
    this.on = on;
    this.toggle.checked = on;
    this.ask(on, this.line);
    this.nodeSelect.style.display = on ? "" : "none";
    this.setTree(this.tree);
    if (!on) this.show(null);
  }

  // The nodes that may have something to show, from the node tree: rule nodes and wfc (listed only
  // while the views are on: closed, they cost the page nothing).
  setTree(tree) {
    this.tree = tree;
    if (!this.on) tree = null;
    const nodes = [];
    const walk = (n) => {
      if (["one", "all", "prl", "wfc"].includes(n.kind)) nodes.push(n);
      (n.children ?? []).forEach(walk);
    };
    if (tree) walk(tree);
    const key = nodes.map((n) => `${n.kind}${n.line}`).join();
    if (key === this.treeKey) return;
    this.treeKey = key;
    this.nodeSelect.replaceChildren(new Option("the active node", "0"));
    for (const n of nodes) this.nodeSelect.appendChild(new Option(`<${n.kind}> line ${n.line}`, String(n.line)));
    this.nodeSelect.value = String(this.line);
    if (this.nodeSelect.value !== String(this.line)) ((this.line = 0), (this.nodeSelect.value = "0"));
  }

  // A frame's inspection (or null) with the colours of the grid's values and its cells. At the run's end
  // (ended) no node is active: the view of the last node that was stays (its wave's contradiction too), said so.
  show(inspection, colors = this.colors, cells = null, ended = false) {
    if (ended && !inspection?.kind && this.last?.kind) inspection = { ...this.last, ended: true };
    else if (inspection?.kind) this.last = inspection;
    this.inspection = this.on ? inspection : null;
    this.colors = colors ?? [];
    this.cells = cells;
    const views = viewsOf(this.inspection);
    const keys = views.map((v) => v.key).join();
    if (keys !== this.kindKeys) {
      this.kindKeys = keys;
      this.kindSelect.replaceChildren(...views.map((v) => new Option(v.label, v.key)));
    }
    if (!views.some((v) => v.key === this.view)) this.view = views[0]?.key ?? "";
    this.kindSelect.value = this.view;
    this.kindSelect.style.display = views.length ? "" : "none";
    this.draw();
  }

  draw() {
    const i = this.inspection;
    this.painted = this.marked = false;
    this.film.style.display = i && this.view === "trajectory" && i.mz === 1 ? "" : "none";
    const lost = i && this.view === "wave" && i.mz === 1 && i.contradiction?.pictures.length;
    this.lostCanvas.style.display = lost ? "" : "none";
    if (!i || !this.view || i.mz !== 1) {
      this.clear();
      this.setText(
        !this.on
          ? ""
          : !i?.kind
            ? "no node is running"
            : i.mz !== 1
              ? "views are drawn for 2D grids"
              : `<${i.kind}> line ${i.line} has no field, goal or wave to show`,
      );
      return;
    }
    const scale = Math.max(1, Math.floor(targetPixels / Math.max(i.mx, i.my)));
    const [kind, value] = this.view.split(":");
    const lines = [`<${i.kind}> line ${i.line}${i.ended ? ", as it last ran (the run has ended)" : ""}`];
    if (kind === "field" || kind === "potential") {
      const rows = kind === "field" ? i.fields : i.potentials;
      const p = rows.find((r) => r.value === +value);
      lines.push(this.heat(scale, i, p.cells, kind === "field" ? "distance" : "steps to the goal"));
      lines.push(...this.choice(scale, i));
    } else if (kind === "goal") {
      lines.push(this.goal(scale, i));
      lines.push(...this.choice(scale, i));
    } else if (kind === "trajectory") {
      lines.push(this.trajectory(i));
    } else if (kind === "wave") {
      lines.push(...this.wave(scale, i));
    }
    this.clear();
    this.setText(lines.join("\n"));
  }

  // Another model: the last node's view is not its own.
  forget() {
    this.last = null;
    this.lostKey = null;
  }

  // The text under the controls, set only when it changes (a text set every frame makes the page lay out).
  setText(text) {
    if (this.text.textContent !== text) this.text.textContent = text;
  }

  // Clears what this frame did not draw: the colours, the marks.
  clear() {
    if (!this.painted && this.canvasUsed) {
      this.canvas.getContext("2d").clearRect(0, 0, this.canvas.width, this.canvas.height);
      this.canvasUsed = false;
    }
    if (!this.marked && this.marksUsed) {
      this.marks.getContext("2d").clearRect(0, 0, this.marks.width, this.marks.height);
      this.marksUsed = false;
    }
  }

  // The marks' canvas at `scale` pixels a cell, cleared, for this frame's marks.
  marking(scale, i) {
    const m = this.marks;
    if (m.width !== i.mx * scale || m.height !== i.my * scale) ((m.width = i.mx * scale), (m.height = i.my * scale));
    const o = m.getContext("2d");
    if (!this.marked && this.marksUsed) o.clearRect(0, 0, m.width, m.height);
    this.marked = this.marksUsed = true;
    return o;
  }

  // What the chosen view shows at cell (x, y): "field of W: 12", or "" (no view, or one of no numbers).
  valueAt(x, y) {
    const i = this.inspection;
    if (!i || i.mz !== 1 || x >= i.mx || y >= i.my) return "";
    const [kind, value] = this.view.split(":");
    const c = x + y * i.mx;
    const number = (n) => (n < 0 ? "unreachable" : String(n));
    if (kind === "field")
      return `field of ${i.legend[+value]}: ${number(i.fields.find((p) => p.value === +value).cells[c])}`;
    if (kind === "potential")
      return `potential of ${i.legend[+value]}: ${number(i.potentials.find((p) => p.value === +value).cells[c])}`;
    if (kind === "wave") return `options: ${i.options[c] < 0 ? "none (no wave here)" : i.options[c]}`;
    return "";
  }

  // Potentials as a heat map: near dark, far bright, unreachable cells dark (and hatched when cells are
  // wide enough to see it).
  heat(scale, i, cells, what) {
    let max = 0;
    for (let c = 0; c < cells.length; c++) if (cells[c] > max) max = cells[c];
    const table = rampTable(204),
      k = max ? 255 / max : 0;
    const unreached = [];
    this.paint(i, (pixels) => {
      for (let c = 0; c < cells.length; c++) {
        const p = cells[c];
        if (p >= 0) pixels[c] = table[Math.round(p * k)];
        else ((pixels[c] = darkRGBA), unreached.push(c));
      }
    });
    if (scale >= 4 && unreached.length)
      this.hatchAll(this.marking(scale, i), scale, i, unreached, "rgba(255, 255, 255, 0.5)");
    return `${what} 0 (dark) to ${max} (bright); ${unreached.length} cell${unreached.length === 1 ? "" : "s"} unreachable (hatched)`;
  }

  // The colours of the cells (packed, 0 for clear; fill(pixels) writes them) at a pixel a cell: one
  // putImageData a frame, which CSS scales up without smoothing as it does the grid.
  paint(i, fill) {
    const c = this.canvas;
    if (c.width !== i.mx || c.height !== i.my) ((c.width = i.mx), (c.height = i.my));
    if (this.picture?.width !== i.mx || this.picture.height !== i.my) {
      this.picture = new ImageData(i.mx, i.my);
      this.pixels = new Uint32Array(this.picture.data.buffer);
    }
    fill(this.pixels);
    c.getContext("2d").putImageData(this.picture, 0, 0);
    this.painted = this.canvasUsed = true;
  }

  // A diagonal across each of `cells`, all in one path.
  hatchAll(o, scale, i, cells, color) {
    o.strokeStyle = color;
    o.lineWidth = Math.max(1, scale / 8);
    o.beginPath();
    for (const c of cells) {
      const x = (c % i.mx) * scale,
        y = Math.floor(c / i.mx) * scale;
      (o.moveTo(x, y + scale), o.lineTo(x + scale, y));
    }
    o.stroke();
  }

  // The goal: each cell whose value the goal does not allow yet gets an inset square of the value
  // it must end with (several allowed: grey); cells that already hold an allowed value are left clear.
  goal(scale, i) {
    let open = 0;
    const o = this.marking(scale, i);
    for (let c = 0; c < i.mx * i.my; c++) {
      const set = i.future[c];
      if (set === 0 || (this.cells && (set >>> this.cells[c]) & 1)) continue;
      const single = (set & (set - 1)) === 0 ? 31 - Math.clz32(set) : -1;
      open++;
      const x = (c % i.mx) * scale,
        y = Math.floor(c / i.mx) * scale;
      if (single >= 0) {
        const rgb = this.colors[single] ?? 0xffffff;
        o.fillStyle = `rgba(${rgb >> 16}, ${(rgb >> 8) & 255}, ${rgb & 255}, 0.75)`;
      } else o.fillStyle = "rgba(160, 160, 160, 0.6)";
      o.fillRect(x + scale / 6, y + scale / 6, (scale * 2) / 3, (scale * 2) / 3);
    }
    return `the goal: ${open} cells still to change, each with an inset square of the value it must end with (grey: one of several)`;
  }

  // The searched trajectory: its states side by side in the filmstrip (a window of them around the
  // current one when there are many), the one the grid holds framed.
  trajectory(i) {
    const states = i.trajectory,
      at = i.trajectoryAt;
    const first = Math.max(0, Math.min(at - filmStates / 2, states.length - filmStates));
    const shown = states.slice(first, first + filmStates);
    const s = Math.max(1, Math.floor(filmPixels / Math.max(i.mx, i.my))),
      gap = 4,
      w = i.mx * s + gap,
      h = i.my * s + gap;
    const perRow = Math.max(1, Math.floor((this.film.parentElement.clientWidth || 640) / w));
    this.film.width = Math.min(shown.length, perRow) * w;
    this.film.height = Math.ceil(shown.length / perRow) * h;
    const f = this.film.getContext("2d");
    const picture = f.createImageData(i.mx * s, i.my * s);
    shown.forEach((state, k) => {
      for (let c = 0; c < state.length; c++) {
        const rgb = this.colors[state[c]] ?? 0,
          x0 = (c % i.mx) * s,
          y0 = Math.floor(c / i.mx) * s;
        for (let dy = 0; dy < s; dy++)
          for (let dx = 0; dx < s; dx++)
            picture.data.set([rgb >> 16, (rgb >> 8) & 255, rgb & 255, 255], ((y0 + dy) * i.mx * s + x0 + dx) * 4);
      }
      f.putImageData(picture, (k % perRow) * w + gap / 2, Math.floor(k / perRow) * h + gap / 2);
      if (first + k === at) {
        f.strokeStyle = "#ff00ff";
        f.lineWidth = 2;
        f.strokeRect((k % perRow) * w + 1, Math.floor(k / perRow) * h + 1, w - 2, h - 2);
      }
    });
    const range = shown.length < states.length ? ` (states ${first + 1} to ${first + shown.length} shown)` : "";
    return `trajectory: ${states.length} states, at ${at + 1}${range}; the current one framed`;
  }

  // The latest guided choice: every candidate's corner dotted, the chosen one framed.
  choice(scale, i) {
    if (!i.candidates.length) return ["no candidates recorded for its latest step (kept while the views are on)"];
    const o = this.marking(scale, i);
    o.fillStyle = "rgba(255, 255, 255, 0.9)";
    o.beginPath(); // one path of all the dots: a fill a frame, not one per candidate
    for (const m of i.candidates)
      o.rect((m.x + 0.35) * scale, (m.y + 0.35) * scale, Math.max(1, scale * 0.3), Math.max(1, scale * 0.3));
    o.fill();
    let min = Infinity,
      max = -Infinity;
    for (const m of i.candidates) ((min = Math.min(min, m.delta)), (max = Math.max(max, m.delta)));
    const n = i.candidates.length;
    const lines = [`${n} candidate${n === 1 ? "" : "s"} (dots), Δ potential from ${min} to ${max}`];
    if (i.chosen >= 0) {
      const m = i.candidates[i.chosen];
      o.strokeStyle = "#ff00ff";
      o.lineWidth = Math.max(1, scale / 5);
      o.strokeRect(m.x * scale, m.y * scale, scale, scale);
      lines.push(`chosen (framed): rule ${m.rule} at (${m.x}, ${m.y}), Δ ${m.delta}, score ${m.score.toFixed(4)}`);
    }
    return lines;
  }

  // The wave: decided cells clear, undecided ones by how many options they keep (log scale), cells
  // without options red, and where each failed collapse before this one met its contradiction crossed.
  wave(scale, i) {
    let decided = 0;
    const table = rampTable(217),
      top = Math.log(Math.max(2, i.patterns));
    this.paint(i, (pixels) => {
      for (let c = 0; c < i.options.length; c++) {
        const n = i.options[c];
        if (n === 1) ((pixels[c] = 0), decided++);
        else if (n < 0) pixels[c] = darkRGBA;
        else if (n === 0) pixels[c] = redRGBA;
        else pixels[c] = table[Math.round(Math.min(Math.log(n) / top, 1) * 255)];
      }
    });
    if (i.contradictions.length) {
      const o = this.marking(scale, i);
      o.strokeStyle = "#ff2020";
      o.lineWidth = Math.max(1, scale / 6);
      o.beginPath();
      for (const c of i.contradictions) {
        const x = (c % i.mx) * scale,
          y = Math.floor(c / i.mx) * scale;
        (o.moveTo(x, y), o.lineTo(x + scale, y + scale), o.moveTo(x + scale, y), o.lineTo(x, y + scale));
      }
      o.stroke();
    }
    const lines = [`${decided} of ${i.mx * i.my} cells decided; undecided ones by options left (of ${i.patterns})`];
    if (i.contradictions.length)
      lines.push(
        `${i.failedTries} collapse${i.failedTries === 1 ? "" : "s"} failed before this one: ` +
          "the cells whose observation led to a contradiction are crossed in red",
      );
    if (i.undoneChoices)
      lines.push(`backtracking undid ${i.undoneChoices} observation${i.undoneChoices === 1 ? "" : "s"}`);
    if (i.contradiction) lines.push(this.contradiction(scale, i));
    return lines;
  }

  // The last contradiction: the cell left without options framed in red, the neighbour whose ban took
  // its last one in orange, a line between them; in words, the options it lost in that propagation.
  contradiction(scale, i) {
    const { cell, neighbour, lost } = i.contradiction;
    const o = this.marking(scale, i);
    const at = (c) => [(c % i.mx) * scale, Math.floor(c / i.mx) * scale];
    const [x, y] = at(cell);
    o.lineWidth = Math.max(2, scale / 8);
    if (neighbour >= 0) {
      const [nx, ny] = at(neighbour);
      o.strokeStyle = "#ffa020";
      o.strokeRect(nx + o.lineWidth / 2, ny + o.lineWidth / 2, scale - o.lineWidth, scale - o.lineWidth);
      o.beginPath();
      o.moveTo(nx + scale / 2, ny + scale / 2);
      o.lineTo(x + scale / 2, y + scale / 2);
      o.stroke();
    }
    o.strokeStyle = "#ff2020";
    o.strokeRect(x + o.lineWidth / 2, y + o.lineWidth / 2, scale - o.lineWidth, scale - o.lineWidth);
    const where = (c) => `(${c % i.mx}, ${Math.floor(c / i.mx) % i.my})`;
    const shown = lost.length > 12 ? [...lost.slice(0, 12), `and ${lost.length - 12} more`] : lost;
    const by = neighbour >= 0 ? `, the last taken by its neighbour at ${where(neighbour)} (orange)` : "";
    const drawn = this.lostPictures(i.contradiction);
    return (
      `last contradiction at ${where(cell)} (framed red): it lost ${lost.length} option${lost.length === 1 ? "" : "s"}` +
      ` in that propagation${by}: ${shown.join(", ")}${drawn}`
    );
  }

  // What the contradiction's cell lost, as pictures under the words (an overlap pattern's n x n cells, a
  // tile), in their order, in rows as wide as the panel. Returns the words that say so.
  lostPictures({ cell, patterns, pictures, pictureSize: [mx, my] }) {
    if (!pictures.length) return "";
    const shown = pictures.slice(0, lostShown);
    const said =
      shown.length < pictures.length
        ? `; the first ${shown.length} drawn below, in that order`
        : "; drawn below, in that order";
    // drawn again only for another contradiction or panel width: the view is drawn every frame
    const key = `${patterns.join()}|${cell}|${this.lostCanvas.parentElement.clientWidth}`;
    if (key === this.lostKey) return said;
    this.lostKey = key;
    const s = Math.max(2, Math.floor(lostPixels / Math.max(mx, my))),
      gap = 6,
      w = mx * s + gap,
      h = my * s + gap;
    const perRow = Math.max(1, Math.floor((this.lostCanvas.parentElement.clientWidth || 640) / w));
    this.lostCanvas.width = Math.min(shown.length, perRow) * w;
    this.lostCanvas.height = Math.ceil(shown.length / perRow) * h;
    const f = this.lostCanvas.getContext("2d");
    f.fillStyle = "#777"; // the gaps light: dark patterns stand apart from the page and from each other
    f.fillRect(0, 0, this.lostCanvas.width, this.lostCanvas.height);
    const picture = f.createImageData(mx * s, my * s);
    const pixels = new Uint32Array(picture.data.buffer);
    shown.forEach((colors, k) => {
      for (let c = 0; c < mx * my; c++) {
        const argb = colors[c],
          x0 = (c % mx) * s,
          y0 = Math.floor(c / mx) * s;
        const rgba = packed((argb >> 16) & 255, (argb >> 8) & 255, argb & 255, 255);
        for (let dy = 0; dy < s; dy++) pixels.fill(rgba, (y0 + dy) * mx * s + x0, (y0 + dy) * mx * s + x0 + s);
      }
      f.putImageData(picture, (k % perRow) * w + gap / 2, Math.floor(k / perRow) * h + gap / 2);
    });
    return said;
  }
}
