// mj's JavaScript API, for browsers, workers and Node: load a MarkovJunior model from XML text, run
// or step it, read its grid, render it. Every run is the native mj's, cell for cell.
//
//   import { loadMj } from "./api.mjs";
//   const mj = await loadMj();
//   const model = mj.load(xml, { size: [60, 60] });   // or { entry } of mj.modelList(text): model.settings
//   model.run(1);                       // or model.start(1); model.step(10); model.advance({ ms: 12 });
//   const { mx, my, mz, legend, cells } = model.grid();
//   const { width, height, rgba } = model.render(4);
//   const world = mj.world(xml, { chunk: 16, seed: 7 });   // an endless world: world.region(x0, y0, x1, y1)
//   const far = await WorldWorker.open(xml, { chunk: 16 }); // the same, made in a worker: await far.region(...)
import createMj from "./mj.mjs";
import { MjError } from "./mj_error.mjs";

export { MjError };
export { WorldWorker } from "./world_worker.mjs";

// Every call into the module goes through here: a call that failed left its failure in the module,
// which becomes an MjError, or a RangeError when the library refused a value the caller gave (kind
// "argument", its setting named as MjError names it).
function call(module, target, method, ...args) {
  const result = target[method](...args);
  const failure = module.failure();
  if (failure?.kind === "argument") throw Object.assign(new RangeError(failure.text), { setting: failure.setting });
  if (failure) throw new MjError(failure);
  return result;
}

const isNode = typeof process !== "undefined" && !!process.versions?.node;

// Loads the WebAssembly module (once per call; a page keeps the one it gets). settingNames: a face's
// own words for the settings a message may ask to change ({size, steps, seed, pixelsize, maxCells,
// resources}; a page names its controls); by default the API's (size, steps, maxCells...).
export async function loadMj({ settingNames } = {}) {
  const options = {};
  if (isNode) {
    // emscripten 3.1.6's ES module reaches for CommonJS's require and __dirname under Node, and would
    // fetch() the wasm, which Node cannot do for a file: give it those, and the wasm read.
    const { createRequire } = await import("node:module");
    const { fileURLToPath } = await import("node:url");
    const { readFile } = await import("node:fs/promises");
    globalThis.require ??= createRequire(import.meta.url);
    globalThis.__dirname ??= fileURLToPath(new URL(".", import.meta.url));
    options.wasmBinary = await readFile(new URL("./mj.wasm", import.meta.url));
  }
  const module = await createMj(options);
  if (settingNames) module.setSettingNames(settingNames);
  return new Mj(module);
}

// The core's ints: a number that is not one is refused, never wrapped (`| 0` would run seed 2^32 + 5 as 5).
const INT_MIN = -(2 ** 31),
  INT_MAX = 2 ** 31 - 1;
function int32(name, value) {
  if (typeof value !== "number") throw new TypeError(`${name} must be a number, got ${typeof value}`);
  if (!Number.isInteger(value) || value < INT_MIN || value > INT_MAX)
    throw new RangeError(`${name} must be a whole number from ${INT_MIN} to ${INT_MAX}, got ${value}`);
  return value;
}
// A whole number, or undefined when not given (null or undefined): the library decides then.
const optionalInt = (name, value) => (value === undefined || value === null ? undefined : int32(name, value));
// A run's inputs as the library takes them: [{step, key}], each step checked (replay, replayTo).
function inputList(inputs) {
  if (typeof inputs?.[Symbol.iterator] !== "function")
    throw new TypeError(`inputs must be a list of {step, key}, got ${typeof inputs}`);
  return Array.from(inputs, (input, i) => ({ step: int32(`inputs[${i}].step`, input?.step), key: String(input?.key) }));
}

// size as the library's request (mj::set_sides says what it means and checks it): n (every side, as
// `mj run --size`), [mx, my] (a 2D grid) or [mx, my, mz]; none: the entry's size, else the library's default.
function gridSize(size) {
  if (size === undefined || size === null) return {};
  const sides = typeof size === "number" ? [size] : Array.from(size ?? []);
  return { sides: sides.map((side) => int32("size", side)) };
}

// What load() and explore() take, as the module reads it (faces/js/src/request.hpp).
function request({ size, maxCells = 0, colors = {}, entry = null, steps, pixelsize, backtrack = false }) {
  return {
    backtrack: Boolean(backtrack),
    ...gridSize(size),
    steps: optionalInt("steps", steps),
    pixelsize: optionalInt("pixelsize", pixelsize),
    maxCells: Number(maxCells),
    colors: colorTable(colors),
    entry,
  };
}

// colors: {symbol: 0xRRGGBB}, each an int (the library checks the symbol and the range).
function colorTable(colors) {
  return Object.fromEntries(Object.entries(colors).map(([symbol, rgb]) => [symbol, int32(`colors.${symbol}`, rgb)]));
}

class Mj {
  constructor(module) {
    this.module = module;
    this.resources = "/resources"; // in the module's file system
  }

  // A resource file (rules/NAME.png, samples/NAME.png, tilesets/NAME.xml, palette.xml...) that models read:
  // bytes a Uint8Array (or an ArrayBuffer, or text).
  addResource(path, bytes) {
    const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes);
    call(this.module, this.module, "addResource", this.resources, String(path), data);
  }

  // The library's defaults and bounds: {seed, outputFolder, steps, gifSteps, pixelsize, maxPixelsize, size2d,
  // size3d, historyBytes, progressMilliseconds, maxGifFrames, maxCells, freeCell, maxStates, chunk2d, chunk3d,
  // maxChunk}.
  get defaults() {
    return Object.freeze(this.module.defaults());
  }

  // The entries of a models.xml: [{name, line, mx, my, mz, steps, pixelsize, iso, seeds, colors}], and an entry's
  // pins and goal files (beside the list) when it names them.
  modelList(text, name = "models.xml") {
    return call(this.module, this.module, "modelList", String(text), String(name));
  }

  // Loads and checks a model; throws MjError with the line of any problem. The library decides what is
  // not given (model.settings): an entry of modelList() gives its size, steps, pixel size and colours.
  // steps: the step limit of its runs (0: none); pixelsize: its pictures' (1 to 64).
  load(xml, { name = "model.xml", ...options } = {}) {
    const model = new Model(this.module);
    try {
      model.call("load", String(xml), String(name), { ...request(options), resources: this.resources });
    } catch (e) {
      model.dispose();
      throw e;
    }
    return model;
  }

  // A world (docs/worlds.md): the model, a seed and a chunk size make an endless grid whose every cell is the
  // same however its regions are asked for. Options as load()'s (the model's steps, colours, pixel size; its
  // size is the world's to set) and the world's: seed, chunk (a chunk's side), margin (how far a chunk's run
  // reaches past its border) and seam (how many of those cells its earlier neighbours pin); each not given:
  // the library's default (world.settings). Throws the library's line as load() does (MjError, or RangeError
  // for what it calls a wrong argument): at the node no world can be made of, or for a setting out of range.
  world(xml, { name = "model.xml", seed, chunk, margin, seam, ...options } = {}) {
    const given = { ...request(options), resources: this.resources };
    const sizes = {
      seed: optionalInt("seed", seed),
      chunk: optionalInt("chunk", chunk),
      margin: optionalInt("margin", margin),
      seam: optionalInt("seam", seam),
    };
    const world = new World(this.module);
    try {
      world.call("load", String(xml), String(name), given, sizes);
    } catch (e) {
      world.dispose();
      throw e;
    }
    return world;
  }

  // The faces of a voxel grid ({mx, my, mz, cells} as grid() gives it; value 0 empty) as the glTF export
  // (glb()) meshes them: each value's faces where it meets empty space, merged into rectangles. Returns
  // {values (a Uint8Array, one per rectangle), corners (a Float32Array, 4 corners of x, y, z each, counter-
  // clockwise seen from outside), normals (x, y, z each)}, in grid coordinates (z up, a cell spans
  // [x, x + 1]); two triangles a rectangle.
  mesh({ mx, my, mz, cells }) {
    const sides = [int32("mx", mx), int32("my", my), int32("mz", mz)];
    const m = call(this.module, this.module, "mesh", ...sides, cells);
    return { values: m.values.slice(), corners: m.corners.slice(), normals: m.normals.slice() };
  }

  // A grid's rows as explore() writes a state's (its `grids`): symbols, '/' between rows, ' ' between layers.
  // grid: {mx, my, mz, legend, cells} as a model's grid() gives it.
  gridRows({ mx, my, mz, legend, cells }) {
    const sides = [int32("mx", mx), int32("my", my), int32("mz", mz)];
    return call(this.module, this.module, "gridRows", ...sides, String(legend), Uint8Array.from(cells ?? []));
  }

  // The state space of a small model (mj explore): every state its runs reach, each equally likely draw
  // of a `one` node a branch, and the exact probability of each way it ends. Options as load()'s, and
  // maxStates (more is an MjError of kind "limit"; not given: the library's limit). Returns {states, transitions, cyclic, unending, legend, colors (0xRRGGBB
  // per legend symbol), grids (each state's rows, '/' between rows), edges ([[to, probability]] per
  // state; state 0 the start), outcomes ([{state, probability, text}], the likeliest first), json}.
  explore(xml, { name = "model.xml", maxStates, ...options } = {}) {
    const limit = maxStates === undefined || maxStates === null ? null : Number(maxStates);
    const given = { ...request(options), resources: this.resources };
    return call(this.module, this.module, "explore", String(xml), String(name), given, limit);
  }

  // The predecessors of a grid (mj explore --predecessors): every grid other than it that leads to it in one
  // step of the program's rule node, found backward (a program of one rule node; else an MjError saying
  // why). grid: its cells ({cells} as grid() gives them, or the values, x fastest) at the model's size
  // (options as load()'s). Returns {predecessors: [state text, ...] ascending, cells: [Uint8Array, ...]}.
  predecessors(xml, grid, { name = "model.xml", maxStates, ...options } = {}) {
    const limit = maxStates === undefined || maxStates === null ? null : Number(maxStates);
    const given = { ...request(options), resources: this.resources };
    const cells = Uint8Array.from(grid?.cells ?? grid ?? []);
    return call(this.module, this.module, "predecessors", String(xml), String(name), given, cells, limit);
  }
}

class Model {
  constructor(module) {
    this.module = module;
    this.session = new module.Session();
  }

  call(method, ...args) {
    return call(this.module, this.session, method, ...args);
  }

  // Begins a run of `seed` whose step limit is `steps` (0: none), by default the model's (settings.seed: its
  // entry's first seed, as mj run runs it; settings.steps).
  start(seed, steps) {
    this.call("start", optionalInt("seed", seed), optionalInt("steps", steps));
  }
  // Runs from start() on begin from these cells (grid()'s {cells}, or the values, x fastest, at the model's
  // size) instead of the empty grid; null: from the empty grid again.
  set startCells(grid) {
    this.call("setStartCells", Uint8Array.from(grid?.cells ?? grid ?? []));
  }
  // Pins (docs/constraints.md): cells no node changes all run long, per cell of the grid the run ends on (the
  // start grid, grid()'s {cells} before a run; a wfc model's wfc grid), x fastest, a value or defaults.freeCell
  // (free); null: none. From the next start.
  setPins(cells) {
    this.call("setPins", Uint8Array.from(cells?.cells ?? cells ?? []));
  }
  // A goal: the cells the model's inference (<observe>) must end with, as setPins takes them (defaults.freeCell: free).
  setGoal(cells) {
    this.call("setGoal", Uint8Array.from(cells?.cells ?? cells ?? []));
  }
  // Up to `count` steps; returns the steps taken (fewer once the program ends).
  step(count = 1) {
    return this.call("step", int32("count", count));
  }
  // Sends an input (a key's name, "ArrowLeft") to the run: the next <event> of the mj dialect that runs
  // takes it. Time is counted in steps: a run's seed and its inputs ([{step, key}]) replay it exactly.
  send(key) {
    this.call("send", String(key));
  }
  // The run's inputs in the order sent: [{step, key}], each with the step it came at.
  get inputs() {
    return this.call("inputs");
  }
  // The run of `seed` again (its step limit `steps`, as start), each of `inputs` ([{step, key}], as `inputs`
  // gives them, in the order of their steps) sent when the run stands at its step, then on to its end or
  // limit: a recorded game's grids again. Returns the steps taken.
  replay(seed, inputs, steps) {
    return this.call("replay", int32("seed", seed), inputList(inputs), optionalInt("steps", steps));
  }
  // The run taken back `steps` steps (1), exactly: its seed run again to there, the inputs sent before that
  // step sent again at their steps (later ones dropped). step() and advance() then go on as the run went.
  back(steps = 1) {
    this.call("back", int32("steps", steps));
  }
  // The run of `seed` standing at `step`, each of `inputs` ([{step, key}]) at or before it sent at its step:
  // a past step of another model's run, on a model of its own (going on forward from where it stands when it can).
  replayTo(seed, step, inputs = []) {
    this.call("replayTo", int32("seed", seed), int32("step", step), inputList(inputs));
  }
  // What the library decided for this model: {name, size: [mx, my, mz], steps, pixelsize, iso, sizeFrom}.
  get settings() {
    return this.call("settings");
  }
  // What the model writes that no interpreter reads (a misspelt attribute, an element nothing reads where it
  // stands), in the order written: [{file, line, message, text}], text the line mj run prints on stderr
  // ("file:line: warning: message"). The model runs as if they were not there.
  get notices() {
    return this.call("notices");
  }
  // What went wrong in the current run without stopping it (a wfc that found no collapse: its grid is
  // unfinished), as notices are: [{file, line, message, text}].
  get runNotices() {
    return this.call("runNotices");
  }
  // Goes on with the run until it ends, reaches the run's step limit (settings.steps), takes `steps`
  // more steps (0: any number), has run for `ms` milliseconds (0: no time limit) or hits one of
  // `breakpoints` ([{line, rule}]: the node written on `line` when it begins to work, or with `rule`,
  // the rule of that rule node by its index as written, when it fires). Returns how it stopped:
  // "finished", "stepLimit", "stopped" or "breakpoint" (breakpointHit says which).
  // untilWaiting: stop ("stopped") before a step that waits for an input (an <event>, status().waiting).
  advance({ steps = 0, ms = 0, breakpoints = [], untilWaiting = false } = {}) {
    const list = breakpoints.map(({ line, rule = -1 }) => ({ line: int32("line", line), rule: int32("rule", rule) }));
    return this.call("advance", int32("steps", steps), Number(ms), list, Boolean(untilWaiting));
  }
  // {line, rule} (rule -1: the node) of the breakpoint at which the latest advance paused, or null.
  get breakpointHit() {
    return this.call("breakpointHit");
  }
  // Time travel: with recording on, every step from now on is kept (this run from its current step,
  // later runs from their start), so that gridAt and renderAt show any recorded step exactly.
  setRecording(on) {
    this.call("setRecording", Boolean(on));
  }
  // {first, last, bytes}: the steps the record holds and its memory, or null when not recording.
  get history() {
    return this.call("history");
  }
  // {mx, my, mz, legend, cells} after `step` steps, from the record (cells a copy).
  gridAt(step) {
    const g = this.call("gridAt", int32("step", step));
    return { mx: g.mx, my: g.my, mz: g.mz, legend: g.legend, cells: g.cells.slice() };
  }
  // The line of the node that worked in step `step` (from step - 1 to step), from the record; 0 when none did.
  nodeLineAt(step) {
    return this.call("nodeLineAt", int32("step", step));
  }
  // {width, height, rgba} of the grid after `step` steps, drawn as render() draws the current grid.
  renderAt(step, pixelsize) {
    const picture = this.call("renderAt", int32("step", step), optionalInt("pixelsize", pixelsize));
    return { width: picture.width, height: picture.height, rgba: picture.rgba.slice() };
  }
  // Steps until another node runs next, the run ends (or reaches settings.steps) or `ms` milliseconds
  // have passed (0: no time limit). Returns "nextNode", "finished", "stepLimit" or "stopped".
  nextNode({ ms = 0 } = {}) {
    return this.call("nextNode", Number(ms));
  }
  // The run has finished or reached its step limit.
  get ended() {
    return this.call("ended");
  }
  // Where the run stands, in one call: {started, seed, steps, stepLimit, finished, atStepLimit, ended,
  // waiting (the next step waits for an input: an <event> runs next and none is queued), node ({kind, line, depth} or null), search ({states, frontier, best} or null), history (or null)}.
  status() {
    return this.call("status");
  }
  // start(seed, steps), then steps until the end or the step limit (by default the model's seed and limit,
  // settings.seed and settings.steps, as mj run and Python take them; 0: no limit). Returns the steps taken. It ends on mj
  // run's grid (a wfc stopped mid-collapse shows nothing yet); while recording (setRecording), every
  // step is kept as mj run --gif draws it, and it ends on that GIF's last frame.
  run(seed, steps) {
    return this.call("run", optionalInt("seed", seed), optionalInt("steps", steps));
  }
  get steps() {
    return this.call("steps");
  }
  // The seed of the current (or last) run; 0 before the first.
  get seed() {
    return this.call("seed");
  }
  get finished() {
    return this.call("finished");
  }
  // {mx, my, mz, legend}: the current grid's size and symbols, without copying its cells.
  shape() {
    const { mx, my, mz, legend } = this.call("grid");
    return { mx, my, mz, legend };
  }
  // {mx, my, mz, legend, cells}: cells a Uint8Array of values, x fastest, then y, then z (a copy).
  grid() {
    const g = this.call("grid");
    return { mx: g.mx, my: g.my, mz: g.mz, legend: g.legend, cells: g.cells.slice() };
  }
  // {kind, line, depth} of the node that runs next, or null.
  activeNode() {
    return this.call("activeNode");
  }
  // {states, frontier, best} of a rule node's search (search="True") under way: it runs inside one step,
  // which advance() stops when its time is spent and goes on with next time; null when none is under way.
  searchProgress() {
    return this.call("searchProgress");
  }
  // The node tree: {kind, line, branch, running, current, counter, steps, children, rules: [{fired}]}.
  nodeTree() {
    return this.call("nodeTree");
  }
  // What the node written at `line` (default: the active one) computed to make its choices: fields'
  // potentials, observe's goal and potentials, a guided choice's candidates, wfc's wave (mj/inspect.hpp).
  inspect(line = 0) {
    return this.call("inspect", int32("line", line));
  }
  // While on, runs keep what only inspect() asks for: a guided one's candidates, wfc's failed collapses.
  set inspecting(on) {
    this.call("setInspecting", Boolean(on));
  }
  // {width, height, rgba}: the grid drawn as mj run draws it (3D: isometric cubes), rgba a copy; at
  // the model's pixel size (settings.pixelsize) unless given.
  render(pixelsize) {
    const picture = this.call("render", optionalInt("pixelsize", pixelsize));
    return { width: picture.width, height: picture.height, rgba: picture.rgba.slice() };
  }
  // The grid as `mj run --state` writes it: "NAME FX FY FZ SEED STEPS", the legend, a row of symbols per
  // line; NAME the model's (settings.name) unless given.
  stateText(name) {
    return this.call("stateText", name === undefined ? undefined : String(name));
  }
  // "NAME_SEED" of the current run, safe as a file name: what mj run calls its files.
  get outputStem() {
    return this.call("outputStem");
  }
  // The colour of each value of the current grid, 0xRRGGBB.
  colors() {
    return this.call("colors");
  }
  // The palette the model is drawn with, {symbol: 0xRRGGBB}: every symbol's colour, used or not.
  palette() {
    return this.call("palette");
  }
  // The file mj writes for `extension`, as bytes: "png" (3D: isometric), "vox", "glb" (a glTF 2.0
  // mesh), "tmj" (Tiled), "gif" (the run again, animated) or "txt" (the state text). The pixel size
  // is the model's (settings.pixelsize) unless given.
  file(extension, pixelsize) {
    return this.call("file", String(extension), optionalInt("pixelsize", pixelsize)).slice();
  }
  // The picture `mj run` writes for the run, {name, bytes}: NAME_SEED.png, or .vox for a 3D grid
  // unless the settings say iso.
  pictureFile() {
    const { name, bytes } = this.call("pictureFile");
    return { name, bytes: bytes.slice() };
  }
  png(pixelsize) {
    return this.file("png", pixelsize);
  }
  vox() {
    return this.file("vox");
  }
  // The grid as a glTF 2.0 binary mesh (.glb) for game engines: value 0 empty, a material per value.
  glb() {
    return this.file("glb");
  }
  // The page's GIF: a frame of the grid as it is at each gifFrame(pixelsize), then gifFinish()'s bytes.
  gifFrame(pixelsize) {
    this.call("gifFrame", optionalInt("pixelsize", pixelsize));
  }
  gifFinish() {
    return this.call("gifFinish").slice();
  }
  // The recorded steps `from` to `to` (by default the record's first and last) as an animated GIF, drawn
  // as `mj run --gif` draws a run: a frame every `every` steps (counted from the run's start) and at `to`,
  // so that the record of a whole run gives the GIF mj run --gif writes for it. The pixel size is the
  // model's (settings.pixelsize) unless given.
  historyGif({ from, to, every = 1, pixelsize } = {}) {
    const range = [optionalInt("from", from), optionalInt("to", to)];
    return this.call("historyGif", ...range, int32("every", every), optionalInt("pixelsize", pixelsize)).slice();
  }
  // Frees the model's memory in the module (JavaScript's collector does not see it).
  dispose() {
    this.session.delete();
  }
}

// A whole number of cells or chunks (within 2^53; the library bounds a world's places).
function place(name, value) {
  if (typeof value !== "number") throw new TypeError(`${name} must be a number, got ${typeof value}`);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number, got ${value}`);
  return value;
}
// A region as the module takes it, [x0, y0, z0, x1, y1, z1], from x0, y0, x1, y1 (2D: z from 0 to 1) or
// x0, y0, z0, x1, y1, z1 (x1, y1, z1 excluded).
function box(corners) {
  if (corners.length !== 4 && corners.length !== 6)
    throw new TypeError(`a region is x0, y0, x1, y1 or x0, y0, z0, x1, y1, z1, got ${corners.length} numbers`);
  const names = corners.length === 4 ? ["x0", "y0", "x1", "y1"] : ["x0", "y0", "z0", "x1", "y1", "z1"];
  corners.forEach((value, i) => place(names[i], value));
  const [x0, y0, x1, y1] = corners;
  return corners.length === 4 ? [x0, y0, 0, x1, y1, 1] : [...corners];
}
// A chunk's place, [x, y] or [x, y, z], as the module takes it: [x, y, z].
function chunkPlace(c) {
  const [x, y, z = 0] = Array.from(c ?? []);
  return [place("chunk x", x), place("chunk y", y), place("chunk z", z)];
}

// A world: an endless grid, made chunk by chunk on demand (mj.world makes one). It keeps the chunks it made
// for later regions until forget(). WorldWorker makes the same in a worker, so that a caller never waits.
export class World {
  constructor(module) {
    this.module = module;
    this.session = new module.WorldSession();
  }

  call(method, ...args) {
    return call(this.module, this.session, method, ...args);
  }

  // What the library decided: {seed, dimension, chunk, margin, seam, unit (what chunk, margin and seam are
  // multiples of: a tile model's tile), legend (value -> symbol), name, colors (0xRRGGBB per value), run (the
  // model's settings at a chunk run's size, as a Model's settings)}.
  get settings() {
    return this.call("settings");
  }
  // The cells from (x0, y0) to (x1, y1) excluded, or (x0, y0, z0) to (x1, y1, z1) in a 3D world; coordinates
  // may be negative. Returns {cells (a Uint8Array of values, x fastest, then y, then z), width, height, depth,
  // legend}, as a Model's grid() is. More cells than the library's maxCells is a RangeError.
  region(...corners) {
    const b = box(corners);
    const cells = this.call("region", b);
    return { cells, width: b[3] - b[0], height: b[4] - b[1], depth: b[5] - b[2], legend: this.settings.legend };
  }
  // The chunks whose cells chunk `c` ([x, y] or [x, y, z]) pins, in the order runChunk takes them.
  needs(c) {
    return this.call("needs", chunkPlace(c));
  }
  // Every chunk a region (as region() takes it) needs, its own and those they need, dependencies first.
  chunksFor(...corners) {
    return this.call("chunksFor", box(corners));
  }
  // Chunk `c`'s cells (chunk^d values, x fastest) from the cells of needs(c) (Uint8Arrays, in that order): the
  // same in any process that makes the same world, as a scheduler of its own runs them.
  runChunk(c, needed) {
    return this.call(
      "runChunk",
      chunkPlace(c),
      Array.from(needed ?? [], (cells) => Uint8Array.from(cells)),
    );
  }
  // Drops the chunks kept, but those the region `keep` ([x0, y0, x1, y1] or the 3D six) needs.
  forget(keep) {
    this.call("forget", keep === undefined || keep === null ? null : box(Array.from(keep)));
  }
  // The region ([x0, y0, x1, y1], or the 3D six) as the library's save_region writes it, as bytes: "png" (2D,
  // `pixelsize` pixels a cell; not given: the model's) or "txt" (the state text).
  file(extension, corners, pixelsize) {
    const b = box(Array.from(corners ?? []));
    return this.call("file", b, String(extension), optionalInt("pixelsize", pixelsize));
  }
  // Frees the world's memory in the module.
  dispose() {
    this.session.delete();
  }
}
