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

  // Marks the cells where `before` and `after` differ (cell values, x fastest).
  showChanges(mx, my, before, after) {
    const o = this.overlay.getContext("2d");
    o.clearRect(0, 0, mx, my);
    o.fillStyle = "rgba(255, 0, 255, 0.55)";
    let changed = 0;
    for (let i = 0; i < mx * my && before && after; i++)
      if (before[i] !== after[i]) (o.fillRect(i % mx, Math.floor(i / mx), 1, 1), changed++);
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
