// Zoom and pan of the 2D view, and the readout of the cell under the cursor. The wheel zooms about the
// cursor, a drag pans, a double click fits the grid again; the stage (the grid, the changes and the
// views' canvases together) is moved by one CSS transform, so the pictures are never redrawn for it.
export class Zoom2D {
  // stage: the element holding the canvases; grid: the grid's canvas (its pixels are the cells, or the
  // picture mj draws); readout: where the cell under the cursor is said; describe(x, y): its words.
  constructor(stage, grid, readout, describe) {
    Object.assign(this, { stage, grid, readout, describe, z: 1, tx: 0, ty: 0 });
    stage.style.transformOrigin = "0 0";
    const area = stage.parentElement;
    area.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    area.addEventListener("pointerdown", (e) => this.onDown(e));
    area.addEventListener("pointermove", (e) => this.onMove(e));
    area.addEventListener("pointerup", () => (this.drag = null));
    area.addEventListener("pointerleave", () => ((this.drag = null), (this.readout.textContent = "")));
    area.addEventListener("dblclick", () => this.fit());
  }

  apply() {
    this.stage.style.transform = `translate(${this.tx}px, ${this.ty}px) scale(${this.z})`;
  }

  fit() {
    Object.assign(this, { z: 1, tx: 0, ty: 0 });
    this.apply();
  }

  // Zooms by `factor` keeping the point (sx, sy) of the screen where it is.
  zoomAt(sx, sy, factor) {
    const rect = this.stage.getBoundingClientRect();
    const left = rect.left - this.tx,
      top = rect.top - this.ty; // the stage's place before the transform
    const z = Math.min(256, Math.max(1, this.z * factor));
    const lx = (sx - rect.left) / this.z,
      ly = (sy - rect.top) / this.z;
    Object.assign(this, { tx: sx - left - z * lx, ty: sy - top - z * ly, z });
    if (z === 1) Object.assign(this, { tx: 0, ty: 0 });
    this.apply();
  }

  onWheel(e) {
    if (this.stage.style.display === "none" || !e.target.closest?.("#stage2d")) return;
    e.preventDefault();
    this.zoomAt(e.clientX, e.clientY, Math.exp(-e.deltaY / 300));
  }

  onDown(e) {
    if (e.button !== 0 || !e.target.closest?.("#stage2d")) return;
    this.drag = { x: e.clientX - this.tx, y: e.clientY - this.ty };
  }

  onMove(e) {
    if (this.drag && e.buttons & 1) {
      Object.assign(this, { tx: e.clientX - this.drag.x, ty: e.clientY - this.drag.y });
      this.apply();
    }
    const cell = this.cellAt(e.clientX, e.clientY);
    this.readout.textContent = cell ? this.describe(cell.x, cell.y) : "";
  }

  // The grid's pixel under the screen point (the canvas keeps its aspect: object-fit contain), or null.
  cellAt(sx, sy) {
    const rect = this.grid.getBoundingClientRect();
    const w = this.grid.width,
      h = this.grid.height;
    if (!w || !h) return null;
    const scale = Math.min(rect.width / w, rect.height / h);
    const x = Math.floor((sx - rect.left - (rect.width - w * scale) / 2) / scale);
    const y = Math.floor((sy - rect.top - (rect.height - h * scale) / 2) / scale);
    return x >= 0 && y >= 0 && x < w && y < h ? { x, y } : null;
  }
}
