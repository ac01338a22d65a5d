// The files mj writes for engines, checked against their formats (a CTest; `npm ci` in this folder first):
// - glTF: every 3D entry of the corpus's models.xml run with `mj run --gltf`, each file passed through the
//   Khronos glTF validator (0 errors, 0 warnings), its triangles counted against one cube per voxel;
// - Tiled: 2D entries run with `mj run --tiled`, the map read back as Tiled's JSON format describes it
//   (orthogonal map, one tile layer, gids = value + 1, a tileset image of legend x pixelsize) and its
//   cells compared with `--state`'s grid.
// Usage: node check_exports.mjs MJ CORPUS
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import assert from "node:assert/strict";
import validator from "gltf-validator";

const [mj, corpusArgument] = process.argv.slice(2);
const corpus = process.env.MJ_CORPUS || corpusArgument;
const work = mkdtempSync(join(tmpdir(), "mj-exports-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// Every entry of models.xml, with its attributes.
function entries() {
  const text = readFileSync(join(corpus, "models.xml"), "utf8").replace(
    /<!--[\s\S]*?-->/g,
    "",
  );
  return [...text.matchAll(/<model\s([^>]*?)\/?>/g)].map(([, attrs]) =>
    Object.fromEntries(
      [...attrs.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
    ),
  );
}

// The entry's own size and steps on the command line (a name's first entry may be another variant).
function sized(entry) {
  const side = (k) => entry[k] ?? entry.size;
  const flags = ["--length", side("length"), "--width", side("width")];
  if (entry.d === "3") flags.push("--height", side("height"));
  return [...flags, "--steps", entry.steps ?? "50000"];
}

// The state text's grid: [mx, my, mz, legend, cells (value indices, x fastest)].
function state(file) {
  const [header, legend, ...rows] = readFileSync(file, "utf8")
    .trimEnd()
    .split("\n");
  const [, mx, my, mz] = header.split(" ").map(Number);
  const cells = rows
    .join("")
    .split("")
    .map((c) => legend.indexOf(c));
  return { mx, my, mz, legend, cells };
}

function run(entry, extra) {
  const stem = join(
    work,
    `${entry.name}_${entry.d ?? 2}d_${entry.size ?? entry.length}`,
  );
  execFileSync(mj, [
    "run",
    join(corpus, "models", `${entry.name}.xml`),
    "--seed",
    "1",
    "--state",
    `${stem}.txt`,
    "--no-picture",
    "-q",
    ...sized(entry),
    ...extra(stem),
  ]);
  return stem;
}

async function checkGltf(entry) {
  const stem = run(entry, (s) => ["--gltf", `${s}.glb`]);
  const report = await validator.validateBytes(
    new Uint8Array(readFileSync(`${stem}.glb`)),
  );
  const issues = report.issues.messages.map((m) => `${m.code} ${m.message}`);
  assert.equal(
    report.issues.numErrors + report.issues.numWarnings,
    0,
    `${entry.name}: ${issues.join("; ")}`,
  );
  const voxels = state(`${stem}.txt`).cells.filter((v) => v !== 0).length;
  const triangles = report.info.totalTriangleCount ?? 0;
  return { voxels, triangles };
}

function checkTiled(entry) {
  const stem = run(entry, (s) => ["--tiled", `${s}.tmj`]);
  const map = JSON.parse(readFileSync(`${stem}.tmj`, "utf8"));
  const grid = state(`${stem}.txt`);
  assert.equal(map.type, "map");
  assert.equal(map.orientation, "orthogonal");
  assert.deepEqual(
    [map.width, map.height, map.layers.length],
    [grid.mx, grid.my, grid.mz],
  ); // a layer per z
  const data = map.layers.flatMap((layer) => {
    assert.equal(layer.type, "tilelayer");
    return layer.data;
  });
  assert.deepEqual(
    data,
    grid.cells.map((v) => v + 1),
    `${entry.name}: the layers' gids are not value + 1`,
  );
  const [tileset] = map.tilesets;
  assert.equal(tileset.firstgid, 1);
  assert.equal(tileset.tilecount, grid.legend.length);
  assert.equal(tileset.imagewidth, grid.legend.length * map.tilewidth);
  const png = readFileSync(join(work, tileset.image));
  assert.equal(
    png.readUInt32BE(16),
    tileset.imagewidth,
    "the tileset picture's width",
  );
  assert.deepEqual(
    tileset.tiles.map((t) => t.properties[0].value).join(""),
    grid.legend,
  );
}

const all = entries();
const threeD = all.filter((e) => e.d === "3");
let voxels = 0,
  triangles = 0;
for (const entry of threeD) {
  const counts = await checkGltf(entry);
  voxels += counts.voxels;
  triangles += counts.triangles;
}
const names = new Set();
const flat = all.filter(
  (e) => e.d !== "3" && !names.has(e.name) && names.add(e.name),
);
for (const entry of flat) checkTiled(entry);
console.log(
  `glTF: ${threeD.length} 3D entries, 0 errors and 0 warnings from the Khronos validator; ${triangles} triangles ` +
    `where one cube per voxel would take ${12 * voxels} (${((12 * voxels) / Math.max(1, triangles)).toFixed(1)}x fewer)`,
);
console.log(
  `Tiled: ${flat.length} 2D entries (the first of each name) read back, cells and tileset as written`,
);
