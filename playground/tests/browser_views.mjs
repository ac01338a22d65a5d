// Browser tests of the debugger's views (playground/overlay.js): a field's heat map drawn over the
// grid, following the potentials the library computed, and the wave of a wfc model as it collapses.
// Usage: node --test playground/tests/browser_views.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { choose, playground, runToEnd, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

// Turns the views on for the node at `line` (0: the active one) and waits for a frame that shows them.
async function showViews(page, line, view) {
  await page.click("#viewsOn");
  await page.select("#viewsNode", String(line));
  await until(page, (l) => window.mjPlayground.state.frame?.inspection?.line === l || l === 0, line);
  await until(page, () => window.mjPlayground.state.frame?.inspection);
  if (view) {
    await until(page, (v) => [...document.querySelectorAll("#viewsKind option")].some((o) => o.value === v), view);
    await page.select("#viewsKind", view);
  }
}

// The views canvas's RGBA at the centre of cell c of the inspected grid.
const pixelAt = (page, { mx, my }, c) =>
  page.evaluate(
    (x, y, w, h) => {
      const canvas = document.getElementById("views");
      const px = Math.floor(((x + 0.5) * canvas.width) / w),
        py = Math.floor(((y + 0.5) * canvas.height) / h);
      return [...canvas.getContext("2d").getImageData(px, py, 1, 1).data];
    },
    c % mx,
    Math.floor(c / mx),
    mx,
    my,
  );
const brightness = ([r, g, b]) => r + g + b;

// The frame's inspection with its typed arrays as plain arrays (page.evaluate returns those as objects).
const inspectionOf = (page) =>
  page.evaluate(() => {
    const i = window.mjPlayground.state.frame.inspection;
    const rows = (list) => list.map((p) => ({ value: p.value, cells: Array.from(p.cells) }));
    return {
      ...i,
      fields: rows(i.fields),
      potentials: rows(i.potentials),
      future: i.future && Array.from(i.future),
      options: i.options && Array.from(i.options),
    };
  });

pageTest("a field's heat map follows its potentials, unreachable cells marked", async (page) => {
  await open(page);
  await choose(page, "corpus/CrossCountry", [40, 40, 1], 2);
  await runToEnd(page);
  await showViews(page, 9, "field:2"); // <one in="F" out="O"> with <field for="O" from="U" on="F">
  const inspection = await inspectionOf(page);
  assert.equal(inspection.kind, "one");
  const field = inspection.fields.find((f) => f.value === 2).cells;
  // The nearest and the farthest reachable cells, and an unreachable one if there is any.
  let near = -1,
    far = -1,
    cut = -1;
  for (let c = 0; c < field.length; c++) {
    if (field[c] < 0) cut = c;
    else {
      if (near < 0 || field[c] < field[near]) near = c;
      if (far < 0 || field[c] > field[far]) far = c;
    }
  }
  assert.ok(field[far] > field[near], "the field has different distances");
  const nearPixel = await pixelAt(page, inspection, near),
    farPixel = await pixelAt(page, inspection, far);
  assert.ok(nearPixel[3] > 0 && farPixel[3] > 0, "the heat map covers reachable cells");
  assert.ok(brightness(farPixel) > brightness(nearPixel) + 100, `far ${farPixel} is brighter than near ${nearPixel}`);
  if (cut >= 0) assert.ok(brightness(await pixelAt(page, inspection, cut)) < 120, "unreachable cells are dark");
  assert.match(await page.$eval("#viewsText", (t) => t.textContent), /distance 0 \(dark\) to \d+/);
  // Off: the overlay is clear again, the grid as it was.
  await page.click("#viewsOn");
  await until(page, () => !window.mjPlayground.overlay.on);
  assert.equal((await pixelAt(page, inspection, far))[3], 0);
});

pageTest("the wave's uncertainty while wfc collapses, decided cells clear", async (page) => {
  await open(page);
  await choose(page, "corpus/WaveBrickWall", [24, 24, 1], 1);
  await page.click("#viewsOn");
  for (let k = 0; k < 30; k++) {
    await page.click("#step");
    await until(page, (s) => window.mjPlayground.state.frame?.steps >= s, k + 1);
  }
  await until(page, () => window.mjPlayground.state.frame?.inspection?.options);
  const inspection = await inspectionOf(page);
  assert.equal(inspection.kind, "wfc");
  const options = inspection.options;
  const open_ = options.findIndex((n) => n > 1),
    decided = options.findIndex((n) => n === 1);
  assert.ok(open_ >= 0 && decided >= 0, "mid-run, some cells are decided and some are not");
  assert.ok((await pixelAt(page, inspection, open_))[3] > 0, "an undecided cell is coloured");
  assert.equal((await pixelAt(page, inspection, decided))[3], 0, "a decided cell is left clear");
  assert.match(await page.$eval("#viewsText", (t) => t.textContent), /\d+ of 576 cells decided/);
  // At the end every cell is decided: nothing is drawn.
  await page.click("#end");
  await until(page, () => window.mjPlayground.state.frame?.finished);
  const end = await inspectionOf(page);
  assert.ok(end.kind !== "wfc" || end.options.every((n) => n === 1), "every cell decided at the end");
});
