// The world view's canvas: an endless world you pan (drag) and zoom (wheel) across. The chunks that come
// into view are asked of the world's worker (WorldWorker: the page never waits), the nearest to the middle
// first, a few at a time, so that a pan or a zoom reorders what is still to come; each chunk is drawn into a
// picture of its own (a pixel a cell) kept while it is near the view, and dropped, here and in the worker,
// once it is far out of it.
const inFlight = 2; // chunks asked for at once: the worker makes one while the page takes the last
const keptScreens = 3; // chunks kept within this many views' widths of the middle (the rest dropped)
const mostInView = 4096; // chunks in view at the farthest zoom (small chunks zoom out less far)
export const zoomLimits = [0.25, 64]; // pixels a cell

// A colour 0xRRGGBB as the opaque pixel word of an ImageData (its bytes RGBA: a little-endian word ABGR).
const abgr = (rgb) => 0xff000000 | ((rgb & 0xff) << 16) | (rgb & 0xff00) | (rgb >> 16);

export class WorldView {
  // canvas: where the world is drawn; readout: the cell under the cursor; status: how many chunks in view are
  // still to come; moved(): the place changed; failed(error): a chunk the library did not make.
  constructor(canvas, { readout, status }, { moved, failed }) {
    Object.assign(this, { canvas, readout, status, moved, failed });
    this.place = { x: 0, y: 0, zoom: 3 }; // the cell at the canvas's middle, and pixels a cell
    this.world = null; // {worker, settings, generation, abgr (each value's pixel)}
    this.generation = 0; // a new world: chunks asked for by an older one are not kept
    this.chunks = new Map(); // "cx,cy" -> {picture, cells}
    this.asked = new Set(); // "cx,cy" asked of the worker, not yet come
    this.stats = { made: 0, dropped: 0, framesWhileMaking: 0, eventsWhileMaking: 0 };
    this.drawing = false;
    canvas.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    canvas.addEventListener("pointerdown", (e) => this.onDown(e));
    canvas.addEventListener("pointermove", (e) => this.onMove(e));
    canvas.addEventListener("pointerup", () => (this.drag = null));
    canvas.addEventListener("pointerleave", () => ((this.drag = null), (this.readout.textContent = "")));
    new ResizeObserver(() => this.redraw()).observe(canvas);
  }

  // Shows the world of `worker` (its settings the world's) from `place` ({x, y, zoom}); null: none.
  show(worker, place = this.place) {
    this.generation++;
    this.world = worker && { worker, settings: worker.settings, generation: this.generation };
    if (this.world) this.world.abgr = worker.settings.colors.map(abgr);
    this.chunks.clear();
    this.asked.clear();
    this.place = { ...this.place, ...place };
    this.place.zoom = this.clampZoom(this.place.zoom);
    this.redraw();
  }

  // A zoom within zoomLimits, and near enough that at most mostInView chunks are in view.
  clampZoom(zoom) {
    const c = this.world?.settings.chunk ?? 1;
    const area = this.canvas.clientWidth * this.canvas.clientHeight;
    return Math.min(zoomLimits[1], Math.max(zoomLimits[0], Math.sqrt(area / mostInView) / c, zoom));
  }

  // The cells' box in view, [x0, y0, x1, y1] (x1, y1 excluded).
  cellsInView() {
    const { x, y, zoom } = this.place;
    const w = this.canvas.clientWidth / zoom / 2,
      h = this.canvas.clientHeight / zoom / 2;
    return [Math.floor(x - w), Math.floor(y - h), Math.ceil(x + w), Math.ceil(y + h)];
  }

  // The chunks in view, the nearest to the middle first: [[cx, cy], ...].
  chunksInView() {
    const c = this.world.settings.chunk;
    const [x0, y0, x1, y1] = this.cellsInView();
    const list = [];
    for (let cy = Math.floor(y0 / c); cy * c < y1; cy++)
      for (let cx = Math.floor(x0 / c); cx * c < x1; cx++) list.push([cx, cy]);
    const far = ([cx, cy]) => Math.hypot((cx + 0.5) * c - this.place.x, (cy + 0.5) * c - this.place.y);
    return list.sort((a, b) => far(a) - far(b));
  }

  // Asks the worker for the nearest chunks in view not kept nor asked for, up to inFlight at once.
  ask() {
    if (!this.world) return;
    const { worker, settings, generation } = this.world;
    for (const [cx, cy] of this.chunksInView()) {
      if (this.asked.size >= inFlight) return;
      const key = `${cx},${cy}`;
      if (this.chunks.has(key) || this.asked.has(key)) continue;
      this.asked.add(key);
      const c = settings.chunk;
      worker.region(cx * c, cy * c, cx * c + c, cy * c + c).then(
        (region) => generation === this.generation && this.keep(key, region),
        (e) => generation === this.generation && this.refused(key, e),
      );
    }
  }

  // A chunk come from the worker: drawn into its picture, kept, shown.
  keep(key, { cells, width, height }) {
    this.asked.delete(key);
    const picture = new OffscreenCanvas(width, height);
    const image = new ImageData(width, height);
    const pixels = new Uint32Array(image.data.buffer);
    const colors = this.world.abgr;
    for (let i = 0; i < cells.length; i++) pixels[i] = colors[cells[i]];
    picture.getContext("2d").putImageData(image, 0, 0);
    this.chunks.set(key, { picture, cells });
    this.stats.made++;
    this.drop();
    this.redraw();
  }

  // A chunk the library could not make (a wfc with no collapse): kept as such, not asked for again, and said.
  refused(key, error) {
    this.asked.delete(key);
    this.chunks.set(key, { picture: null, cells: null });
    this.failed(error);
    this.redraw();
  }

  // Drops the chunks far out of view (and has the worker drop its own, but those the view needs).
  drop() {
    const c = this.world.settings.chunk;
    const reach = (keptScreens * Math.max(this.canvas.clientWidth, this.canvas.clientHeight)) / this.place.zoom;
    let dropped = 0;
    for (const key of this.chunks.keys()) {
      const [cx, cy] = key.split(",").map(Number);
      const far = Math.max(Math.abs((cx + 0.5) * c - this.place.x), Math.abs((cy + 0.5) * c - this.place.y));
      if (far > reach) (this.chunks.delete(key), dropped++);
    }
    if (!dropped) return;
    this.stats.dropped += dropped;
    this.world.worker.forget(this.cellsInView()).catch((e) => this.failed(e));
  }

  // The cells of chunk (cx, cy) when kept: {cells} as the worker made them, or null.
  chunkCells(cx, cy) {
    return this.chunks.get(`${cx},${cy}`)?.cells ?? null;
  }

  redraw() {
    if (this.drawing) return;
    this.drawing = true;
    requestAnimationFrame(() => {
      this.drawing = false;
      this.draw();
    });
  }

  draw() {
    if (this.asked.size) this.stats.framesWhileMaking++;
    const { canvas } = this;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    const g = canvas.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.imageSmoothingEnabled = false;
    g.fillStyle = "#222";
    g.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
    this.status.textContent = "";
    if (!this.world) return;
    const c = this.world.settings.chunk;
    let toCome = 0;
    for (const [cx, cy] of this.chunksInView()) {
      // whole pixels, so that neighbouring chunks meet without a seam of background between them
      const [sx, sy] = this.toScreen(cx * c, cy * c).map(Math.round);
      const [ex, ey] = this.toScreen(cx * c + c, cy * c + c).map(Math.round);
      const chunk = this.chunks.get(`${cx},${cy}`);
      if (chunk?.picture) g.drawImage(chunk.picture, sx, sy, ex - sx, ey - sy);
      else {
        g.strokeStyle = chunk ? "#a33" : "#444"; // refused, or still to come
        g.strokeRect(sx + 0.5, sy + 0.5, ex - sx - 1, ey - sy - 1);
        toCome += chunk ? 0 : 1;
      }
    }
    if (toCome) this.status.textContent = `${toCome} chunk${toCome === 1 ? "" : "s"} in view to come`;
    this.ask();
  }

  // A world cell's top left corner on the canvas (CSS pixels), and back.
  toScreen(x, y) {
    const { zoom } = this.place;
    return [
      (x - this.place.x) * zoom + this.canvas.clientWidth / 2,
      (y - this.place.y) * zoom + this.canvas.clientHeight / 2,
    ];
  }
  toWorld(sx, sy) {
    const { zoom } = this.place;
    return [
      this.place.x + (sx - this.canvas.clientWidth / 2) / zoom,
      this.place.y + (sy - this.canvas.clientHeight / 2) / zoom,
    ];
  }

  // An event the page handled while chunks were being made: the view never waits for them.
  handled() {
    if (this.asked.size) this.stats.eventsWhileMaking++;
  }

  // Zooms by `factor` keeping the cell under (sx, sy) where it is.
  zoomAt(sx, sy, factor) {
    const [wx, wy] = this.toWorld(sx, sy);
    const zoom = this.clampZoom(this.place.zoom * factor);
    this.place.x = wx - (sx - this.canvas.clientWidth / 2) / zoom;
    this.place.y = wy - (sy - this.canvas.clientHeight / 2) / zoom;
    this.place.zoom = zoom;
    this.changed();
  }

  changed() {
    this.handled();
    this.redraw();
    this.moved();
  }

  onWheel(e) {
    e.preventDefault();
    const rect = this.canvas.getBoundingClientRect();
    this.zoomAt(e.clientX - rect.left, e.clientY - rect.top, Math.exp(-e.deltaY / 300));
  }

  onDown(e) {
    if (e.button !== 0) return;
    this.canvas.setPointerCapture(e.pointerId);
    this.drag = { sx: e.clientX, sy: e.clientY, x: this.place.x, y: this.place.y };
  }

  onMove(e) {
    if (this.drag && e.buttons & 1) {
      this.place.x = this.drag.x - (e.clientX - this.drag.sx) / this.place.zoom;
      this.place.y = this.drag.y - (e.clientY - this.drag.sy) / this.place.zoom;
      this.changed();
    }
    const rect = this.canvas.getBoundingClientRect();
    const [x, y] = this.toWorld(e.clientX - rect.left, e.clientY - rect.top).map(Math.floor);
    this.readout.textContent = this.world ? `${x}, ${y}${this.symbolAt(x, y)}` : "";
  }

  // ": S" the symbol of cell (x, y), or "" while its chunk is not kept.
  symbolAt(x, y) {
    const c = this.world.settings.chunk;
    const cells = this.chunkCells(Math.floor(x / c), Math.floor(y / c));
    if (!cells) return "";
    const at = x - Math.floor(x / c) * c + (y - Math.floor(y / c) * c) * c;
    return `: ${this.world.settings.legend[cells[at]]}`;
  }
}
