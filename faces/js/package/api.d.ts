// Types of mj's JavaScript API (api.mjs), written by hand beside it: a change to one is a change to both
// (faces/js/tests/package.mjs compiles a consumer against these with tsc).

/**
 * A problem in a model, a resource, a file or a limit: where it is and what. `message` is "file:line: detail".
 * A value the library refuses (a side of 0, steps below 0...) is a RangeError with its `setting` instead.
 */
export class MjError extends Error {
  readonly name: "MjError";
  /** What went wrong, as the library says: a problem in the model, a missing file, a file that cannot be read or written, a limit reached... */
  readonly kind: "model" | "missing_file" | "io" | "limit" | "memory" | "internal";
  /** The setting that would fix it, by its key in SettingNames, or null. */
  readonly setting: keyof SettingNames | null;
  /** The model's name as given to load() (or the resource's), "" when the problem is in no file. */
  readonly file: string;
  /** The line in `file`, 0 when unknown. */
  readonly line: number;
  /** The message without its place. */
  readonly detail: string;
}

/** A face's words for the settings a message may ask to change (a page names its controls). */
export interface SettingNames {
  size?: string;
  steps?: string;
  seed?: string;
  pixelsize?: string;
  maxCells?: string;
  resources?: string;
  workers?: string;
  maxStates?: string;
}

/** Loads the WebAssembly module; messages name settings in `settingNames`' words (by default the API's). */
export function loadMj(options?: { settingNames?: SettingNames }): Promise<Mj>;

/** An entry of a models.xml, as mj reads it. */
export interface ModelEntry {
  name: string;
  line: number;
  mx: number;
  my: number;
  mz: number;
  /** The step limit; <= 0: none. */
  steps: number;
  pixelsize: number;
  /** 3D pictures as isometric PNG rather than VOX. */
  iso: boolean;
  seeds: number[];
  /** Symbol -> 0xRRGGBB over the palette. */
  colors: Record<string, number>;
  /** The entry's pins picture (pins="FILE"), relative to the list's folder: not read for you. */
  pins?: string;
  /** The entry's goal picture (goal="FILE"), the same way. */
  goal?: string;
}

/** n: every side, as `mj run --size` (n x n, or n x n x n for a 3D model); [mx, my] (a 2D grid) or [mx, my, mz]. */
export type Size = number | [number, number] | [number, number, number];

export interface LoadOptions {
  /** The grid's size; without it the entry's, else mj's default size. */
  size?: Size;
  /** The step limit of its runs; 0: none; without it the entry's, else mj's. */
  steps?: number;
  /** Pixels per cell of its pictures (1 to 64); without it the entry's, else mj's. */
  pixelsize?: number;
  /** The model's name in messages and state texts ("model.xml"). */
  name?: string;
  /** The largest grid in cells, also for grids that map and wfc make; <= 0: Defaults.maxCells. */
  maxCells?: number;
  /** Symbol -> 0xRRGGBB, over the palette and the entry's colours. */
  colors?: Record<string, number>;
  /** The model's entry of a models.xml (from modelList): its size, steps, pixel size and colours. */
  entry?: ModelEntry | null;
  /** Every wfc undoes its latest choices on a contradiction instead of starting over (mj run --backtrack). */
  backtrack?: boolean;
}

/** What the library decided for a loaded model. */
export interface Settings {
  name: string;
  size: [number, number, number];
  /** The step limit of its runs; <= 0: none. */
  steps: number;
  /** The seed of a run given none: its entry's first listed seed (as mj run), else the library's default. */
  seed: number;
  pixelsize: number;
  iso: boolean;
  /** Every wfc backtracks (LoadOptions.backtrack). */
  backtrack: boolean;
  /** Where the size came from: "given", "its entry" or "default size". */
  sizeFrom: string;
}

/** Something a model writes that no interpreter reads (a misspelt attribute, an element nothing reads where it stands). */
export interface Notice {
  file: string;
  line: number;
  message: string;
  /** "file:line: warning: message", the line mj run prints on stderr. */
  text: string;
}

/** How advance() stopped: the program ended, the model's step limit, its steps or time were spent, or a breakpoint. */
export type RunEnd = "finished" | "stepLimit" | "stopped" | "breakpoint";

/**
 * Where a run pauses: the node written on `line` of the model when it begins to work, or with `rule`
 * (>= 0), that rule of the rule node (its index as written) whenever it fires.
 */
export interface Breakpoint {
  line: number;
  /** -1 or absent: the node itself. */
  rule?: number;
}

/** The steps a run's record holds (first to last) and its memory in bytes. */
export interface HistoryRange {
  first: number;
  last: number;
  bytes: number;
}

export interface Shape {
  mx: number;
  my: number;
  mz: number;
  /** Value index -> symbol. */
  legend: string;
}

export interface Grid extends Shape {
  /** mx * my * mz values, x fastest, then y, then z (a copy). */
  cells: Uint8Array;
}

/** The glTF export's rectangles of a voxel grid, in grid coordinates (z up, a cell spans [x, x + 1]). */
export interface Mesh {
  /** The value of each rectangle. */
  values: Uint8Array;
  /** 4 corners (x, y, z) a rectangle, counter-clockwise seen from outside. */
  corners: Float32Array;
  /** The direction (x, y, z) each rectangle faces. */
  normals: Float32Array;
}

export interface Picture {
  width: number;
  height: number;
  /** width * height RGBA pixels, for an ImageData (a copy). */
  rgba: Uint8Array;
}

/** A value's potential over the node's grid, a cell per entry (x fastest), -1 where unreachable. */
export interface Potential {
  value: number;
  cells: Int32Array;
}

/** A match a guided `one` node weighed in its latest step. */
export interface Candidate {
  /** Index into the node's rules (with their symmetric images). */
  rule: number;
  x: number;
  y: number;
  z: number;
  /** The change of potential applying it makes: smaller is better. */
  delta: number;
  /** The key it drew: the largest wins. */
  score: number;
}

/** Model.inspect(): what a node computed to make its choices (mj/inspect.hpp). */
export interface Inspection {
  kind: string;
  line: number;
  /** Its grid (wfc: the wave, the shape of its input grid). */
  mx: number;
  my: number;
  mz: number;
  legend: string;
  /** A rule node's <field>s: a potential per value with a field, as of its latest step. */
  fields: Potential[];
  /** <observe>: per cell the values allowed at the goal (bit v: value v), null until computed. */
  future: Uint32Array | null;
  /** <observe> without search: per value, the steps from it at each cell to the goal. */
  potentials: Potential[];
  /**
   * search="True": the trajectory the search found (empty before it searched or when it found none),
   * which the node copies one state per step. State i is the grid after the node's step i + 1 (x
   * fastest); the last meets the goal. trajectoryAt: the state the grid holds now, -1 before the first.
   */
  trajectory: Uint8Array[];
  trajectoryAt: number;
  /** While inspecting: the latest guided step's candidates and the index of the one applied (-1: none). */
  candidates: Candidate[];
  chosen: number;
  /** wfc: per cell the patterns still allowed (0: contradiction; -1: a cell holding no pattern), null before the collapse. */
  options: Int32Array | null;
  patterns: number;
  /** While inspecting: collapses that failed before the one shown, and per failure the cell whose observation led to it. */
  failedTries: number;
  /** A backtracking wfc: the observations its collapse undid (0 without backtracking). */
  undoneChoices: number;
  contradictions: number[];
  /**
   * While inspecting: the last failed collapse's contradiction: the wave cell left without options, the neighbour
   * whose ban took its last one (-1: its own ban), the patterns it lost in that propagation and their names
   * (lost: "pattern 12", a tile's name), and those as pictures: per lost option its cells' colours (0xAARRGGBB, x
   * fastest, then y, then z; empty when a symbol has no colour), each pictureSize [x, y, z] cells (an overlap
   * pattern's n x n x 1, a tile's voxels); null when no collapse failed.
   */
  contradiction: {
    cell: number;
    neighbour: number;
    patterns: number[];
    lost: string[];
    pictureSize: [number, number, number];
    pictures: Uint32Array[];
  } | null;
}

export interface ActiveNode {
  /** The node's element: "one", "all", "markov"... */
  kind: string;
  /** Its line in the model. */
  line: number;
  /** The nesting depth of its branch below the root. */
  depth: number;
}

export interface RuleState {
  original: boolean;
  fired: boolean;
  /** A rule side as MarkovJunior writes it: a symbol per cell, rows split by "/", layers by " ". */
  input: string;
  output: string;
}

export interface NodeState {
  kind: string;
  line: number;
  legend: string;
  branch: boolean;
  running: boolean;
  current: boolean;
  counter: number;
  steps: number;
  children: NodeState[];
  rules: RuleState[];
}

/** The library's defaults and bounds (mj/defaults.hpp). */
export interface Defaults {
  readonly seed: number;
  readonly outputFolder: string;
  readonly steps: number;
  readonly gifSteps: number;
  readonly pixelsize: number;
  readonly maxPixelsize: number;
  readonly size2d: number;
  readonly size3d: number;
  readonly historyBytes: number;
  readonly progressMilliseconds: number;
  readonly maxGifFrames: number;
  /** The largest grid in cells when LoadOptions.maxCells is not given. */
  readonly maxCells: number;
  /** A cell of setPins and setGoal left free. */
  readonly freeCell: number;
  /** The most states explore enumerates when no bound is given. */
  readonly maxStates: number;
  /** A world's chunk side when none is given, in 2D and 3D, and the largest. */
  readonly chunk2d: number;
  readonly chunk3d: number;
  readonly maxChunk: number;
}

export class Mj {
  /** The library's defaults: what a page shows before a model is loaded (a seed box, a size). */
  readonly defaults: Defaults;
  /** A resource file that models read: rules/NAME.png, samples/NAME.png, tilesets/NAME.xml, palette.xml... */
  addResource(path: string, bytes: Uint8Array): void;
  /** The entries of a models.xml; MjError on a bad one. */
  modelList(text: string, name?: string): ModelEntry[];
  /** Loads and checks a model; MjError with the line of any problem. */
  load(xml: string, options?: LoadOptions): Model;
  /** A world of the model (docs/worlds.md); the library's line (MjError, RangeError) for a node no world can be made of. */
  world(xml: string, options?: WorldOptions): World;
  /** The state space of a small model (mj explore); MjError for randomness it cannot enumerate or past maxStates (the library's limit unless given). */
  explore(xml: string, options?: LoadOptions & { maxStates?: number }): StateSpace;
  /** Every grid other than `grid` that leads to it in one step of the program's rule node (mj explore --predecessors), ascending; MjError for a program of other nodes. */
  predecessors(
    xml: string,
    grid: { cells: ArrayLike<number> } | ArrayLike<number>,
    options?: LoadOptions & { maxStates?: number },
  ): Predecessors;
  /** A grid's faces as glb() meshes them (value 0 empty; equal faces merged): two triangles a rectangle. */
  mesh(grid: { mx: number; my: number; mz: number; cells: Uint8Array }): Mesh;
  /** A grid's rows as explore() writes a state's (its `grids`): '/' between rows, ' ' between layers. */
  gridRows(grid: { mx: number; my: number; mz: number; legend: string; cells: ArrayLike<number> }): string;
}

/** Every state a small model's runs reach (state 0 the start), and the exact probability of each ending. */
export interface Predecessors {
  /** Each as mj run --state's text. */
  predecessors: string[];
  /** Each one's cells (value indices, x fastest). */
  cells: Uint8Array[];
}

export interface StateSpace {
  states: number;
  transitions: number;
  /** Some state can come back to itself. */
  cyclic: boolean;
  /** The probability that a run never ends. */
  unending: number;
  /** Value index -> symbol. */
  legend: string;
  /** The colour of each legend symbol, 0xRRGGBB. */
  colors: number[];
  /** Each state's grid: rows of symbols separated by '/', layers by ' '. */
  grids: string[];
  /** Each state's successors: [state, probability]. */
  edges: [number, number][][];
  /** The ends, the likeliest first: the state, its probability, its grid as mj run --state writes it. */
  outcomes: { state: number; probability: number; text: string }[];
  /** As mj explore --json writes it. */
  json: string;
}

/** Where a run stands (Model.status()). */
export interface RunStatus {
  started: boolean;
  seed: number;
  /** Steps since its start. */
  steps: number;
  /** The step limit it runs to; <= 0: none. */
  stepLimit: number;
  /** The program has finished. */
  finished: boolean;
  /** Not finished, but at its step limit. */
  atStepLimit: boolean;
  /** Either. */
  ended: boolean;
  /** The next step waits for an input (an <event> of the mj dialect runs next, none queued). */
  waiting: boolean;
  /** The node that runs next, or null. */
  node: ActiveNode | null;
  /** A search under way inside a step, or null. */
  search: { states: number; frontier: number; best: number } | null;
  /** The record's steps and memory, or null when not recording. */
  history: HistoryRange | null;
}

export class Model {
  readonly settings: Settings;
  /** What the model writes that no interpreter reads, in the order written: the model runs as if it were not there. */
  readonly notices: Notice[];
  /** What went wrong in the current run without stopping it (a wfc that found no collapse: its grid is unfinished). */
  readonly runNotices: Notice[];
  /** Begins a fresh run: the same seed always gives the same run (settings.seed unless given); its step limit `steps` (0: none), settings.steps unless given. */
  start(seed?: number, steps?: number): void;
  /** Runs from start() on begin from these cells (at the model's size) instead of the empty grid; null: the empty grid again. */
  set startCells(grid: { cells: ArrayLike<number> } | ArrayLike<number> | null);
  /** Pins: per cell of the grid the run ends on (the start grid, or a wfc model's wfc grid; x fastest) a value no node may change all run long, or Defaults.freeCell (free); null: none. From the next start. */
  setPins(cells: { cells: ArrayLike<number> } | ArrayLike<number> | null): void;
  /** A goal: per cell a value the model's inference (<observe>) must end with, or Defaults.freeCell (free); null: none. From the next start. */
  setGoal(cells: { cells: ArrayLike<number> } | ArrayLike<number> | null): void;
  /** Up to `count` steps (1); returns the steps taken, fewer once the program ends. */
  step(count?: number): number;
  /** Sends an input (a key's name, "ArrowLeft"): the next <event> of the mj dialect that runs takes it. */
  send(key: string): void;
  /** The run's inputs in the order sent, each with the step it came at: with its seed, what replays it. */
  readonly inputs: { step: number; key: string }[];
  /** The run of `seed` again (step limit `steps` as start), each input sent when the run stands at its step, then on to its end or limit: a recorded game (`inputs`) replays grid for grid. Returns the steps taken. */
  replay(seed: number, inputs: readonly { step: number; key: string }[], steps?: number): number;
  /** The run taken back `steps` steps (1), exactly: its seed run again to there, the inputs before that step sent again at their steps. */
  back(steps?: number): void;
  /** The run of `seed` standing at `step`, each input at or before it sent at its step: a past step of another model's run, on a model of its own. */
  replayTo(seed: number, step: number, inputs?: { step: number; key: string }[]): void;
  /** start(seed, steps), then steps until the end or the step limit (settings.seed and settings.steps unless given; 0: none). It ends on `mj run`'s grid; while recording, on `mj run --gif`'s last frame. */
  run(seed?: number, steps?: number): number;
  /** Where the run stands, in one call. */
  status(): RunStatus;
  /** "NAME_SEED" of the current run, safe as a file name: what mj run calls its files. */
  readonly outputStem: string;
  /** Goes on with the run until it ends, reaches settings.steps, takes `steps` more (0: any) or runs `ms` (0: any). */
  advance(options?: { steps?: number; ms?: number; breakpoints?: Breakpoint[]; untilWaiting?: boolean }): RunEnd;
  /** The breakpoint at which the latest advance() paused (rule -1 for a node), or null. */
  readonly breakpointHit: Required<Breakpoint> | null;
  /** Time travel: records every step from now on (this run from its current step, later runs from their start). */
  setRecording(on: boolean): void;
  /** The record's steps and memory, or null when not recording. */
  readonly history: HistoryRange | null;
  /** The grid after `step` steps, from the record. */
  gridAt(step: number): Grid;
  /** The line of the node that worked in step `step`, from the record; 0 when none did. */
  nodeLineAt(step: number): number;
  /** The grid after `step` steps drawn as render() draws the current one. */
  renderAt(step: number, pixelsize?: number): Picture;
  /** Steps until another node runs next, the run ends (or reaches settings.steps) or `ms` pass (0: any). */
  nextNode(options?: { ms?: number }): "nextNode" | RunEnd;
  /** Steps taken since start. */
  readonly steps: number;
  /** The seed of the current (or last) run; 0 before the first. */
  readonly seed: number;
  readonly finished: boolean;
  /** Finished, or at the model's step limit. */
  readonly ended: boolean;
  /** The current grid's size and symbols, without its cells. */
  shape(): Shape;
  grid(): Grid;
  /** The node that runs next, or null. */
  activeNode(): ActiveNode | null;
  nodeTree(): NodeState | null;
  /** What the node written at `line` (default 0: the active one) computed to make its choices. */
  inspect(line?: number): Inspection;
  /** While true, runs keep what only inspect() shows: a guided one's candidates, wfc's failed collapses. */
  set inspecting(on: boolean);
  /** A search under way inside a step (search="True"): states searched, frontier, best estimate; else null. */
  searchProgress(): { states: number; frontier: number; best: number } | null;
  /** The grid drawn as mj run draws it (3D: isometric cubes); pixelsize: settings.pixelsize unless given. */
  render(pixelsize?: number): Picture;
  /** The colour of each value of the current grid, 0xRRGGBB. */
  colors(): number[];
  /** The palette the model is drawn with, {symbol: 0xRRGGBB}: every symbol's colour, used or not. */
  palette(): Record<string, number>;
  /** The grid as `mj run --state` writes it: "NAME MX MY MZ SEED STEPS", the legend, a row of symbols a line. */
  stateText(name?: string): string;
  /** The file mj writes for `extension` (png, vox, glb, tmj, gif: the run animated, txt: the state text); pixelsize: settings.pixelsize unless given. */
  file(extension: "png" | "vox" | "glb" | "tmj" | "gif" | "txt", pixelsize?: number): Uint8Array;
  /** The picture mj run writes for the run: NAME_SEED.png, or .vox for a 3D grid unless settings.iso. */
  pictureFile(): { name: string; bytes: Uint8Array };
  /** The PNG mj run writes (3D: isometric); pixelsize: settings.pixelsize unless given. */
  png(pixelsize?: number): Uint8Array;
  vox(): Uint8Array;
  /** The grid as a glTF 2.0 binary mesh (.glb): value 0 empty, a material per value, mj run --gltf's bytes. */
  glb(): Uint8Array;
  /** Adds the current grid as a frame of an animated GIF; gifFinish() returns the file. */
  gifFrame(pixelsize?: number): void;
  gifFinish(): Uint8Array;
  /**
   * The recorded steps `from` to `to` (default: the record's first and last; setRecording(true) first) as an
   * animated GIF drawn as `mj run --gif` draws a run: a frame every `every` steps (from the run's start) and at
   * `to`. The record of a whole run gives mj run --gif's bytes.
   */
  historyGif(options?: { from?: number; to?: number; every?: number; pixelsize?: number }): Uint8Array;
  /** Frees the model's WebAssembly memory (JavaScript's collector does not see it). */
  dispose(): void;
}

/** A world's model (load()'s options, but its size, which is the world's) and the world's own settings. */
export interface WorldOptions extends Omit<LoadOptions, "size"> {
  /** The world's seed; not given: the library's default seed. */
  seed?: number;
  /** A chunk's side in cells; not given: the library's default (defaults.chunk2d or chunk3d). */
  chunk?: number;
  /** How far a chunk's run reaches past its border; not given: a quarter of a chunk. */
  margin?: number;
  /** How many of those cells a chunk's earlier neighbours pin; not given: half the margin. */
  seam?: number;
}

/** What the library decided for a world. */
export interface WorldSettings {
  seed: number;
  dimension: 2 | 3;
  chunk: number;
  margin: number;
  seam: number;
  /** What chunk, margin and seam are multiples of: a tile model's tile, else 1. */
  unit: number;
  /** Value index -> symbol. */
  legend: string;
  name: string;
  /** 0xRRGGBB per value of the legend. */
  colors: number[];
  /** The model's settings at a chunk run's size. */
  run: Settings;
}

/** A world's region: its values, x fastest, then y, then z. */
export interface WorldRegion {
  cells: Uint8Array;
  width: number;
  height: number;
  depth: number;
  legend: string;
}

/** A chunk's place: [x, y] in 2D, [x, y, z] in 3D (chunk x holds cells from x * chunk on). */
export type ChunkPlace = [number, number] | [number, number, number];
/** x0, y0, x1, y1 (2D) or x0, y0, z0, x1, y1, z1; the upper corner excluded. */
export type RegionCorners = [number, number, number, number] | [number, number, number, number, number, number];

/** An endless grid, made chunk by chunk; any region's cells are the same however it is asked for. */
export class World {
  readonly settings: WorldSettings;
  /** The cells of a region; RangeError past the library's maxCells or its bounds. */
  region(...corners: RegionCorners): WorldRegion;
  /** The chunks whose cells chunk `c`'s run pins, in the order runChunk takes them. */
  needs(c: ChunkPlace): [number, number, number][];
  /** Every chunk a region needs, dependencies first. */
  chunksFor(...corners: RegionCorners): [number, number, number][];
  /** Chunk `c`'s cells from the cells of needs(c), in that order. */
  runChunk(c: ChunkPlace, needed: ArrayLike<number>[]): Uint8Array;
  /** Drops the chunks kept, but those `keep` needs. */
  forget(keep?: RegionCorners | null): void;
  /** The region as the library's save_region writes it: a PNG or the state text, as bytes. */
  file(extension: "png" | "txt", corners: RegionCorners, pixelsize?: number): Uint8Array;
  /** Frees the world's memory in the module. */
  dispose(): void;
}

/** A World made in a worker (a Web Worker, or a worker_threads thread in Node): every call a promise. */
export class WorldWorker {
  /** A worker with the world of `xml` open. */
  static open(xml: string, options?: WorldOptions): Promise<WorldWorker>;
  /** A worker with no world open yet (open() one), its module's messages in `settingNames`' words. */
  static start(options?: { settingNames?: SettingNames }): Promise<WorldWorker>;
  /** The open world's settings, or null. */
  readonly settings: WorldSettings | null;
  /** Requests waiting for their answer. */
  readonly pending: number;
  open(xml: string, options?: WorldOptions): Promise<WorldSettings>;
  region(...corners: RegionCorners): Promise<WorldRegion>;
  needs(c: ChunkPlace): Promise<[number, number, number][]>;
  chunksFor(...corners: RegionCorners): Promise<[number, number, number][]>;
  runChunk(c: ChunkPlace, needed: ArrayLike<number>[]): Promise<Uint8Array>;
  forget(keep?: RegionCorners | null): Promise<void>;
  file(extension: "png" | "txt", corners: RegionCorners, pixelsize?: number): Promise<Uint8Array>;
  addResource(path: string, bytes: Uint8Array): Promise<void>;
  modelList(text: string, name?: string): Promise<ModelEntry[]>;
  /** Ends the worker; requests still waiting never settle. */
  terminate(): void;
}
