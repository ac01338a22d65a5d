// A big state graph (graph_layers.js's layout) drawn on one canvas the size of its container: only the
// states and transitions in view are drawn, each state's picture made when it first comes into view,
// and small states as plain boxes. The wheel zooms about the cursor, a drag pans, a click picks a state.
import { layeredLayout } from "./graph_layers.js";

// Below this many screen pixels across, a state is drawn as a box without its picture.
const PICTURE_MIN_PIXELS = 10;
const FRAME = { start: "#5a9aff", outcome: "#f0c040", other: "#555", current: "#40e0a0", picked: "#ff60ff" };

export class CanvasGraph {
  // container: the element to fill; space: mj.explore's; picture(state): {mx, my, rgba} of a state;
  // cell: pixels a cell at zoom 1; onPick(state).
  constructor(container, space, picture, cell, onPick) {
    Object.assign(this, { container, space, picture, onPick });
    const first = picture(0);
    this.box = { width: first.mx * cell + 6, height: first.my * cell + 6 };
    this.layout = layeredLayout(space, this.box);
    this.ending = new Map(space.outcomes.map((o) => [o.state, o.probability]));
    this.pictures = new Map(); // state -> a canvas of its cells, made when first drawn
    this.canvas = document.createElement("canvas");
    this.canvas.className = "state-graph-canvas";
    container.appendChild(this.canvas);
    this.drawn = 0; // the states the latest drawing drew
    this.current = -1; // the state of the run's grid (graph.js), framed
    // the layers' whole height in view (at most zoom 1), the start at the top centre
    this.resize();
    this.z = Math.min(1, this.canvas.height / this.layout.height);
    this.tx = this.canvas.width / 2 - this.layout.x[0] * this.z;
    this.ty = 0;
    this.canvas.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    this.canvas.addEventListener("pointerdown", (e) => (this.drag = { x: e.clientX, y: e.clientY, moved: false }));
    this.canvas.addEventListener("pointermove", (e) => this.onMove(e));
    this.canvas.addEventListener("pointerup", (e) => this.onUp(e));
    this.draw();
  }

  resize() {
    const { clientWidth, clientHeight } = this.container;
    this.canvas.width = Math.max(1, clientWidth);
    this.canvas.height = Math.max(1, clientHeight - 4);
  }

  // The state's box on the screen (canvas pixels): {x, y, width, height}.
  screenBox(state) {
    const { x, y } = this.layout,
      { width, height } = this.box;
    return {
      x: (x[state] - width / 2) * this.z + this.tx,
      y: (y[state] - height / 2) * this.z + this.ty,
      width: width * this.z,
      height: height * this.z,
    };
  }

  // Draws what is in view, once per animation frame however many moves asked for it.
  redraw() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => ((this.pending = 0), this.draw()));
  }

  draw() {
    const o = this.canvas.getContext("2d"),
      { width: W, height: H } = this.canvas;
    o.fillStyle = "#202026";
    o.fillRect(0, 0, W, H);
    const { x, y, layers } = this.layout,
      z = this.z;
    const inView = (sx, sy, margin) => sx > -margin && sy > -margin && sx < W + margin && sy < H + margin;
    const sx = (s) => x[s] * z + this.tx,
      sy = (s) => y[s] * z + this.ty;
    const half = { w: (this.box.width * z) / 2, h: (this.box.height * z) / 2 };
    // the transitions with an end in view, in one path
    o.strokeStyle = "rgba(136, 136, 136, 0.4)"; // thousands of transitions: the states stay readable over them
    o.lineWidth = 1;
    o.beginPath();
    this.space.edges.forEach((successors, from) => {
      for (const [to] of successors) {
        if (to === from) continue;
        const a = [sx(from), sy(from) + half.h],
          b = [sx(to), sy(to) - half.h];
        if (!inView(...a, 0) && !inView(...b, 0)) continue;
        (o.moveTo(...a), o.lineTo(...b));
      }
    });
    o.stroke();
    // the states in view: the layers whose row is in view, then the states of each in view
    let drawn = 0;
    const pictures = this.box.width * z >= PICTURE_MIN_PIXELS;
    o.imageSmoothingEnabled = false;
    o.font = "11px monospace";
    o.textAlign = "center";
    for (const layer of layers) {
      if (!inView(W / 2, sy(layer[0]), half.h + 16)) continue;
      for (const s of layer) {
        if (!inView(sx(s), sy(s), half.w + 2)) continue;
        drawn++;
        const b = this.screenBox(s),
          p = this.ending.get(s);
        o.fillStyle =
          s === this.picked ? FRAME.picked : s === 0 ? FRAME.start : p !== undefined ? FRAME.outcome : FRAME.other;
        o.fillRect(b.x, b.y, b.width, b.height);
        if (s === this.current) {
          // the run's grid: a ring around whatever frame it has
          o.strokeStyle = FRAME.current;
          o.lineWidth = Math.max(2, 3 * z);
          o.strokeRect(b.x - o.lineWidth / 2, b.y - o.lineWidth / 2, b.width + o.lineWidth, b.height + o.lineWidth);
        }
        if (pictures) {
          o.drawImage(this.pictureOf(s), b.x + 3 * z, b.y + 3 * z, b.width - 6 * z, b.height - 6 * z);
          if (p !== undefined && b.width >= 48) {
            o.fillStyle = "#f0c040";
            o.fillText(Number(p.toPrecision(3)).toString(), b.x + b.width / 2, b.y + b.height + 11); // when it fits
          }
        }
      }
    }
    this.drawn = drawn;
  }

  pictureOf(state) {
    let c = this.pictures.get(state);
    if (!c) {
      const { mx, my, rgba } = this.picture(state);
      c = Object.assign(document.createElement("canvas"), { width: mx, height: my });
      c.getContext("2d").putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer), mx, my), 0, 0);
      this.pictures.set(state, c);
    }
    return c;
  }

  // The state whose box holds the canvas point (px, py), or -1.
  stateAt(px, py) {
    const { x, y, layers } = this.layout,
      { width, height } = this.box;
    const wx = (px - this.tx) / this.z,
      wy = (py - this.ty) / this.z;
    for (const layer of layers) {
      if (Math.abs(y[layer[0]] - wy) > height / 2) continue;
      for (const s of layer) if (Math.abs(x[s] - wx) <= width / 2) return s;
    }
    return -1;
  }

  onWheel(e) {
    e.preventDefault();
    const r = this.canvas.getBoundingClientRect(),
      px = e.clientX - r.left,
      py = e.clientY - r.top;
    const z = Math.min(8, Math.max(0.002, this.z * Math.exp(-e.deltaY / 300)));
    this.tx = px - ((px - this.tx) * z) / this.z;
    this.ty = py - ((py - this.ty) * z) / this.z;
    this.z = z;
    this.redraw();
  }

  onMove(e) {
    if (!this.drag || !(e.buttons & 1)) return;
    const dx = e.clientX - this.drag.x,
      dy = e.clientY - this.drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) this.drag.moved = true;
    ((this.tx += dx), (this.ty += dy), (this.drag.x = e.clientX), (this.drag.y = e.clientY));
    this.redraw();
  }

  onUp(e) {
    const moved = this.drag?.moved;
    this.drag = null;
    if (moved) return;
    const r = this.canvas.getBoundingClientRect();
    const s = this.stateAt(e.clientX - r.left, e.clientY - r.top);
    if (s < 0) return;
    this.picked = s;
    this.redraw();
    this.onPick(s);
  }
}
