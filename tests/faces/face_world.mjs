// One world region through the JavaScript API, for tests/faces/test_worlds.py: the model's text, its resources
// (the folder given, handed over with addResource()), the world's seed, chunk, margin and seam, and the region's
// corners; prints the region's rows of symbols, as `mj world`'s .txt holds them after its two heading lines.
// Usage: node face_world.mjs API_MJS MODEL.xml RESOURCES|- SEED CHUNK MARGIN SEAM X0 Y0 X1 Y1
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [api, modelFile, resources, ...numbers] = process.argv.slice(2);
const [seed, chunk, margin, seam, x0, y0, x1, y1] = numbers.map(Number);
const { loadMj } = await import(pathToFileURL(api).href);
const mj = await loadMj();
if (resources !== "-")
  for (const file of readdirSync(resources, { recursive: true }))
    if (statSync(join(resources, file)).isFile()) mj.addResource(file, readFileSync(join(resources, file)));
const world = mj.world(readFileSync(modelFile, "utf8"), { name: basename(modelFile), seed, chunk, margin, seam });
const { cells, width, legend } = world.region(x0, y0, x1, y1);
const rows = [];
for (let at = 0; at < cells.length; at += width)
  rows.push(Array.from(cells.subarray(at, at + width), (v) => legend[v]).join(""));
console.log(rows.join("\n"));
world.dispose();
