// The 2D view: the grid as mj draws it at one pixel per cell, scaled by CSS without smoothing (crisp
// at any zoom), with the cells the last step changed outlined on an overlay when paused.
export class View2D {
  constructor(canvas, overlay) {
    this.canvas = canvas;
    this.overlay = overlay;
    this.context = canvas.getContext("2d");
  }

  draw({ mx, my, rgba }) {
    if (this.canvas.width !== mx || this.canvas.height !== my) {
      this.canvas.width = this.overlay.width = mx;
      this.canvas.height = this.overlay.height = my;
    }
    this.context.putImageData(
      new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, mx * my * 4), mx, my),
      0,
      0,
    );
    this.clearChanges();
  }

  // Marks the cells where `before` and `after` differ (cell values, x fastest): a pixel a cell in one
  // putImageData (a fillRect a cell took 300 ms when a step changed every cell of 401x401).
  showChanges(mx, my, before, after) {
    if (this.changes?.width !== mx || this.changes.height !== my) this.changes = new ImageData(mx, my);
    const pixels = new Uint32Array(this.changes.data.buffer);
    const mark = 0x8cff00ff; // rgba(255, 0, 255, 0.55) as the canvas's bytes read in a Uint32Array
    let changed = 0;
    for (let i = 0; i < mx * my; i++) {
      const differs = before && after && before[i] !== after[i];
      pixels[i] = differs ? mark : 0;
      changed += differs ? 1 : 0;
    }
    this.overlay.getContext("2d").putImageData(this.changes, 0, 0);
    return changed;
  }

  clearChanges() {
    this.overlay.getContext("2d").clearRect(0, 0, this.overlay.width, this.overlay.height);
  }

  // The drawn pixels, RGBA (for tests and exports).
  pixels() {
    return this.context.getImageData(0, 0, this.canvas.width, this.canvas.height).data;
  }
}
