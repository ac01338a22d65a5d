// The world page's links, readable as the playground's are: world.html?model=corpus/MazeGrowth&seed=7&chunk=16&
// x=12.5&y=-40&zoom=3 opens the same place (x, y: the cell at the view's middle; zoom: pixels a cell) in the
// same world (model, seed, chunk). A link comes from anyone: every field is checked before the page uses it, and
// what is wrong is said in words; a chunk size the library refuses is refused by it, in its words.
import { fields } from "./share.js";
import { zoomLimits } from "./world_view.js";

const number = (text) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : NaN);
// The model and the seed as the playground's links check them; a chunk a whole number, whose range is the
// library's to judge; a place any number (the library bounds the regions it makes).
const checks = {
  model: fields.model,
  seed: fields.seed,
  chunk: (v) => (Number.isInteger(v) ? null : "chunk must be a whole number"),
  x: (v) => (Number.isFinite(v) ? null : "x must be a number"),
  y: (v) => (Number.isFinite(v) ? null : "y must be a number"),
  zoom: (v) =>
    v >= zoomLimits[0] && v <= zoomLimits[1] ? null : `zoom must be a number from ${zoomLimits[0]} to ${zoomLimits[1]}`,
};

// The link's settings, {link, problems}, or null when the query names no model.
export function readWorldLink(search) {
  const query = new URLSearchParams(search);
  if (!query.has("model")) return null;
  const link = {},
    problems = [];
  for (const [name, check] of Object.entries(checks)) {
    if (!query.has(name)) continue;
    const value = name === "model" ? query.get(name) : number(query.get(name));
    const problem = check(value);
    if (problem) problems.push(problem);
    else link[name] = value;
  }
  return { link, problems };
}

// The link to `place` ({x, y, zoom}) in the world of {model, seed, chunk}, on the page at `page` (its address).
export function worldLink(page, { model, seed, chunk }, { x, y, zoom }) {
  const round = (v) => String(Math.round(v * 100) / 100);
  const query = new URLSearchParams({ model, seed, chunk, x: round(x), y: round(y), zoom: round(zoom) });
  return `${page.split("#")[0].split("?")[0]}?${query}`;
}
