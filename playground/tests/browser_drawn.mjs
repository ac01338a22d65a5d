#!/usr/bin/env node
// What the page draws, read from its pixels rather than its text: the state graph's key swatches, its start
// and end frames and the ring of the run's grid (following the run), on the small graph (SVG) and the big
// one (canvas); the 3D view redrawn on the way through a run, not only at its end. A regression that draws
// nothing (or draws the same picture every frame) fails here, whatever the text around it says.
// Usage: node --test playground/tests/browser_drawn.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { drawGraph, frame, playground, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

const RING = [0x40, 0xe0, 0xa0],
  START = [0x5a, 0x9a, 0xff],
  END = [0xf0, 0xc0, 0x40],
  PICKED = [0xff, 0x60, 0xff];

// The screen's pixels in `box` (CSS pixels of the page, device scale 1), as Chromium drew them: [r, g, b, a...].
async function screenPixels(page, box) {
  const clip = {
    x: Math.max(0, Math.floor(box.x)),
    y: Math.max(0, Math.floor(box.y)),
    width: Math.ceil(box.width),
    height: Math.ceil(box.height),
  };
  const png = await page.screenshot({ clip, encoding: "base64", captureBeyondViewport: false });
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(0, 0, image.width, image.height).data);
  }, png);
}

// How many of `pixels` are of `colour` (within a little, for antialiased edges).
const countOf = (pixels, [r, g, b]) => {
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4)
    if (Math.abs(pixels[i] - r) + Math.abs(pixels[i + 1] - g) + Math.abs(pixels[i + 2] - b) < 40) n++;
  return n;
};

// A box grown by `by` pixels on each side.
const grown = (b, by) => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });

// The box of the small (SVG) graph's state `s` on the page.
const stateBox = (page, s) =>
  page.$eval(`#graph .state[data-state="${s}"] rect`, (r) => r.getBoundingClientRect().toJSON()).catch(() => null);

// One Step, shown.
async function stepOnce(page) {
  const at = (await frame(page)).steps;
  await page.click("#step");
  await until(page, (s) => window.mjPlayground.state.frame?.steps > s, at);
}

// The state the summary names as the run's grid.
const ringed = (page) =>
  page.$eval("#graph .summary", (e) => Number(e.textContent.match(/the run's grid: state (\d+)/)?.[1] ?? -1));

pageTest("the small state graph draws its key, its start and end frames, and rings the run's grid", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  // B -> W one cell at a time on 3x1: the start all B, one end all W
  await drawGraph(page, '<one values="BW" in="B" out="W"/>', [3, 1, 1]);
  await until(
    page,
    () =>
      document.querySelectorAll("#graph .state").length === window.mjPlayground.graph.space?.states &&
      /run's grid: state/.test(document.querySelector("#graph .summary").textContent),
  );
  // the key: each swatch drawn in its colour
  for (const [name, colour] of [
    ["start", START],
    ["outcome", END],
    ["current", RING],
    ["picked", PICKED],
  ]) {
    const box = await page.$eval(`#graph .key i.${name}`, (i) => i.getBoundingClientRect().toJSON());
    const n = countOf(await screenPixels(page, box), colour);
    assert.ok(n >= 16, `the key's ${name} swatch: ${n} pixels of its colour`);
  }

  // the ring: drawn around the run's grid, and it moves with the run
  const rings = async (s) => countOf(await screenPixels(page, grown(await stateBox(page, s), 4)), RING);
  assert.equal(await ringed(page), 0);
  const box = await stateBox(page, 0);
  assert.ok((await rings(0)) >= box.width + box.height, `a ring around the start: ${await rings(0)} pixels`);
  await stepOnce(page);
  await until(page, () => !/run's grid: state 0\b/.test(document.querySelector("#graph .summary").textContent));
  const now = await ringed(page);
  assert.ok(now > 0, `the run's grid after a step: state ${now}`);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok((await rings(now)) >= box.width + box.height, `the ring moved to state ${now}`);
  assert.ok((await rings(0)) < 4, `no ring left around the start: ${await rings(0)} pixels`);
  // the start's frame is blue (seen now that the ring left it), the end's gold
  const end = await page.evaluate(() => window.mjPlayground.graph.space.outcomes[0].state);
  const blue = countOf(await screenPixels(page, await stateBox(page, 0)), START);
  assert.ok(blue >= box.width + box.height, `the start's blue frame: ${blue} pixels`);
  const gold = countOf(await screenPixels(page, await stateBox(page, end)), END);
  assert.ok(gold >= box.width + box.height, `the end's gold frame: ${gold} pixels`);
  // a wider graph, then a narrower window: still fitted whole to its panel's width (as it was drawn)
  await drawGraph(page, '<one values="BR" in="BB" out="RR"/>', [6, 1, 1]);
  await until(
    page,
    () => document.querySelectorAll("#graph .state").length === window.mjPlayground.graph.space?.states,
  );
  await page.setViewport({ width: 1000, height: 700 });
  await until(
    page,
    () =>
      document.querySelector("#graph svg").getBoundingClientRect().width <=
      document.querySelector("#graph .drawing").clientWidth + 1,
  );
});

pageTest("the big state graph (a canvas) draws its frames and the ring of the run's grid", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  // B painted R or G a cell at a time on 7x1: 2,187 states (3^7), drawn on a canvas
  await drawGraph(
    page,
    '<one values="BRG" symmetry="()"><rule in="B" out="R"/><rule in="B" out="G"/></one>',
    [7, 1, 1],
  );
  await until(page, () => window.mjPlayground.graph.canvasGraph?.current === 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const box = await page.evaluate(() => {
    const g = window.mjPlayground.graph.canvasGraph;
    const r = g.canvas.getBoundingClientRect(),
      b = g.screenBox(0);
    return { x: r.left + b.x, y: r.top + b.y, width: b.width, height: b.height };
  });
  const pixels = await screenPixels(page, grown(box, 6));
  assert.ok(countOf(pixels, START) >= 10, `the start's blue frame: ${countOf(pixels, START)} pixels`);
  const ring = countOf(pixels, RING);
  assert.ok(ring >= box.width + box.height, `a ring around the start: ${ring} pixels`);
  // the whole canvas has states of several kinds drawn (not only the background)
  const canvas = await page.$eval("#graph canvas", (c) => c.getBoundingClientRect().toJSON());
  const all = await screenPixels(page, canvas);
  assert.ok(countOf(all, [0x55, 0x55, 0x55]) > 100, "the states' grey frames");
});

pageTest("the 3D view is redrawn on the way through a run, not only at its end", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  // a growth from the centre of an 8x8x8 grid: 511 steps, at 16 steps a frame about 32 frames
  await page.evaluate(() =>
    window.mjPlayground.chooseModel("corpus/Apartemazements", {
      size: [8, 8, 8],
      seed: 1,
      steps: 0,
      xml: '<one values="BW" origin="True" in="WB" out="WW"/>',
    }),
  );
  await until(page, () => !window.mjPlayground.state.loading && window.mjPlayground.state.frame?.mz === 8);
  const available = await page.evaluate(() => window.mjPlayground.view3d.available);
  assert.ok(available, "WebGL (software) in this Chromium");
  // every 3D drawing: the frame's step and a digest of what the canvas then holds
  await page.evaluate(() => {
    const view = window.mjPlayground.view3d;
    const draw = view.draw.bind(view);
    const small = new OffscreenCanvas(96, 96).getContext("2d", { willReadFrequently: true });
    window.drawn3d = [];
    view.draw = (f) => {
      draw(f);
      small.clearRect(0, 0, 96, 96);
      small.drawImage(view.renderer.domElement, 0, 0, 96, 96);
      const data = small.getImageData(0, 0, 96, 96).data;
      let digest = 0,
        lit = 0;
      for (let i = 0; i < data.length; i += 4) {
        digest = (Math.imul(digest, 31) + data[i] + 7 * data[i + 1] + 13 * data[i + 2]) | 0;
        if (data[i] + data[i + 1] + data[i + 2] > 3 * 0x50) lit++;
      }
      window.drawn3d.push({ steps: f.steps, finished: !!f.finished, digest, lit });
    };
  });
  await page.$eval("#speed", (s) => ((s.value = 4), s.oninput())); // 16 steps a frame
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.finished && window.drawn3d.some((d) => d.finished));
  const drawn = await page.evaluate(() => window.drawn3d);
  const last = drawn.at(-1);
  const onTheWay = drawn.filter((d) => !d.finished && d.steps > 0 && d.steps < last.steps);
  const pictures = new Set(onTheWay.map((d) => d.digest));
  assert.ok(onTheWay.length >= 5, `${onTheWay.length} drawings before the end (${last.steps} steps)`);
  assert.ok(pictures.size >= 5, `${pictures.size} different pictures on the way`);
  // the white cells grow on the screen as the run goes
  const grows = onTheWay.map((d) => d.lit);
  assert.ok(grows.at(-1) > grows[0] && last.lit > grows[0], `lit pixels: ${grows.join(",")}, at the end ${last.lit}`);
});

// The rows the header's controls take: their tops, those within a few pixels of each other one row.
const headerRows = (page) =>
  page.$$eval("header > *", (items) => {
    const tops = items
      .filter((e) => e.getClientRects().length)
      .map((e) => e.getBoundingClientRect())
      .map((r) => r.top + r.height / 2)
      .sort((a, b) => a - b);
    return tops.filter((t, k) => k === 0 || t - tops[k - 1] > 10).length;
  });

pageTest("the header is one row at 1400x900 and two at most at 1000x700, a 3D model's size boxes too", async (page) => {
  for (const link of ["", "?model=corpus/Apartemazements"]) {
    await page.setViewport({ width: 1400, height: 900 });
    await open(page, link);
    await until(page, () => !window.mjPlayground.state.loading);
    assert.equal(await headerRows(page), 1, `1400x900 ${link}`);
    await page.setViewport({ width: 1000, height: 700 });
    await until(page, () => document.body.clientWidth === 1000);
    assert.ok((await headerRows(page)) <= 2, `1000x700 ${link}: ${await headerRows(page)} rows`);
  }
});
