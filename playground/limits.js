// The page's limits, each named once here: the library's own (mj.defaults) where the page takes
// them as they are, else the page's stricter bound and why a tab needs it.
export function pageLimits(mj) {
  return {
    // A grid's cells: the library allows mj.defaults.maxCells; a tab holds a run's record, its frames'
    // copies and the brushes' layers besides, so the page allows 4096x4096 (or 256^3): a link's or a
    // mistyped size can not take the tab's memory.
    maxCells: Math.min(mj.defaults.maxCells, 2 ** 24),
    // A GIF's frames: the library's bound (mj.defaults.maxGifFrames) makes a file of gigabytes in a tab for
    // a long run; the page draws a frame every few steps past this many, so that the file stays one to keep
    // and its making takes a few seconds.
    gifFrames: Math.min(mj.defaults.maxGifFrames, 1000),
    // The predecessors (mj explore --predecessors) the page lists as pictures; the library's search stops
    // past maxPredecessors (the count says how many it found).
    predecessorsShown: 200,
    maxPredecessors: 100000,
    // A cell a painting leaves free (pins, goal, start grid): the library's value.
    freeCell: mj.defaults.freeCell,
  };
}

// The states of a state graph the page draws: past them the library refuses the graph (in the page's words:
// worker.js's settingNames), as a graph of more is no longer one to read.
export const MAX_GRAPH_STATES = 5000;

// The brushes' undo list (brush.js): the paintings before the latest strokes, at most this many and this many
// cells in all (a stroke on a large grid keeps a copy of each painted layer: the oldest go first).
export const UNDO = { strokes: 200, cells: 2 ** 26 };
