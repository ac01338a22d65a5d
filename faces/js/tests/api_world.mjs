#!/usr/bin/env node
// Worlds in JavaScript (mj.world, WorldWorker): a region's cells are the same asked for at once, chunk by
// chunk in a shuffled order, in two overlapping requests, chunk by chunk from the cells each chunk needs (as a
// scheduler of its own runs them), through the worker, and as the library's save_region writes its state text;
// errors are the library's one line, in the worker as in the module.
// Usage: node --test faces/js/tests/api_world.mjs   (needs build-web: scripts/web.sh, and the corpus)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const corpus = process.env.MJ_CORPUS ?? join(root, "..", "shared", "corpus");
const api = await import(join(root, process.env.MJ_BUILD_WEB ?? "build-web", "api.mjs"));
const { loadMj, MjError, WorldWorker } = api;
const mj = await loadMj();

const mazeXml = readFileSync(join(corpus, "models", "MazeGrowth.xml"), "utf8");
const maze = { name: "MazeGrowth.xml", seed: 7, chunk: 16, margin: 4, seam: 2 };
// 6 x 6 chunks across the origin: chunks -3 to 2 across, -2 to 3 down.
const whole = [-48, -32, 48, 64];
const [x0, y0, x1, y1] = whole;
const width = x1 - x0;

// A part's cells cut from the whole region's.
function cut(cells, [px0, py0, px1, py1]) {
  const out = [];
  for (let y = py0; y < py1; y++) for (let x = px0; x < px1; x++) out.push(cells[x - x0 + (y - y0) * width]);
  return Uint8Array.from(out);
}
// The parts' cells put together into the whole region's.
function paste(parts) {
  const out = new Uint8Array(width * (y1 - y0));
  for (const [[px0, py0, px1, py1], cells] of parts)
    for (let y = py0; y < py1; y++)
      for (let x = px0; x < px1; x++) out[x - x0 + (y - y0) * width] = cells[x - px0 + (y - py0) * (px1 - px0)];
  return out;
}
// A shuffle of its own seed, so that a failure is made again.
function shuffled(list, seed = 12345) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
const chunkBoxes = () => {
  const boxes = [];
  for (let cy = y0 / 16; cy < y1 / 16; cy++)
    for (let cx = x0 / 16; cx < x1 / 16; cx++) boxes.push([cx * 16, cy * 16, cx * 16 + 16, cy * 16 + 16]);
  return boxes;
};

const once = (() => {
  const world = mj.world(mazeXml, maze);
  const region = world.region(...whole);
  world.dispose();
  return region;
})();

test("mj.defaults has the library's chunk sides", () => {
  const header = readFileSync(join(root, "include", "mj", "defaults.hpp"), "utf8");
  const constant = (name) => Number(header.match(new RegExp(`${name} = (\\d+)`))[1]);
  assert.equal(mj.defaults.chunk2d, constant("kDefaultChunk2d"));
  assert.equal(mj.defaults.chunk3d, constant("kDefaultChunk3d"));
  assert.equal(mj.defaults.maxChunk, constant("kMaxChunk"));
  const world = mj.world(mazeXml, { name: "MazeGrowth.xml" });
  assert.equal(world.settings.chunk, mj.defaults.chunk2d);
  world.dispose();
});

test("a region is the model's world: its size, legend and settings, and a maze in it", () => {
  (assert.equal(once.width, 96), assert.equal(once.height, 96), assert.equal(once.depth, 1));
  assert.equal(once.cells.length, 96 * 96);
  const world = mj.world(mazeXml, maze);
  const s = world.settings;
  world.dispose();
  assert.deepEqual([s.seed, s.dimension, s.chunk, s.margin, s.seam, s.unit], [7, 2, 16, 4, 2, 1]);
  assert.equal(s.name, "MazeGrowth");
  assert.equal(once.legend, s.legend);
  assert.equal(s.colors.length, s.legend.length);
  // every value of the legend is drawn: the maze's walls and corridors, not one value everywhere
  assert.equal(new Set(once.cells).size, s.legend.length);
  // another seed is another world
  const other = mj.world(mazeXml, { ...maze, seed: 8 });
  assert.notDeepEqual(other.region(...whole).cells, once.cells);
  other.dispose();
});

test("chunk by chunk in a shuffled order gives the same cells", () => {
  const world = mj.world(mazeXml, maze);
  const parts = shuffled(chunkBoxes()).map((b) => [b, world.region(...b).cells]);
  world.dispose();
  assert.equal(parts.length, 36);
  assert.deepEqual(paste(parts), once.cells);
});

test("two overlapping requests give the same cells as the whole", () => {
  const world = mj.world(mazeXml, maze);
  const a = [-48, -32, 20, 40],
    b = [-5, 10, 48, 64];
  assert.deepEqual(world.region(...b).cells, cut(once.cells, b));
  assert.deepEqual(world.region(...a).cells, cut(once.cells, a));
  // and again after forgetting the chunks kept, but those of `a`
  world.forget(a);
  assert.deepEqual(world.region(...b).cells, cut(once.cells, b));
  world.dispose();
});

test("chunks run from the cells they need, as a scheduler of its own runs them, give the same cells", () => {
  const world = mj.world(mazeXml, maze);
  const made = new Map();
  const key = (c) => c.join(",");
  const order = world.chunksFor(...whole);
  for (const c of order) {
    const needed = world.needs(c).map((n) => made.get(key(n)));
    assert.ok(needed.every(Boolean), `chunksFor lists ${key(c)}'s needs before it`);
    made.set(key(c), world.runChunk(c, needed));
  }
  world.dispose();
  const parts = chunkBoxes().map((b) => [b, made.get(key([b[0] / 16, b[1] / 16, 0]))]);
  assert.deepEqual(paste(parts), once.cells);
});

test("the state text save_region writes holds the same cells", () => {
  const world = mj.world(mazeXml, maze);
  const text = new TextDecoder().decode(world.file("txt", whole));
  const png = world.file("png", [0, 0, 16, 16], 2);
  world.dispose();
  const [header, legend, ...rows] = text.trimEnd().split("\n");
  assert.equal(header, "MazeGrowth 96 96 1 7 0");
  assert.equal(legend, once.legend);
  assert.equal(rows.length, 96);
  const cells = Uint8Array.from(rows.join(""), (symbol) => legend.indexOf(symbol));
  assert.deepEqual(cells, once.cells);
  assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from("PNG")]);
  assert.equal(new DataView(png.buffer, png.byteOffset).getUint32(16), 32); // 16 cells at 2 pixels a cell
});

test("a worker makes the same cells, request after request, without the caller waiting", async (t) => {
  const world = await WorldWorker.open(mazeXml, maze);
  t.after(() => world.terminate());
  assert.equal(world.settings.chunk, 16);
  // every request goes at once: the caller goes on while the worker makes them, in the order asked
  const parts = shuffled(chunkBoxes(), 99).map((b) => [b, world.region(...b)]);
  assert.equal(world.pending, 36);
  const regions = await Promise.all(parts.map(([, region]) => region));
  assert.equal(world.pending, 0);
  assert.deepEqual(paste(parts.map(([b], i) => [b, regions[i].cells])), once.cells);
  const atOnce = await world.region(...whole);
  assert.deepEqual(atOnce, once);
});

test("a model no world can be made of is refused at its line, in the module as in the worker", async (t) => {
  const sokoban = readFileSync(join(root, "models", "Sokoban.xml"), "utf8");
  const line = sokoban.split("\n").findIndex((l) => l.includes("<event")) + 1;
  let refusal = null;
  assert.throws(
    () => mj.world(sokoban, { name: "Sokoban.xml" }),
    (e) => (refusal = e) !== null,
  );
  assert.match(refusal.message, new RegExp(`^Sokoban\\.xml:${line}: .*<event>`));
  assert.equal(refusal.message.split("\n").length, 1);
  const world = await WorldWorker.start();
  t.after(() => world.terminate());
  await assert.rejects(world.open(sokoban, { name: "Sokoban.xml" }), (e) => {
    assert.equal(e.constructor, refusal.constructor); // the same class (the library's kind decides it)
    assert.deepEqual({ ...e }, { ...refusal });
    return e.message === refusal.message;
  });
  // a problem in the model's text is an MjError at its line, through the worker too
  const broken = '<one values="BW" in="B" out="X"/>';
  await assert.rejects(world.open(broken, { name: "broken.xml" }), (e) => e instanceof MjError && e.line === 1);
  // the worker goes on: a world opened after the refusal makes its cells
  await world.open(mazeXml, maze);
  assert.deepEqual((await world.region(0, 0, 16, 16)).cells, cut(once.cells, [0, 0, 16, 16]));
});

test("settings and regions out of range are one line each, as RangeError, in the module as in the worker", async (t) => {
  const worker = await WorldWorker.start();
  t.after(() => worker.terminate());
  const refusals = [
    [{ ...maze, chunk: 0 }, /chunk is 1 to \d+ cells on a side, not 0/],
    [{ ...maze, margin: 17 }, /margin is 0 to its chunk/],
    [{ ...maze, seam: 5 }, /seam is 0 to its margin/],
  ];
  for (const [options, words] of refusals) {
    assert.throws(
      () => mj.world(mazeXml, options),
      (e) => e instanceof RangeError && words.test(e.message),
    );
    await assert.rejects(worker.open(mazeXml, options), (e) => e instanceof RangeError && words.test(e.message));
  }
  assert.throws(() => mj.world(mazeXml, { ...maze, chunk: 2.5 }), RangeError);
  const world = mj.world(mazeXml, maze);
  await worker.open(mazeXml, maze);
  for (const corners of [
    [0, 0, 0, 10],
    [0, 0, 2 ** 41, 1],
  ]) {
    let words = "";
    assert.throws(
      () => world.region(...corners),
      (e) => e instanceof RangeError && /a world's region/.test((words = e.message)),
    );
    await assert.rejects(worker.region(...corners), (e) => e instanceof RangeError && e.message === words);
  }
  assert.throws(() => world.region(0, 0, 1), TypeError);
  assert.throws(() => world.region(0, 0.5, 1, 1), RangeError);
  world.dispose();
});

test("a 3D world's region, x0, y0, z0, x1, y1, z1, is the same chunk by chunk", () => {
  const xml = '<one values="BW" in="B B" out="W W"/>'; // a rule of two layers: a 3D model
  const world = mj.world(xml, { chunk: 4, seed: 5 });
  assert.deepEqual([world.settings.dimension, world.settings.chunk], [3, 4]);
  const { cells, width, height, depth } = world.region(-4, -4, -4, 4, 4, 4);
  world.dispose();
  assert.deepEqual([width, height, depth, cells.length], [8, 8, 8, 512]);
  assert.equal(new Set(cells).size, 2);
  const pieces = mj.world(xml, { chunk: 4, seed: 5 });
  for (const [cx, cy, cz] of shuffled([0, 1, 2, 3, 4, 5, 6, 7]).map((i) =>
    [i & 1, (i >> 1) & 1, i >> 2].map((v) => v - 1),
  )) {
    const chunk = pieces.region(cx * 4, cy * 4, cz * 4, cx * 4 + 4, cy * 4 + 4, cz * 4 + 4).cells;
    for (let i = 0; i < 64; i++) {
      const [x, y, z] = [cx * 4 + (i % 4) + 4, cy * 4 + ((i >> 2) % 4) + 4, cz * 4 + (i >> 4) + 4];
      assert.equal(chunk[i], cells[x + 8 * y + 64 * z], `cell ${x - 4}, ${y - 4}, ${z - 4}`);
    }
  }
  pieces.dispose();
});
