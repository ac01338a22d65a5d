// The files mj writes for engines, checked against their formats (a CTest; `npm ci` in this folder first):
// - glTF: every 3D entry of the corpus's models.xml run with `mj run --gltf`, each file passed through the
//   Khronos glTF validator (0 errors, 0 warnings), its triangles counted against one cube per voxel (at seed 1;
//   the README's figure, at the entries' first seeds, is scripts/triangle_count.py's);
// - Tiled: 2D entries run with `mj run --tiled`, the map read back as Tiled's JSON format describes it
//   (orthogonal map, one tile layer, gids = value + 1, a tileset image of legend x pixelsize) and its
//   cells compared with `--state`'s grid; a tile model's map (its tiles over an atlas of tile pictures)
//   compared tile by tile, pixel by pixel, with the PNG mj writes of the same run.
// Usage: node check_exports.mjs MJ CORPUS
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import assert from "node:assert/strict";
import validator from "gltf-validator";

const [mj, corpusArgument] = process.argv.slice(2);
const corpus = process.env.MJ_CORPUS || corpusArgument;
const work = mkdtempSync(join(tmpdir(), "mj-exports-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// Every entry of models.xml, with its attributes.
function entries() {
  const text = readFileSync(join(corpus, "models.xml"), "utf8").replace(/<!--[\s\S]*?-->/g, "");
  return [...text.matchAll(/<model\s([^>]*?)\/?>/g)].map(([, attrs]) =>
    Object.fromEntries([...attrs.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
  );
}

// The entry's own size and steps on the command line (a name's first entry may be another variant).
function sized(entry) {
  const side = (k) => entry[k] ?? entry.size;
  const flags = ["--length", side("length"), "--width", side("width")];
  if (entry.d === "3") flags.push("--height", side("height"));
  // models.xml's steps="-1" (or 0) is "no limit", which the command line says as 0; none given: the default
  if (entry.steps === undefined) return flags;
  return [...flags, "--steps", +entry.steps > 0 ? entry.steps : "0"];
}

// The state text's grid: [mx, my, mz, legend, cells (value indices, x fastest)].
function state(file) {
  const [header, legend, ...rows] = readFileSync(file, "utf8").trimEnd().split("\n");
  const [, mx, my, mz] = header.split(" ").map(Number);
  const cells = rows
    .join("")
    .split("")
    .map((c) => legend.indexOf(c));
  return { mx, my, mz, legend, cells };
}

function run(entry, extra) {
  const stem = join(work, `${entry.name}_${entry.d ?? 2}d_${entry.size ?? entry.length}`);
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
  const report = await validator.validateBytes(new Uint8Array(readFileSync(`${stem}.glb`)));
  const issues = report.issues.messages.map((m) => `${m.code} ${m.message}`);
  assert.equal(report.issues.numErrors + report.issues.numWarnings, 0, `${entry.name}: ${issues.join("; ")}`);
  const voxels = state(`${stem}.txt`).cells.filter((v) => v !== 0).length;
  const triangles = report.info.totalTriangleCount ?? 0;
  return { voxels, triangles };
}

// A PNG's pixels as 0xRRGGBBAA numbers, rows top down (8-bit or palette PNGs at any bit depth, not interlaced).
function decodePng(bytes) {
  const chunks = {};
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    (chunks[type] ??= []).push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const header = chunks.IHDR[0];
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const [depth, colorType] = [header[8], header[9]];
  assert.equal(header[12], 0, "an interlaced PNG");
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  const bpp = Math.max(1, (channels * depth) >> 3);
  const stride = Math.ceil((width * channels * depth) / 8);
  const raw = inflateSync(Buffer.concat(chunks.IDAT));
  const rows = [];
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const [a, b, c] = [i >= bpp ? row[i - bpp] : 0, previous[i], i >= bpp ? previous[i - bpp] : 0];
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      row[i] += [0, a, b, (a + b) >> 1, paeth][filter];
    }
    rows.push(row);
    previous = row;
  }
  const palette = chunks.PLTE?.[0];
  const alpha = chunks.tRNS?.[0];
  const sample = (row, i) => (row[(i * depth) >> 3] >> (8 - depth - ((i * depth) & 7))) & ((1 << depth) - 1);
  const pixel = (x, y) => {
    const row = rows[y];
    if (colorType === 3) {
      const v = sample(row, x);
      return ((palette.readUIntBE(v * 3, 3) << 8) | (alpha && v < alpha.length ? alpha[v] : 255)) >>> 0;
    }
    const c = Array.from({ length: channels }, (_, k) => sample(row, x * channels + k));
    const [r, g, b, a] = channels >= 3 ? [c[0], c[1], c[2], c[3] ?? 255] : [c[0], c[0], c[0], c[1] ?? 255];
    return ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
  };
  return { width, height, pixel };
}

// A tile model's map: every place's tile exists in the atlas and its picture is the block of mj's own
// PNG of the run at that place.
function checkTileMap(entry, map) {
  execFileSync(mj, [
    "run",
    join(corpus, "models", `${entry.name}.xml`),
    "--seed",
    "1",
    "--out",
    work,
    "-q",
    ...sized(entry),
  ]);
  const picture = decodePng(readFileSync(join(work, `${entry.name}_1.png`)));
  const [tileset] = map.tilesets;
  const atlas = decodePng(readFileSync(join(work, tileset.image)));
  const side = map.tilewidth;
  assert.deepEqual([picture.width, picture.height], [map.width * side, map.height * side]);
  assert.deepEqual([atlas.width, atlas.height], [tileset.imagewidth, tileset.imageheight]);
  const [layer] = map.layers;
  assert.equal(layer.data.length, map.width * map.height);
  layer.data.forEach((gid, i) => {
    const tile = gid - tileset.firstgid;
    assert.ok(tile >= 0 && tile < tileset.tilecount, `${entry.name}: gid ${gid} is no tile of the tileset`);
    const [left, top] = [(tile % tileset.columns) * side, Math.floor(tile / tileset.columns) * side];
    const [x0, y0] = [(i % map.width) * side, Math.floor(i / map.width) * side];
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        assert.equal(
          atlas.pixel(left + x, top + y),
          picture.pixel(x0 + x, y0 + y),
          `${entry.name}: tile ${tile} at place ${i}, pixel ${x},${y}`,
        );
  });
}

const tileMaps = [];
function checkTiled(entry) {
  const stem = run(entry, (s) => ["--tiled", `${s}.tmj`]);
  const map = JSON.parse(readFileSync(`${stem}.tmj`, "utf8"));
  if (map.tilesets[0].tiles[0].properties[0].name === "tile") {
    checkTileMap(entry, map);
    tileMaps.push(entry.name);
    return;
  }
  const grid = state(`${stem}.txt`);
  assert.equal(map.type, "map");
  assert.equal(map.orientation, "orthogonal");
  assert.deepEqual([map.width, map.height, map.layers.length], [grid.mx, grid.my, grid.mz]); // a layer per z
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
  assert.equal(png.readUInt32BE(16), tileset.imagewidth, "the tileset picture's width");
  assert.deepEqual(tileset.tiles.map((t) => t.properties[0].value).join(""), grid.legend);
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
const flat = all.filter((e) => e.d !== "3" && !names.has(e.name) && names.add(e.name));
for (const entry of flat) checkTiled(entry);
// Knots2D ends on its tile wfc node, untouched by children: its map is made of its tiles.
assert.ok(tileMaps.includes("Knots2D"), `tile maps: ${tileMaps.join(", ")}`);
const fewer = (12 * voxels) / Math.max(1, triangles);
console.log(
  `glTF: ${threeD.length} 3D entries, 0 errors and 0 warnings from the Khronos validator; ${triangles} triangles ` +
    `where one cube per voxel would take ${12 * voxels} (${fewer.toFixed(1)}x fewer)`,
);
// The README's figure is counted at the entries' first seeds by scripts/triangle_count.py (CTest readme_triangles).
console.log(
  `Tiled: ${flat.length} 2D entries (the first of each name) read back, cells and tileset as written; ` +
    `${tileMaps.length} tile models (${tileMaps.join(", ")}) as their tiles, each equal to its block of mj's PNG`,
);
