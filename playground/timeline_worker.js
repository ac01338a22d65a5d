// The worker's side of the debugger: time travel over the run's record (the library keeps it: the
// grid at any recorded step, exactly) and the breakpoints that Run and "to the end" pause at.
// The page shows a past step while the model stays at its live step; stepping forward from the past
// replays the record up to the live step, after which steps run live again.
export class Timeline {
  constructor() {
    this.viewing = null; // the past step shown, or null for the live run
    this.breakpoints = []; // [{line, rule}]
  }

  // A freshly loaded model: its runs are recorded from their start.
  attach(model) {
    this.viewing = null;
    model.setRecording(true);
  }

  // What every frame tells the page: the record's range (of the run's status), and the step shown if
  // it is a past one.
  info(status) {
    return { history: status.history, viewing: this.viewing };
  }

  // The frame of a past step: the grid from the record, drawn as the live frames are.
  pastFrame(model, iso) {
    const step = this.viewing;
    const g = model.gridAt(step);
    const message = {
      type: "frame",
      steps: step,
      finished: false,
      limit: 0,
      active: null,
      ...this.info(model.status()),
    };
    message.worked = model.nodeLineAt(step); // the node whose step led here
    Object.assign(message, { mx: g.mx, my: g.my, mz: g.mz, legend: g.legend });
    if (g.mz === 1 || iso) {
      const picture = g.mz === 1 ? model.renderAt(step, 1) : model.renderAt(step); // as the live frames
      Object.assign(message, { width: picture.width, height: picture.height, rgba: picture.rgba });
      return [message, [picture.rgba.buffer]];
    }
    Object.assign(message, { cells: g.cells, colors: model.colors() });
    return [message, [g.cells.buffer]];
  }

  // Shows `step` (clamped to the record); the live step goes back to the live run. False without a record.
  show(model, step) {
    const range = model.history;
    if (!range) return false;
    const at = Math.max(range.first, Math.min(range.last, step));
    this.viewing = at === range.last ? null : at;
    return true;
  }

  back(model) {
    const range = model.history;
    return !!range && this.show(model, (this.viewing ?? range.last) - 1);
  }

  // A Step while a past step is shown: the next recorded step (true), else nothing to replay (false).
  forward(model, count) {
    if (this.viewing === null) return false;
    return this.show(model, this.viewing + count);
  }

  // Back to the live run (Run, Next node, to the end); true when a past step was shown.
  goLive() {
    const past = this.viewing !== null;
    this.viewing = null;
    return past;
  }
}
