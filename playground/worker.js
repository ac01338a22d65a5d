// The playground's worker: it owns the WebAssembly module and the model, so that a long run never
// freezes the page. Messages in: lists, check, load, run, end, pause, reset, step, next, key, inspect, export,
// gif... Out: lists, checked, loaded, frame (the grid drawn as mj draws it, or the cells of a 3D grid), error,
// said (a key refused), file.
import { loadMj } from "../faces/js/api.mjs";
import { pageLimits } from "./limits.js";
import { budget, frameMs, nextFrame, unpaced, waitingStepMs } from "./pace.js";
import { PastRun } from "./past_run.js";
import { Timeline } from "./timeline_worker.js";
import { Stillness, keyRefused } from "./worker_game.js";
import { PaintedRuns } from "./worker_painting.js";
import { Cutaway, cellsOf, failure as failureOf, predecessorsShown, recordedGif } from "./worker_files.js";
import { Resources } from "./worker_resources.js";

// Messages in the page's words: a setting is named by the control that changes it.
const settingNames = {
  size: "the size boxes",
  steps: "Pause",
  seed: "the seed box",
  pixelsize: "the pixel size",
  maxCells: "mj run --max-cells; a tab keeps to this page's limit: make the size boxes smaller",
  resources: "the corpus's resources",
  maxStates: "limit, which this page keeps small for a graph to read: make the size boxes smaller",
};
const mj = await loadMj({ settingNames });
const limits = pageLimits(mj);
const maxCells = limits.maxCells;
let model = null,
  running = false,
  stepsPerFrame = 1,
  toEnd = false; // "to the end": no pacing, a frame every pace.js's frameMs
// "record GIF": the step it began at, or null. Its GIF is made from the run's record when it stops: every
// step since (as mj run --gif draws a run, however few frames the page showed), at most limits.gifFrames.
let gifFrom = null;
// iso: 3D grids as mj's isometric picture (no WebGL on the page).
let iso = false;
// The debugger's views (overlay.js): while on, every frame carries the inspection of the node at `line`.
const views = { on: false, line: 0 };
const timeline = new Timeline(); // step back, scrub, breakpoints
let loadedAs = null; // [xml, options] of the live model: the past run replays it
// The grid runs start from (a predecessor the page picked), or null: the empty grid.
let startCells = null;
// While the page shows a state graph, every frame carries its grid's rows as the graph writes them (the
// page marks the run's state on the graph).
let withRows = false;
const pastRun = new PastRun(() => {
  const replay = mj.load(...loadedAs);
  brushes.constrain(replay);
  if (startCells) replay.startCells = startCells;
  return replay;
});
const brushes = new PaintedRuns(limits.freeCell); // the brushes' painting (worker_painting.js)
// Back-pressure: while the page has not drawn the last frame (it answers "drawn"), a running tick posts
// none (an unpaced run goes on, a paced one waits for the answer), so frames never queue up on the page.
// The frame of a run's end waits for it too (pending), unless another frame goes first.
const pressure = { undrawn: false, waiting: false, pending: null };

const post = (message, transfer = []) => self.postMessage(message, transfer);

const cutaway = new Cutaway(mj); // the 3D view's mesh (worker_files.js)
const failure = (e) => failureOf(e, model !== null);

const resources = new Resources(mj); // the corpus's files a model names, fetched once (worker_resources.js)

// The views' inspection (none when the chosen line no longer holds a node), the values' colours and
// the cells of a 2D grid (the goal view compares them with the goal).
function withInspection(message, at = model) {
  try {
    message.inspection = at.inspect(views.line);
  } catch {
    message.inspection = null;
  }
  message.valueColors = at.colors();
  if (message.inspection?.mz === 1) message.valueCells = at.grid().cells;
}

const stillness = new Stillness(); // a game's grid unchanged while it waits (worker_game.js)

function frame(extra = {}) {
  pressure.pending = null;
  const g = model.shape(); // the cells are copied only for the 3D view: a 2D frame sends mj's picture
  const status = model.status(); // where the run stands, in one call
  const message = {
    type: "frame",
    steps: status.steps,
    finished: status.ended,
    limit: status.atStepLimit ? status.stepLimit : 0,
    active: status.node,
    search: status.search,
    running, // a run goes on after this frame
    // what went wrong in the run without stopping it (a wfc that gave up: its grid is unfinished)
    runNotices: status.ended ? model.runNotices.map((n) => n.text) : [],
    refused: brushes.refused.map((e) => String(e.message ?? e)), // the painted layers the library refused
    inputs: model.inputs.length, // the keys the run was sent; all of them ([{step, key}]) once it stops
    ...(running ? {} : { inputList: model.inputs }),
    waiting: status.waiting, // the next step waits for a key
    ...(status.waiting ? { stillSince: stillness.at(model, status.steps) } : {}),
    ...timeline.info(status),
    ...g,
    ...extra,
  };
  const transfer = [];
  if (g.mz === 1 || iso) {
    // 2D: a pixel a cell, which the page scales; 3D: mj's isometric picture at the model's pixel size
    const picture = g.mz === 1 ? model.render(1) : model.render();
    ((message.width = picture.width), (message.height = picture.height));
    message.rgba = picture.rgba;
    transfer.push(picture.rgba.buffer);
  } else {
    message.cells = model.grid().cells;
    message.colors = model.colors();
    message.mesh = cutaway.mesh(message);
    transfer.push(message.cells.buffer);
  }
  if (extra.withTree) message.tree = model.nodeTree();
  if (views.on) withInspection(message);
  if (withRows) message.rows = mj.gridRows(model.grid());
  pressure.undrawn = true;
  post(message, transfer);
}

// The stretch of the run since the last frame shown: the step and the time it began at (null: none yet).
let stretch = null;
// Run, "to the end" and Pause each begin a turn: a slice scheduled in an earlier one does not run.
let turn = 0;
const later = (fn, pace, workedMs) => {
  const mine = turn;
  nextFrame(() => mine === turn && fn(), pace, workedMs);
};

// Runs a slice of work (pace.js: stepsPerFrame steps or 12 ms paced, sliceMs unpaced), and goes on. Paced,
// each slice shows a frame; unpaced, a frame once frameMs have passed, shown after the messages waiting
// (a Pause shows its own frame instead). The run stops at the end of the program or at the model's step
// limit, as mj run does.
function tick() {
  pressure.waiting = false;
  if (!running || !model) return;
  const started = performance.now();
  stretch ??= { steps: model.steps, at: started };
  let hit = null;
  try {
    if (model.status().waiting) model.step(1); // a step waiting for a key: one a waitingStepMs (below)
    const end = model.advance({
      ...budget({ toEnd, stepsPerFrame }),
      breakpoints: timeline.breakpoints,
      untilWaiting: true,
    });
    running = end === "stopped" && running;
    if (end === "breakpoint") hit = model.breakpointHit;
  } catch (e) {
    running = false;
    return post({ type: "error", ...failure(e) });
  }
  const pace = { toEnd, stepsPerFrame };
  const stretched = { taken: model.steps - stretch.steps, ms: performance.now() - stretch.at };
  if (!running) {
    // the run's end (or breakpoint): shown now, or once the page has drawn the frame before
    stretch = null;
    const last = () => frame({ ...stretched, withTree: true, breakpoint: hit });
    return pressure.undrawn ? void (pressure.pending = last) : last();
  }
  const show = () => ((stretch = null), frame({ ...stretched, withTree: false }));
  if (model.status().waiting) {
    // the run waits for a key: shown now, the next waiting step taken in real time
    const mine = turn;
    if (!pressure.undrawn) show();
    return void setTimeout(() => mine === turn && tick(), waitingStepMs);
  }
  if (!unpaced(pace)) {
    // the slice's steps are a frame: shown now, or as soon as the page has drawn the one before (never with
    // the next slice's steps added); "drawn" then goes on
    pressure.waiting = true;
    if (pressure.undrawn) pressure.pending = () => (show(), (pressure.waiting = true));
    else show();
  } else if (!pressure.undrawn && stretched.ms >= frameMs)
    later(() => (show(), tick()), pace); // unless a Pause came first
  else later(tick, pace, performance.now() - started);
}

// Run and "to the end" from the live step: a new turn, its first frame counted from here.
function go() {
  stretch = null;
  turn++;
  tick();
}

// A run begins again (its record too): a GIF being recorded begins with it.
function startRun(seed) {
  model.start(seed);
  if (gifFrom !== null) gifFrom = 0;
}

// Run, Next node and "to the end" go on from the live step: shown at once, even if the run has ended.
// True when a past step was shown (the live frame is shown again).
function goLive() {
  const past = timeline.goLive() && !!model;
  if (past) frame({ withTree: true });
  return past;
}

// The step the timeline shows: a past one from the record, or the live run's frame.
function showTimeline() {
  if (timeline.viewing === null) return frame({ withTree: true });
  try {
    const [message, transfer] = timeline.pastFrame(model, iso);
    if (message.cells) message.mesh = cutaway.mesh(message);
    // the views, the tree and its fired rules as the live run had them at that step (past_run.js)
    const { tree, before } = pastRun.trees(model.seed, timeline.viewing, model.inputs);
    Object.assign(message, { tree, treeBefore: before, active: pastRun.model.activeNode() });
    if (views.on) withInspection(message, pastRun.model);
    if (withRows) message.rows = mj.gridRows(model.gridAt(timeline.viewing));
    post(message, transfer);
  } catch (e) {
    post({ type: "error", ...failure(e) });
  }
}

const handlers = {
  drawn() {
    pressure.undrawn = false;
    if (pressure.pending) return pressure.pending();
    if (!pressure.waiting) return;
    pressure.waiting = false;
    tick();
  },
  lists({ corpus, own }) {
    post({ type: "lists", corpus: corpus ? mj.modelList(corpus) : [], own: own ? mj.modelList(own, "demo.xml") : [] });
  },
  // The editor's text as it is typed: its error, else what it writes that nothing reads (notices).
  async check({ xml, name, size, steps, entry, id }) {
    try {
      const checked = await resources.load(xml, { size, steps, name: `${name}.xml`, entry, maxCells });
      const notices = checked.notices.map((n) => n.text);
      checked.dispose();
      post({ type: "checked", id, error: null, notices });
    } catch (e) {
      post({ type: "checked", id, error: failure(e), notices: [] });
    }
  },
  // size: null for the entry's size (else the library's default), which the page then shows; steps:
  // a link's step limit, null for the entry's (else the library's). A size the library refuses (more cells
  // than maxCells) leaves the model loaded as it was (refusedSize: the page's size boxes go back to its size).
  async load({ xml, name, size, steps, seed, entry, isometric, backtrack, painting: given }) {
    running = false;
    pressure.pending = null; // the end of the run before, not to be shown as this model's
    const options = { size, steps, name: `${name}.xml`, entry, maxCells, backtrack };
    let loaded;
    try {
      loaded = await resources.load(xml, options);
    } catch (e) {
      const refusedSize = !!model && (e.setting === "size" || e.setting === "maxCells");
      if (!refusedSize) (model?.dispose(), (model = null), (cutaway.shown = null));
      return post({ type: "error", ...failure(e), refusedSize });
    }
    iso = isometric;
    model?.dispose();
    model = loaded;
    cutaway.shown = null;
    try {
      pastRun.reset();
      loadedAs = [xml, options];
      brushes.painting = given;
      startCells = null;
      startCells = brushes.paintOnto(model, seed);
      model.inspecting = views.on;
      timeline.attach(model);
      startRun(seed);
      const notices = model.notices.map((n) => n.text); // what the model writes that nothing reads
      const { legend } = model.shape();
      const legendOf = { legend, colors: model.colors() }; // the brushes' legend
      post({ type: "loaded", settings: model.settings, palette: model.palette(), notices, brushes: legendOf });
      frame({ withTree: true });
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
  },
  run({ speed }) {
    stepsPerFrame = speed;
    toEnd = false;
    // Run on a finished run: the same run again (from a past step of it: back to its end)
    const past = goLive();
    if (!model || (past && model.ended)) return;
    if (model.ended) startRun(model.seed);
    running = true;
    go();
  },
  // Runs to the end (or the step limit) as fast as it goes, showing a frame every pace.js's frameMs.
  end() {
    const past = goLive();
    if (!model || (past && model.ended)) return;
    if (model.ended) startRun(model.seed);
    toEnd = running = true;
    go();
  },
  // A key pressed on the grid of a model that takes keys (an <event> of the mj dialect): sent to the run, which
  // notes it with its step (a seed and its inputs replay a game exactly).
  // A past step on screen or a game over: the key is refused, said on the page (worker_game.js).
  key({ key }) {
    if (!model?.status().started) return;
    const refused = keyRefused(model, timeline.viewing, key);
    if (refused) post({ type: "said", text: refused });
    else model.send(key);
  },
  pause() {
    running = toEnd = false;
    stretch = null;
    turn++;
    if (model) frame({ withTree: true });
  },
  // Back to step 0 of the same seed.
  reset() {
    if (!model) return;
    running = toEnd = false;
    timeline.goLive();
    startRun(model.seed);
    frame({ withTree: true });
  },
  speed({ speed }) {
    stepsPerFrame = speed;
  },
  step({ count }) {
    if (!model) return;
    running = false;
    if (timeline.forward(model, count)) return showTimeline();
    const before = model.grid();
    try {
      const taken = model.step(count);
      frame({ taken, withTree: true, before: before.cells, after: model.grid().cells });
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
  },
  // Steps until another node runs (or the end).
  next() {
    if (!model) return;
    running = false;
    goLive();
    const before = { steps: model.steps, cells: model.grid().cells };
    try {
      model.nextNode({ ms: 2000 }); // a node that runs on and on stops after 2 s, as if paused
      frame({ taken: model.steps - before.steps, withTree: true, before: before.cells, after: model.grid().cells });
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
  },
  inspect({ on, line }) {
    Object.assign(views, { on, line });
    if (!model) return;
    model.inspecting = on;
    showTimeline(); // the step on screen, past or live
  },
  // The state graph (mj explore) of the editor's model, up to maxStates states (past them, the library's
  // failure, its setting in the page's words).
  // request: the page's number for it, sent back.
  async explore({ xml, name, size, steps, entry, maxStates, request }) {
    try {
      await resources.ensure(xml);
      const space = mj.explore(xml, { size, steps, name: `${name}.xml`, entry, maxCells, maxStates });
      post({ type: "explored", request, space });
    } catch (e) {
      post({ type: "explored", request, error: failure(e) });
    }
  },
  // The predecessors of the grid on screen (the live step's, or the past step's the timeline shows): every
  // grid that leads to it in one step of the program's rule node (mj explore --predecessors), the first
  // limits.predecessorsShown of them with their cells.
  // rows: the grid's rows as the state graph writes them ("BW/WB", layers apart by ' '), of: the page's
  // words for it; else the run's grid on screen.
  predecessors({ rows, of }) {
    if (!model) return;
    try {
      const run = timeline.viewing === null ? model.grid() : model.gridAt(timeline.viewing);
      const grid = rows === undefined ? run : { ...run, cells: cellsOf(rows, run.legend) };
      const found = mj.predecessors(loadedAs[0], grid, { ...loadedAs[1], maxStates: limits.maxPredecessors });
      const shown = { of: of ?? `step ${timeline.viewing ?? model.steps}`, colors: model.colors() };
      post({ type: "predecessors", ...predecessorsShown(found, grid, limits.predecessorsShown), ...shown });
    } catch (e) {
      post({ type: "predecessors", refused: failure(e) }); // said in the panel, which asked
    }
  },
  // Runs start from these cells (a predecessor picked; null: the empty grid): the run begins again there.
  startFrom({ cells }) {
    if (!model) return;
    running = toEnd = false;
    try {
      model.startCells = cells;
      startCells = cells;
      pastRun.reset();
      timeline.goLive();
      startRun(model.seed);
      frame({ withTree: true });
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
  },
  // The brushes' painting changed: the model is made again from its program with it (pins and a goal are
  // not taken back), its run begun again at step 0.
  paint({ painting: given }) {
    if (!model) return;
    running = toEnd = false;
    brushes.painting = given;
    const seed = model.seed;
    try {
      model.dispose();
      model = null;
      pastRun.reset();
      model = mj.load(...loadedAs);
      startCells = brushes.paintOnto(model, seed);
      model.inspecting = views.on;
      timeline.attach(model);
      startRun(seed);
      frame({ withTree: true });
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
  },
  // The cells of the step on screen, for the start brush.
  stepCells() {
    if (!model) return;
    const { mx, my, cells } = timeline.viewing === null ? model.grid() : model.gridAt(timeline.viewing);
    post({ type: "stepCells", mx, my, cells });
  },
  // The state graph is on screen (or no longer): frames carry their grid's rows.
  rows({ on }) {
    withRows = on;
    if (on && model && !running) showTimeline(); // marked at once (a run's next frame marks it anyway)
  },
  // The debugger: a step back, a step of the timeline, the breakpoints ([{line, rule}]).
  back() {
    if (!model) return;
    running = toEnd = false;
    if (timeline.back(model)) showTimeline();
  },
  scrub({ step }) {
    if (!model) return;
    running = toEnd = false;
    if (timeline.show(model, step)) showTimeline();
  },
  cut({ cut: given }) {
    cutaway.cut = given;
    if (cutaway.shown) post({ type: "mesh", mesh: cutaway.mesh(cutaway.shown) });
  },
  breakpoints({ list }) {
    timeline.breakpoints = list;
  },
  // On: from the step on screen; off: the GIF of the steps since.
  gif({ on }) {
    if (!model) return;
    if (on) return void (gifFrom = timeline.viewing ?? model.steps);
    if (gifFrom === null) return;
    try {
      post(recordedGif(model, gifFrom, limits.gifFrames));
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
    gifFrom = null;
  },
  // The grid on screen as a file: the live run's, a past step's (the run replayed to it: past_run.js), or
  // the state graph's state `rows` (a run of the model started from it, at its step 0).
  export({ what, rows }) {
    if (!model) return;
    let shown = model,
      made = null;
    try {
      if (rows !== undefined) {
        made = shown = mj.load(...loadedAs);
        made.startCells = cellsOf(rows, model.grid().legend);
        made.start(model.seed);
      } else if (timeline.viewing !== null) shown = pastRun.at(model.seed, timeline.viewing, model.inputs);
      // named as mj run names them (NAME_SEED, made safe), the state text as a file of its own
      if (what === "state") post({ type: "file", name: `${shown.outputStem}.txt`, text: shown.stateText() });
      else post({ type: "file", name: `${shown.outputStem}.${what}`, bytes: shown.file(what) });
    } catch (e) {
      post({ type: "error", ...failure(e) });
    } finally {
      made?.dispose();
    }
  },
};

// One message at a time, in order: a Run sent while a load still fetches resources waits for it.
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(async () => {
    try {
      await handlers[data.type]?.(data);
    } catch (e) {
      post({ type: "error", ...failure(e) });
    }
  });
};
post({ type: "ready", defaults: mj.defaults, freeCell: limits.freeCell });
