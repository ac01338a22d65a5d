// Browser test of the wave view's last contradiction (playground/overlay.js over Inspection::contradiction):
// the cell a failed collapse left without options framed in red, the neighbour that took its last option in
// orange, and the options it lost named under the grid and drawn there, each pattern's cells in their colours.
// Usage: node --test playground/tests/browser_contradiction.mjs   (needs build-web/site)
import assert from "node:assert/strict";
import { choose, playground, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

// The marks canvas's pixel at the middle of the left edge of wave cell `cell`, where its frame is drawn.
const frameAt = (page, cell) =>
  page.evaluate((c) => {
    const marks = document.getElementById("marks");
    const i = window.mjPlayground.overlay.inspection; // the view shown (at the run's end, the last node's)
    const scale = marks.width / i.mx;
    const x = (c % i.mx) * scale + 1,
      y = Math.floor(c / i.mx) * scale + scale / 2;
    return [...marks.getContext("2d").getImageData(Math.floor(x), Math.floor(y), 1, 1).data];
  }, cell);

pageTest(
  "the wave view frames the last contradiction's cell and neighbour and names its lost options",
  async (page) => {
    await open(page);
    await page.evaluate(() => document.querySelector("#hint .close")?.click());
    // WaveBrickWall at 16 x 16, seed 1: collapses fail before one succeeds (tests/inspect_test.cpp)
    await choose(page, "corpus/WaveBrickWall", [16, 16, 1], 1);
    await page.click("#viewsOn");
    await page.click("#step");
    await until(page, () => window.mjPlayground.state.frame?.inspection?.contradiction);
    const { contradiction: c, mx, my } = await page.evaluate(() => window.mjPlayground.state.frame.inspection);
    assert.ok(c.cell >= 0 && c.cell < mx * my && c.neighbour >= 0, JSON.stringify(c));
    assert.equal(c.lost.length, c.patterns.length);
    assert.equal(c.lost[0], `pattern ${c.patterns[0]}`);
    const text = await page.$eval("#viewsText", (t) => t.textContent);
    const at = (cell) => `(${cell % mx}, ${Math.floor(cell / mx)})`;
    assert.ok(text.includes(`last contradiction at ${at(c.cell)}`), text);
    assert.ok(text.includes(`neighbour at ${at(c.neighbour)}`), text);
    assert.ok(text.includes(`lost ${c.lost.length} option`), text);
    // what was lost, as pictures under the words: each pattern's 3 x 3 cells in their colours, in the named order
    assert.deepEqual(c.pictureSize, [3, 3, 1]);
    assert.equal(c.pictures.length, c.lost.length);
    assert.ok(text.includes("drawn below, in that order"), text);
    const drawn = await page.evaluate(() => {
      const canvas = document.getElementById("viewsLost");
      const o = canvas.getContext("2d");
      return {
        shown: getComputedStyle(canvas).display !== "none",
        width: canvas.width,
        pixels: [...o.getImageData(0, 0, canvas.width, canvas.height).data],
        height: canvas.height,
      };
    });
    assert.ok(drawn.shown, "the lost options' canvas is shown");
    const side = 8, // 24 pixels a picture of 3 cells
      step = 3 * side + 6,
      perRow = Math.floor(drawn.width / step);
    const shown = Math.min(c.pictures.length, 96);
    assert.equal(drawn.height, Math.ceil(shown / perRow) * step);
    for (const k of [0, 1, shown - 1])
      for (let cell = 0; cell < 9; cell++) {
        const x = (k % perRow) * step + 3 + (cell % 3) * side + side / 2,
          y = Math.floor(k / perRow) * step + 3 + Math.floor(cell / 3) * side + side / 2;
        const at = (y * drawn.width + x) * 4;
        const argb = c.pictures[k][cell];
        assert.deepEqual(
          drawn.pixels.slice(at, at + 4),
          [(argb >> 16) & 255, (argb >> 8) & 255, argb & 255, 255],
          `pattern ${c.patterns[k]}'s cell ${cell}`,
        );
      }

    const [r, g, b, a] = await frameAt(page, c.cell);
    assert.ok(a > 0 && r > 200 && g < 80 && b < 80, `a red frame at the cell: ${[r, g, b, a]}`);
    const [r2, g2, , a2] = await frameAt(page, c.neighbour);
    assert.ok(a2 > 0 && r2 > 200 && g2 > 120, `an orange frame at the neighbour: ${[r2, g2, a2]}`);

    // the run's end: no node runs, and the wfc's view stays, its contradiction framed and named
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.finished);
    const ended = await page.$eval("#viewsText", (t) => t.textContent);
    assert.ok(ended.includes("the run has ended") && ended.includes(`last contradiction at ${at(c.cell)}`), ended);
    const [r3, g3, b3, a3] = await frameAt(page, c.cell);
    assert.ok(a3 > 0 && r3 > 200 && g3 < 80 && b3 < 80, `the red frame stays: ${[r3, g3, b3, a3]}`);
  },
);
