// Types of mj's JavaScript API (api.mjs), written by hand beside it: a change to one is a change to both
// (web/tests/package.mjs compiles a consumer against these with tsc).

/** A problem in a model, a resource or a setting: where it is and what. `message` is "file:line: detail". */
export class MjError extends Error {
  readonly name: "MjError";
  /** The model's name as given to load() (or the resource's), "" when the problem is in no file. */
  readonly file: string;
  /** The line in `file`, 0 when unknown. */
  readonly line: number;
  /** The message without its place. */
  readonly detail: string;
}

/** Loads the WebAssembly module. */
export function loadMj(): Promise<Mj>;

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
  seeds: number[];
  /** Symbol -> 0xRRGGBB over the palette. */
  colors: Record<string, number>;
}

/** A grid side n (n x n, 2D), [mx, my] or [mx, my, mz]. */
export type Size = number | [number, number] | [number, number, number];

export interface LoadOptions {
  /** The grid's size. */
  size: Size;
  /** The model's name in messages and state texts ("model.xml"). */
  name?: string;
  /** The largest grid in cells, also for grids that map and wfc make; <= 0: 2^28. */
  maxCells?: number;
  /** Symbol -> 0xRRGGBB, over the palette and the entry's colours. */
  colors?: Record<string, number>;
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

export interface Picture {
  width: number;
  height: number;
  /** width * height RGBA pixels, for an ImageData (a copy). */
  rgba: Uint8Array;
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

export class Mj {
  /** A resource file that models read: rules/NAME.png, samples/NAME.png, tilesets/NAME.xml, palette.xml... */
  addResource(path: string, bytes: Uint8Array): void;
  /** The entries of a models.xml; MjError on a bad one. */
  modelList(text: string, name?: string): ModelEntry[];
  /** Loads and checks a model; MjError with the line of any problem. */
  load(xml: string, options: LoadOptions): Model;
}

export class Model {
  /** Begins a fresh run: the same seed always gives the same run. */
  start(seed: number): void;
  /** Up to `count` steps (1); returns the steps taken, fewer once the program ends. */
  step(count?: number): number;
  /** start(seed), then steps until the end or `maxSteps` (<= 0: no limit); returns the steps taken. */
  run(seed: number, maxSteps?: number): number;
  /** Steps taken since start. */
  readonly steps: number;
  readonly finished: boolean;
  /** The current grid's size and symbols, without its cells. */
  shape(): Shape;
  grid(): Grid;
  /** The node that runs next, or null. */
  activeNode(): ActiveNode | null;
  nodeTree(): NodeState | null;
  /** The grid drawn as mj run draws it (3D: isometric cubes). */
  render(pixelsize?: number): Picture;
  /** Sets a symbol's colour, 0xRRGGBB. */
  setColor(symbol: string, rgb: number): void;
  /** The colour of each value of the current grid, 0xRRGGBB. */
  colors(): number[];
  /** The grid as `mj run --state` writes it: "NAME MX MY MZ SEED STEPS", the legend, a row of symbols a line. */
  stateText(name?: string): string;
  png(pixelsize?: number): Uint8Array;
  vox(): Uint8Array;
  /** Adds the current grid as a frame of an animated GIF; gifFinish() returns the file. */
  gifFrame(pixelsize?: number): void;
  gifFinish(): Uint8Array;
  /** Frees the model's WebAssembly memory (JavaScript's collector does not see it). */
  dispose(): void;
}
