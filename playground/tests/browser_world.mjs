// Browser tests of the world view (playground/world.html): the chunks drawn are the JavaScript API's region
// for them, cell for cell and pixel for pixel; they are made in the worker while the page goes on handling
// events and drawing frames; chunks far out of view are dropped; a share link opens the same place in the same
// world; a model no world can be made of shows the library's line.
// Usage: node --test playground/tests/browser_world.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { corpus, playground, root, shoot, until } from "./playground_page.mjs";

const { served, pageTest, open } = playground();
const { loadMj } = await import(join(root, "build-web", "api.mjs"));
const mj = await loadMj();
const mazeXml = readFileSync(join(corpus, "models", "MazeGrowth.xml"), "utf8");
const maze = "model=corpus/MazeGrowth&seed=7&chunk=16";

// Opens the world page at `query` and waits for its world (or its refusal).
async function openWorld(page, query = "") {
  await page.goto(`${served.url}world.html${query ? "?" + query : ""}`);
  await until(page, () => window.mjWorld?.ready);
}
// Waits until the page keeps chunk (cx, cy), and gives its cells.
async function chunkCells(page, cx, cy) {
  await until(page, ([x, y]) => window.mjWorld.view.chunkCells(x, y), [cx, cy]);
  return Uint8Array.from(await page.evaluate(([x, y]) => [...window.mjWorld.view.chunkCells(x, y)], [cx, cy]));
}

pageTest(
  "the chunks drawn are the JavaScript API's region for them, cell for cell and pixel for pixel",
  async (page) => {
    await openWorld(page, `${maze}&x=0&y=0&zoom=4`);
    const world = mj.world(mazeXml, { name: "MazeGrowth.xml", seed: 7, chunk: 16 });
    const { colors } = world.settings;
    for (const [cx, cy] of [
      [0, 0],
      [-1, -1],
      [2, -1],
    ]) {
      const expected = world.region(cx * 16, cy * 16, cx * 16 + 16, cy * 16 + 16).cells;
      assert.deepEqual(await chunkCells(page, cx, cy), expected, `chunk ${cx}, ${cy}`);
    }
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // the canvas's pixel at the middle of cells of chunk (-1, -1): each the colour of the API's value there
    const cells = world.region(-16, -16, 0, 0).cells;
    const pixels = await page.evaluate(() => {
      const canvas = document.getElementById("world");
      const { view } = window.mjWorld;
      const ratio = canvas.width / canvas.clientWidth;
      const g = canvas.getContext("2d");
      const out = [];
      for (let y = -16; y < 0; y += 3)
        for (let x = -16; x < 0; x += 5) {
          const [sx, sy] = view.toScreen(x + 0.5, y + 0.5);
          const [r, gr, b] = g.getImageData(Math.floor(sx * ratio), Math.floor(sy * ratio), 1, 1).data;
          out.push([x, y, (r << 16) | (gr << 8) | b]);
        }
      return out;
    });
    world.dispose();
    assert.ok(pixels.length >= 12);
    for (const [x, y, rgb] of pixels) assert.equal(rgb, colors[cells[x + 16 + (y + 16) * 16]], `cell ${x}, ${y}`);
    await until(page, () => {
      const { view } = window.mjWorld;
      return view.chunksInView().every(([x, y]) => view.chunkCells(x, y));
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.$eval("#worldStatus", (s) => s.textContent), ""); // every chunk in view made
    await shoot(page, "world");
  },
);

pageTest("chunks are made in the worker while the page handles events and draws frames", async (page) => {
  // chunks of 512 cells a side, some 24 in view: each a run over 768 x 768 cells, far more than are made while
  // the test looks
  await openWorld(page, "model=corpus/MazeGrowth&seed=7&chunk=512&zoom=0.5");
  await until(page, () => window.mjWorld.view.asked.size > 0);
  assert.match(await page.$eval("#worldStatus", (s) => s.textContent), /^\d+ chunks in view to come$/);
  const box = await page.$eval("#world", (c) => {
    const r = c.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  });
  await page.mouse.move(...box);
  await page.mouse.wheel({ deltaY: -300 });
  await until(page, () => window.mjWorld.view.place.zoom > 0.5);
  const stats = await page.evaluate(() => ({ ...window.mjWorld.view.stats, asked: window.mjWorld.view.asked.size }));
  assert.ok(stats.eventsWhileMaking >= 1, "the wheel was handled while chunks were being made");
  // and the frame the wheel asked for was drawn while they were
  await until(page, () => window.mjWorld.view.stats.framesWhileMaking >= 1);
});

pageTest("a drag pans, chunks far out of view are dropped, and the ones in view come", async (page) => {
  await openWorld(page, `${maze}&zoom=8`);
  await chunkCells(page, 0, 0);
  const [x, y] = await page.$eval("#world", (c) => {
    const r = c.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  });
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 400, y - 160, { steps: 4 });
  await page.mouse.up();
  const place = await page.evaluate(() => window.mjWorld.view.place);
  assert.deepEqual([place.x, place.y], [50, 20]); // 400 and 160 pixels at 8 pixels a cell
  // far away (a pan across many screens, as a long drag makes it): what is kept near the origin goes
  await page.evaluate(() => {
    const { view } = window.mjWorld;
    view.place.x += 20000;
    view.changed();
  });
  await chunkCells(page, Math.floor(20050 / 16), 1);
  const kept = await page.evaluate(() => ({
    origin: window.mjWorld.view.chunkCells(0, 0) !== null,
    dropped: window.mjWorld.view.stats.dropped,
  }));
  assert.deepEqual(kept.origin, false);
  assert.ok(kept.dropped > 0);
});

pageTest("a share link opens the same place in the same world", async (page) => {
  await openWorld(page, maze);
  await page.$eval("#seed", (box) => ((box.value = "3"), box.onchange()));
  await until(page, () => window.mjWorld.state.opened?.seed === 3);
  await page.$eval("#chunk", (box) => ((box.value = "32"), box.onchange()));
  await until(page, () => window.mjWorld.state.opened?.chunk === 32);
  await page.evaluate(() => {
    const { view } = window.mjWorld;
    view.zoomAt(100, 100, 2);
    view.place.x += 123.25;
  });
  await page.click("#share");
  const link = await page.$eval("#shareLink", (box) => box.value);
  const there = await page.evaluate(() => ({ ...window.mjWorld.view.place, ...window.mjWorld.state.opened }));
  const cells = await chunkCells(page, Math.floor(there.x / 32), Math.floor(there.y / 32));
  assert.match(link, /world\.html\?model=corpus%2FMazeGrowth&seed=3&chunk=32&x=/);

  await page.goto(link);
  await until(page, () => window.mjWorld?.ready);
  const opened = await page.evaluate(() => ({ ...window.mjWorld.view.place, ...window.mjWorld.state.opened }));
  for (const key of ["x", "y", "zoom"]) assert.ok(Math.abs(opened[key] - there[key]) <= 0.005, key);
  assert.deepEqual([opened.model, opened.seed, opened.chunk], ["corpus/MazeGrowth", 3, 32]);
  assert.deepEqual(await chunkCells(page, Math.floor(there.x / 32), Math.floor(there.y / 32)), cells);
});

pageTest("a model no world can be made of shows the library's line; a broken link says what is wrong", async (page) => {
  const sokoban = readFileSync(join(root, "models", "Sokoban.xml"), "utf8");
  let refusal = "";
  try {
    mj.world(sokoban, { name: "Sokoban.xml" });
  } catch (e) {
    refusal = e.message;
  }
  assert.match(refusal, /^Sokoban\.xml:\d+: .*<event>/);
  await openWorld(page, "model=own/Sokoban");
  assert.equal(await page.$eval("#worldMessage", (m) => m.textContent), refusal);
  assert.equal(await page.evaluate(() => window.mjWorld.state.opened), null);

  await openWorld(page, `${maze}&zoom=1000&x=abc`);
  const words = await page.$eval("#worldMessage", (m) => m.textContent);
  assert.match(words, /^this link is broken: x must be a number.*; zoom must be a number from 0\.25 to 64$/);
  await chunkCells(page, 0, 0); // the valid rest of the link opens

  // a chunk out of the library's range: its line, as the API gives it
  let chunkWords = "";
  try {
    mj.world(mazeXml, { name: "MazeGrowth.xml", chunk: 0 });
  } catch (e) {
    chunkWords = e.message;
  }
  assert.match(chunkWords, /chunk is 1 to \d+ cells on a side, not 0/);
  await openWorld(page, "model=corpus/MazeGrowth&chunk=0");
  assert.equal(await page.$eval("#worldMessage", (m) => m.textContent), chunkWords);
});

pageTest("the playground's world link opens the world page at the model chosen there", async (page) => {
  await open(page, "?model=corpus/River&size=40x40&seed=2");
  await Promise.all([page.waitForNavigation(), page.click("#worldLink")]);
  await until(page, () => window.mjWorld?.ready);
  assert.equal(await page.evaluate(() => window.mjWorld.state.opened?.model), "corpus/River");
  assert.equal(await page.$eval("#model", (select) => select.value), "corpus/River");
});
