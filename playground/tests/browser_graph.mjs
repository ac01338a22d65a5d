#!/usr/bin/env node
// The playground's state graph (mj explore): it draws one picture per state that native `mj explore`
// counts, marks its outcomes, shows a clicked state's grid in the grid view, and refuses a model with too
// many states in one clear line.
// Usage: node --test playground/tests/browser_graph.mjs   (needs build-web/site and build/mj, or MJ_CLI)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drawGraph, mjCli, playground, shoot, until } from "./playground_page.mjs";

// Each B turns R or G, one cell a step: 3x1 has 27 grids and 8 ends, each ending as likely.
const PAINT = '<one values="BRG" symmetry="()"><rule in="B" out="R"/><rule in="B" out="G"/></one>';
// Dimers fall on 5x1 until no two B cells are neighbours: outcomes of different probabilities.
const DIMERS = '<one values="BR" in="BB" out="RR"/>';

// What native mj explore says of `xml` at mx x my: its JSON.
function nativeExplore(xml, mx, my) {
  const dir = mkdtempSync(join(tmpdir(), "mj-graph-"));
  try {
    writeFileSync(join(dir, "M.xml"), xml);
    const json = join(dir, "M.json");
    execFileSync(mjCli, ["explore", join(dir, "M.xml"), "--length", `${mx}`, "--width", `${my}`, "--json", json]);
    return JSON.parse(readFileSync(json, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { pageTest, open } = playground();

pageTest("the state graph has the explorer's states, and a click shows a state's grid", async (page) => {
  await open(page);
  const native = nativeExplore(PAINT, 3, 1);
  await drawGraph(page, PAINT, [3, 1, 1]);
  await until(page, () => document.querySelectorAll("#graph .state").length > 0);
  const drawn = await page.evaluate(() => ({
    states: document.querySelectorAll("#graph .state").length,
    outcomes: document.querySelectorAll("#graph .probability").length,
  }));
  assert.equal(drawn.states, native.states);
  assert.equal(drawn.outcomes, native.outcomes.length);

  // Click each outcome's picture: the grid view shows its cells (read back through the model's colours),
  // one of the grids native mj explore lists as an outcome.
  const nativeGrids = native.outcomes.map((o) => o.state.trim().split("\n").slice(2).join("/"));
  const ids = await page.evaluate(() => window.mjPlayground.graph.space.outcomes.map((o) => o.state));
  const shown = [];
  for (const id of ids) {
    await page.click(`#graph .state[data-state="${id}"]`);
    shown.push(
      await page.evaluate(() => {
        const { space } = window.mjPlayground.graph;
        const { canvas } = window.mjPlayground.view2d;
        const pixels = window.mjPlayground.view2d.pixels();
        const symbol = (i) => {
          const rgb = (pixels[i * 4] << 16) | (pixels[i * 4 + 1] << 8) | pixels[i * 4 + 2];
          return space.legend[space.colors.indexOf(rgb)] ?? "?";
        };
        const rows = [];
        for (let y = 0; y < canvas.height; y++)
          rows.push(Array.from({ length: canvas.width }, (_, x) => symbol(y * canvas.width + x)).join(""));
        return rows.join("/");
      }),
    );
  }
  assert.deepEqual([...shown].sort(), [...nativeGrids].sort());
  assert.match(await page.$eval("#counter", (e) => e.textContent), /^state \d+ of the state graph$/);
});

pageTest("outcomes are labelled with the explorer's probabilities", async (page) => {
  await open(page);
  const native = nativeExplore(DIMERS, 5, 1);
  await drawGraph(page, DIMERS, [5, 1, 1]);
  await until(page, () => document.querySelectorAll("#graph .state").length > 0);
  const labels = await page.$$eval("#graph .probability", (texts) => texts.map((t) => Number(t.textContent)));
  assert.equal(await page.$$eval("#graph .state", (g) => g.length), native.states);
  assert.deepEqual(
    labels.sort((a, b) => a - b),
    native.outcomes.map((o) => Number(o.probability.toPrecision(3))).sort((a, b) => a - b),
  );
});

// PAINT on 7x1: 2,315 states as mj explore counts them (3^7 grids), 128 outcomes. The graph is laid out by layers and drawn on a canvas,
// only the states in view; the page answers a Pause, and a click picks a state.
pageTest(
  "a graph of over 2,000 states: the page answers, only what is in view is drawn, a click picks",
  async (page) => {
    await open(page);
    const native = nativeExplore(PAINT, 7, 1);
    assert.ok(native.states >= 2000, `${native.states} states`);
    // the page's longest task from here on (reported: a figure, not an assertion)
    await page.evaluate(() => {
      window.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longestTask = Math.max(window.longestTask, e.duration);
      }).observe({ type: "longtask" });
    });
    await drawGraph(page, PAINT, [7, 1, 1]);
    await until(page, () => window.mjPlayground.graph.canvasGraph);
    // the page answers: a Pause clicked now shows its frame (which comes after the graph's, in order), and
    // a click on a state after that is not drawn over by it
    await page.evaluate(() => (window.frameBefore = window.mjPlayground.state.frame));
    await page.click("#pause");
    await until(page, () => window.mjPlayground.state.frame !== window.frameBefore);
    const drawn = await page.evaluate(() => {
      const g = window.mjPlayground.graph;
      return { states: g.space.states, outcomes: g.space.outcomes.length, drawn: g.canvasGraph.drawn };
    });
    assert.equal(drawn.states, native.states);
    assert.equal(drawn.outcomes, native.outcomes.length);
    assert.ok(
      drawn.drawn > 0 && drawn.drawn < drawn.states,
      `${drawn.drawn} of ${drawn.states} states drawn: those in view`,
    );
    await shoot(page, "graph-big");

    // A click on a state in view shows its grid.
    const target = await page.evaluate(() => {
      const g = window.mjPlayground.graph.canvasGraph;
      const r = g.canvas.getBoundingClientRect();
      // a state of the second layer whose box is in view
      const inView = (b) => b.x >= 0 && b.y >= 0 && b.x + b.width <= r.width && b.y + b.height <= r.height;
      const s = g.layout.layers[1].find((k) => inView(g.screenBox(k)));
      const b = g.screenBox(s);
      return { state: s, x: r.left + b.x + b.width / 2, y: r.top + b.y + b.height / 2 };
    });
    await page.mouse.click(target.x, target.y);
    await until(
      page,
      (s) => document.getElementById("counter").textContent === `state ${s} of the state graph`,
      target.state,
    ).catch(async (e) => {
      const at = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 80), target);
      throw new Error(`${e.message}: state ${target.state} at (${target.x}, ${target.y}), where the page has ${at}`);
    });
    await until(
      page,
      (s) => document.getElementById("counter").textContent === `state ${s} of the state graph`,
      target.state,
    );
    const same = await page.evaluate((s) => {
      const want = window.mjPlayground.graph.canvasGraph.picture(s).rgba;
      const got = window.mjPlayground.view2d.pixels();
      return want.length === got.length && want.every((v, k) => v === got[k]);
    }, target.state);
    assert.ok(same, "the grid view shows the picked state");

    // Zoomed out, more of the graph is in view and drawn.
    const box = await page.$eval("#graph canvas", (c) => c.getBoundingClientRect().toJSON());
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    for (let k = 0; k < 6; k++) await page.mouse.wheel({ deltaY: 300 });
    await until(page, (n) => window.mjPlayground.graph.canvasGraph.drawn > n, drawn.drawn);
    const longest = await page.evaluate(() => window.longestTask);
    console.log(
      `# ${drawn.states} states: ${drawn.drawn} drawn at first; the page's longest task ${longest.toFixed(0)} ms`,
    );
    await shoot(page, "graph-big-zoomed-out");
  },
);

pageTest("a model with too many states is refused in one line", async (page) => {
  await open(page);
  await drawGraph(page, '<one values="BW" in="B" out="W"/>', [4, 4, 1]); // 2^16 sets of white cells
  await until(page, () => /states/.test(document.getElementById("message").textContent));
  // the library's message, its setting (the state limit) in the page's words
  assert.equal(
    await page.$eval("#message", (e) => e.textContent),
    "mj: more than 5000 states: mj explore is for small models (a smaller grid, or a higher limit, which this page keeps small for a graph to read: make the size boxes smaller)",
  );
  assert.equal(await page.$$eval("#graph .state", (g) => g.length), 0);
  // the page stays usable: a small model's graph is drawn next
  await drawGraph(page, '<one values="BW" in="B" out="W"/>', [2, 1, 1]);
  await until(page, () => document.querySelectorAll("#graph .state").length === 5);
});
