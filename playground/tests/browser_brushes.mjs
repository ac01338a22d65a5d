// Browser test of the playground's brushes (playground/brush.js): cells painted on the grid in the
// model's values are the start grid of the runs, kept with the model's draft (a reload brings them back)
// and in share links; Ctrl+Z and the undo button take strokes back; pins hold their cells through a run
// (when this build of mj takes pins).
// Usage: node --test playground/tests/browser_brushes.mjs   (needs build-web/site)
//        MJ_SHOTS=DIR node --test playground/tests/browser_brushes.mjs: also screenshots
import assert from "node:assert/strict";
import { choose, download, playground, runToEnd, shoot, stroke, until } from "./playground_page.mjs";

const { served, pageTest, open } = playground();

// Basic (<one values="BW" in="B" out="W"/>): every B turns W, one a step.
const BASIC = ["corpus/Basic", [12, 12, 1], 1];

// The rows of the grid on screen (the page's "state" export, its first two lines left out).
const rowsOnScreen = async (page) =>
  (await download(page, () => page.click('[data-export="state"]'))).toString("utf8").trim().split("\n").slice(2);

// Does `act` bring a new frame (the run begun again, or a step)? Waits for it.
async function newFrame(page, act) {
  await page.evaluate(() => (window.frameBefore = window.mjPlayground.state.frame));
  await act();
  await until(page, () => window.mjPlayground.state.frame && window.mjPlayground.state.frame !== window.frameBefore);
}

// The brush and the value painted, chosen as a person would.
async function pick(page, brush, value) {
  await page.select("#brush", brush);
  await page.click(`#brushLegend .swatch[data-value="${value}"]`);
  assert.deepEqual(
    await page.$$eval("#brushLegend .swatch.chosen", (s) => s.map((b) => b.dataset.value)),
    [String(value)],
    "the chosen value is framed in the legend",
  );
}

const painted = (row, from, to) => [...row].every((c, x) => (x >= from && x <= to ? c === "W" : c === "B"));

pageTest("painted cells are the start grid, undone by Ctrl+Z and the button, back after a reload", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, ...BASIC);
  await pick(page, "start", 1); // W
  await newFrame(page, () => stroke(page, [2, 3], [5, 3]));
  let rows = await rowsOnScreen(page);
  assert.equal((await page.evaluate(() => window.mjPlayground.state.frame)).steps, 0);
  assert.ok(painted(rows[3], 2, 5), `row 3 painted W from x 2 to 5: ${rows[3]}`);
  assert.ok(
    rows.every((r, y) => y === 3 || !r.includes("W")),
    "nothing else painted",
  );
  assert.match(await page.$eval("#brushText", (e) => e.textContent), /start grid 4 cells/);

  // a second stroke, taken back by Ctrl+Z (the grid has the focus)
  await newFrame(page, () => stroke(page, [0, 0]));
  assert.equal((await rowsOnScreen(page))[0][0], "W");
  await newFrame(page, () => page.keyboard.down("Control").then(() => page.keyboard.press("z")));
  await page.keyboard.up("Control");
  rows = await rowsOnScreen(page);
  assert.equal(rows[0][0], "B", "Ctrl+Z took the stroke back");
  assert.ok(painted(rows[3], 2, 5), "the stroke before it stays");

  // a run goes on from the painted grid: it takes 4 steps fewer than from the empty grid (mj run Basic
  // --size 12 --seed 1: 145 steps, a step a cell and the last that finds no B)
  await runToEnd(page);
  assert.equal((await page.evaluate(() => window.mjPlayground.state.frame)).steps, 145 - 4);

  // the painting is kept with the model: a reload (no link) and the model chosen again bring it back,
  // at the size it was painted at
  await page.reload();
  await until(page, () => window.mjPlayground?.state.frame);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, "corpus/Basic");
  await page.click("#reset");
  await until(page, () => window.mjPlayground.state.frame?.steps === 0 && !window.mjPlayground.state.loading);
  rows = await rowsOnScreen(page);
  assert.equal(rows.length, 12, "the size it was painted at");
  assert.ok(painted(rows[3], 2, 5), `the painting is back: ${rows[3]}`);
  await shoot(page, "brushes-start");

  // a stroke after the reload, and the undo button takes it back
  await pick(page, "start", 1);
  await newFrame(page, () => stroke(page, [7, 7]));
  assert.equal((await rowsOnScreen(page))[7][7], "W");
  await newFrame(page, () => page.click("#brushUndo"));
  assert.equal((await rowsOnScreen(page))[7][7], "B", "the undo button took it back");
  assert.ok(await page.$eval("#brushUndo", (b) => b.disabled), "nothing more to undo");
});

pageTest("a quick stroke paints every cell on its line, however few the mouse's events", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, ...BASIC);
  await pick(page, "start", 1);
  // 12 cells in 3 mouse moves (the second and third end 5 and 11 cells on), then a diagonal in 2
  await newFrame(page, () => stroke(page, [0, 6], [11, 6], 2));
  await newFrame(page, () => stroke(page, [0, 0], [5, 5], 2));
  const rows = await rowsOnScreen(page);
  assert.equal(rows[6], "W".repeat(12), "row 6 painted end to end");
  for (let k = 0; k <= 5; k++) assert.equal(rows[k][k], "W", `the diagonal's cell (${k}, ${k})`);
  assert.match(await page.$eval("#brushText", (e) => e.textContent), /start grid 18 cells/);
});

pageTest("a share link carries the painting to a fresh page", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, ...BASIC);
  await pick(page, "start", 1);
  await newFrame(page, () => stroke(page, [1, 9], [1, 11]));
  await page.click("#share");
  const link = await page.$eval("#shareLink", (e) => e.value);
  assert.match(link, /#/);

  const context = await served.browser.createBrowserContext(); // no storage of the page before
  const fresh = await context.newPage();
  try {
    await fresh.setViewport({ width: 1400, height: 800 });
    await fresh.goto(link);
    await until(fresh, () => window.mjPlayground?.state.frame && !window.mjPlayground.state.loading);
    await until(fresh, () => window.mjPlayground.brushes.painting?.start);
    await until(fresh, () =>
      /this link's runs start from its painting \(start grid 3 cells\)/.test(
        document.getElementById("message").textContent,
      ),
    ).catch(async (e) => {
      throw new Error(`${e.message}: the message says ${await fresh.$eval("#message", (m) => m.textContent)}`);
    });
    await fresh.click("#reset");
    await until(fresh, () => window.mjPlayground.state.frame?.steps === 0 && !window.mjPlayground.state.loading);
    const rows = await rowsOnScreen(fresh);
    assert.deepEqual(
      rows.map((r) => r[1]),
      [..."BBBBBBBBBWWW"],
      "column 1 painted from y 9 on",
    );
    assert.ok(
      rows.every((r) => r[0] === "B" && r.slice(2) === "B".repeat(10)),
      "nothing else painted",
    );
  } finally {
    await context.close();
  }
});

pageTest("pinned cells keep their value through a run, a goal needs inference", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, ...BASIC);
  await pick(page, "pins", 0); // B, which Basic would turn W
  await newFrame(page, () => stroke(page, [4, 4], [4, 6]));
  assert.match(await page.$eval("#brushText", (e) => e.textContent), /pins 3 cells/);
  await shoot(page, "brushes-pins");
  await runToEnd(page);
  const rows = await rowsOnScreen(page);
  assert.deepEqual(
    rows.map((r) => r[4]),
    [..."WWWWBBBWWWWW"],
    "the pinned cells are still B, the others W",
  );

  // a goal painted on a model that infers nothing: the library's refusal is said, and the run goes on
  await pick(page, "goal", 1);
  await stroke(page, [0, 0]);
  await until(page, () => /no inference node/.test(document.getElementById("message").textContent));
  assert.match(await page.$eval("#brushText", (e) => e.textContent), /pins 3 cells, goal 1 cell/);
  await runToEnd(page);
  assert.equal((await rowsOnScreen(page))[5][4], "B", "the pins still hold");
  assert.match(
    await page.$eval("#message", (e) => e.textContent),
    /no inference node/,
    "the refusal is said after Run",
  );
});

pageTest("a listed model's own pins (its entry's picture) are the pins layer, and they hold", async (page) => {
  await open(page);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
  await choose(page, "own/DoorRooms", undefined, 1); // pins="DoorRooms_pins.png" beside demo.xml
  await until(page, () => window.mjPlayground.brushes.painting?.pins);
  const { pins, legend } = await page.evaluate(() => ({
    pins: [...window.mjPlayground.brushes.painting.pins],
    legend: window.mjPlayground.brushes.legend,
  }));
  const pinned = pins.map((v, i) => [i, v]).filter(([, v]) => v !== 255);
  assert.ok(pinned.length > 0, "the picture pins cells");
  assert.ok(
    pinned.every(([, v]) => legend[v] === "D"),
    "its pins are doors",
  );
  assert.equal(
    await page.evaluate(() => localStorage.getItem("mj.painting.own/DoorRooms")),
    null,
    "not kept as a painting until changed",
  );
  await runToEnd(page);
  const cells = (await rowsOnScreen(page)).join("");
  assert.ok(
    pinned.every(([i, v]) => cells[i] === legend[v]),
    "every pinned cell holds its value at the end",
  );
});
