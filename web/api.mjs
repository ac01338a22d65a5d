// mj's JavaScript API, for browsers, workers and Node: load a MarkovJunior model from XML text, run
// or step it, read its grid, render it. Every run is the native mj's, cell for cell.
//
//   import { loadMj } from "./api.mjs";
//   const mj = await loadMj();
//   const model = mj.load(xml, { size: [60, 60] });   // or { entry } of mj.modelList(text): model.settings
//   model.run(1);                       // or model.start(1); model.step(10); model.advance({ ms: 12 });
//   const { mx, my, mz, legend, cells } = model.grid();
//   const { width, height, rgba } = model.render(4);
import createMj from "./mj.mjs";

// A problem in a model, a resource or a setting: where it is and what. The module words it (`text`
// is the library's "file:line: detail"); this only carries it.
export class MjError extends Error {
  constructor({ file = "", line = 0, detail = "", text = detail }) {
    super(text);
    this.name = "MjError";
    this.file = file;
    this.line = line;
    this.detail = detail;
  }
}

// Every call into the module goes through here: a call that failed left its failure in the module,
// which becomes an MjError.
function call(module, target, method, ...args) {
  const result = target[method](...args);
  const failure = module.failure();
  if (failure) throw new MjError(failure);
  return result;
}

const isNode = typeof process !== "undefined" && !!process.versions?.node;

// Loads the WebAssembly module (once per call; a page keeps the one it gets). settingNames: a face's
// own words for the settings a message may ask to change ({size, steps, seed, pixelsize, maxCells,
// resources}; a page names its controls); by default the API's (size, maxSteps, maxCells...).
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

// size as the library's request: n (every side, as `mj run --size`: n x n, or n x n x n for a 3D
// model), [mx, my] (2D) or [mx, my, mz]; none: the entry's size, else the library's default.
function gridSize(size) {
  if (size === undefined || size === null) return {};
  const sides = typeof size === "number" ? [size] : Array.from(size);
  if (sides.length === 2) sides.push(1);
  if (![1, 3].includes(sides.length) || !sides.every(Number.isInteger))
    throw new TypeError(`size is n, [mx, my] or [mx, my, mz], got ${size}`);
  if (Math.min(...sides) < 1) throw new RangeError(`size: every side must be a positive number of cells, got ${size}`);
  if (Math.max(...sides) > INT_MAX) throw new RangeError(`size: every side must be at most ${INT_MAX}, got ${size}`);
  return sides.length === 1 ? { size: sides[0] } : { length: sides[0], width: sides[1], height: sides[2] };
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

  // The entries of a models.xml: [{name, line, mx, my, mz, steps, pixelsize, iso, seeds, colors}].
  modelList(text, name = "models.xml") {
    return call(this.module, this.module, "modelList", String(text), String(name));
  }

  // Loads and checks a model; throws MjError with the line of any problem. The library decides what is
  // not given (model.settings): an entry of modelList() gives its size, steps, pixel size and colours.
  load(xml, { size, name = "model.xml", maxCells = 0, colors = {}, entry = null } = {}) {
    const options = { ...gridSize(size), maxCells: Number(maxCells), colors: colorTable(colors), entry };
    const model = new Model(this.module);
    try {
      model.call("load", String(xml), String(name), { ...options, resources: this.resources });
    } catch (e) {
      model.dispose();
      throw e;
    }
    return model;
  }

  // The state space of a small model (mj explore): every state its runs reach, each equally likely draw
  // of a `one` node a branch, and the exact probability of each way it ends. Options as load()'s, and
  // maxStates (more is an MjError). Returns {states, transitions, cyclic, unending, legend, colors (0xRRGGBB
  // per legend symbol), grids (each state's rows, '/' between rows), edges ([[to, probability]] per
  // state; state 0 the start), outcomes ([{state, probability, text}], the likeliest first), json}.
  explore(xml, { size, name = "model.xml", maxCells = 0, colors = {}, entry = null, maxStates = 1000000 } = {}) {
    const options = { ...gridSize(size), maxCells: Number(maxCells), colors: colorTable(colors), entry };
    if (!Number.isInteger(maxStates) || maxStates < 1)
      throw new RangeError(`maxStates must be a positive whole number, got ${maxStates}`);
    return call(
      this.module,
      this.module,
      "explore",
      String(xml),
      String(name),
      {
        ...options,
        resources: this.resources,
      },
      maxStates,
    );
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

  start(seed) {
    this.call("start", int32("seed", seed));
  }
  // Up to `count` steps; returns the steps taken (fewer once the program ends).
  step(count = 1) {
    return this.call("step", int32("count", count));
  }
  // What the library decided for this model: {name, size: [mx, my, mz], steps, pixelsize, iso, sizeFrom}.
  get settings() {
    return this.call("settings");
  }
  // Goes on with the run until it ends, reaches the model's step limit (settings.steps), takes `steps`
  // more steps (0: any number), has run for `ms` milliseconds (0: no time limit) or hits one of
  // `breakpoints` ([{line, rule}]: the node written on `line` when it begins to work, or with `rule`,
  // the rule of that rule node by its index as written, when it fires). Returns how it stopped:
  // "finished", "stepLimit", "stopped" or "breakpoint" (breakpointHit says which).
  advance({ steps = 0, ms = 0, breakpoints = [] } = {}) {
    const list = breakpoints.map(({ line, rule = -1 }) => ({ line: int32("line", line), rule: int32("rule", rule) }));
    return this.call("advance", int32("steps", steps), Number(ms), list);
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
  renderAt(step, pixelsize = this.settings.pixelsize) {
    const picture = this.call("renderAt", int32("step", step), int32("pixelsize", pixelsize));
    return { width: picture.width, height: picture.height, rgba: picture.rgba.slice() };
  }
  // Steps until another node runs next, the run ends (or reaches settings.steps) or `ms` milliseconds
  // have passed (0: no time limit). Returns "nextNode", "finished", "stepLimit" or "stopped".
  nextNode({ ms = 0 } = {}) {
    return this.call("nextNode", Number(ms));
  }
  // The run has finished or reached the model's step limit.
  get ended() {
    return this.call("ended");
  }
  // start(seed), then steps until the end or `maxSteps`: by default the model's step limit (settings.steps,
  // as mj run and Python take it), <= 0: none. Returns the steps taken.
  run(seed, maxSteps = this.settings.steps) {
    return this.call("run", int32("seed", seed), int32("maxSteps", maxSteps));
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
  // {width, height, rgba}: the grid drawn as mj run draws it (3D: isometric cubes), rgba a copy.
  render(pixelsize = this.settings.pixelsize) {
    const picture = this.call("render", int32("pixelsize", pixelsize));
    return { width: picture.width, height: picture.height, rgba: picture.rgba.slice() };
  }
  // The grid as `mj run --state` writes it: "NAME FX FY FZ SEED STEPS", the legend, a row of symbols per line.
  stateText(name = "model") {
    return this.call("stateText", String(name));
  }
  // The colour of each value of the current grid, 0xRRGGBB.
  colors() {
    return this.call("colors");
  }
  // The palette the model is drawn with, {symbol: 0xRRGGBB}: every symbol's colour, used or not.
  palette() {
    return this.call("palette");
  }
  // The files mj writes, as bytes: png(pixelsize) (3D: isometric), vox(), and an animated GIF made
  // by gifFrame(pixelsize) after the steps to show and gifFinish(). The pixel size is the model's
  // (settings.pixelsize) unless given.
  png(pixelsize = this.settings.pixelsize) {
    return this.call("png", int32("pixelsize", pixelsize)).slice();
  }
  vox() {
    return this.call("vox").slice();
  }
  // The grid as a glTF 2.0 binary mesh (.glb) for game engines: value 0 empty, a material per value.
  glb() {
    return this.call("glb").slice();
  }
  gifFrame(pixelsize = this.settings.pixelsize) {
    this.call("gifFrame", int32("pixelsize", pixelsize));
  }
  gifFinish() {
    return this.call("gifFinish").slice();
  }
  // Frees the model's memory in the module (JavaScript's collector does not see it).
  dispose() {
    this.session.delete();
  }
}
