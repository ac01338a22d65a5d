#!/usr/bin/env node
// The playground's tools as a newcomer meets them (issue 51): a rule picture's cells cycle through the
// model's values and '*', each click keeping the model valid; the state graph closes, is not drawn twice
// and goes with its model; a refused "predecessors" request ends in its panel with the library's words.
// Usage: node --test playground/tests/browser_tools.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { join } from "node:path";
import { choose, download, drawGraph, frame, playground, root, runToEnd, until } from "./playground_page.mjs";

const { pageTest, open } = playground();

// GrowthMaze (models/GrowthMaze.xml): values="BWP", one rule in="WBB" out="WPW".
const VALUES = "BWP";

// The written rule 0's two sides as the node tree shows them: {in, out}.
const ruleShown = (page) =>
  page.evaluate(() => {
    const find = (n) => (n.rules?.length ? n : (n.children ?? []).map(find).find(Boolean));
    const rule = find(window.mjPlayground.state.tree)?.rules.find((r) => r.original);
    return rule ? { in: rule.input, out: rule.output } : null;
  });

// Clicks cell `index` of the `side` picture of the written rule 0 and waits for the model loaded again
// (its tree drawn anew) or for a message; returns the message.
async function clickCell(page, side, index) {
  const target = await page.evaluate(
    (s, k) => {
      const canvas = document.querySelector(`#tree .rule[data-rule="0"] canvas[data-side="${s}"]`);
      const r = canvas.getBoundingClientRect(),
        cell = (+canvas.dataset.cell * r.width) / canvas.width;
      window.treeBefore = window.mjPlayground.state.tree;
      return { x: r.left + (k + 0.5) * cell, y: r.top + cell / 2 };
    },
    side,
    index,
  );
  await page.mouse.click(target.x, target.y);
  await until(page, () => {
    const { state } = window.mjPlayground;
    const said = document.getElementById("message").textContent;
    return !state.loading && (said || (state.tree !== window.treeBefore && state.frame));
  });
  return page.$eval("#message", (m) => m.textContent);
}

pageTest(
  "a rule picture's cells cycle through the model's values and '*', the model valid at each click",
  async (page) => {
    await open(page);
    await page.evaluate(() => document.querySelector("#hint .close")?.click());
    await choose(page, "own/GrowthMaze", [21, 21, 1], 7);
    const original = await page.evaluate(() => window.mjPlayground.editor.text);
    // cells big enough to click
    const sizes = await page.$$eval('#tree .rule[data-rule="0"] canvas', (canvases) =>
      canvases.map((c) => (+c.dataset.cell * c.getBoundingClientRect().width) / c.width),
    );
    assert.ok(sizes.length === 2 && sizes.every((px) => px >= 16), `cells of ${sizes} pixels`);

    const cycle = VALUES + "*";
    for (const side of ["in", "out"]) {
      const start = (await ruleShown(page))[side];
      for (let index = 0; index < start.length; index++) {
        // a full cycle: every value and '*' once, back to the cell's own symbol
        let symbol = start[index];
        for (let click = 1; click <= cycle.length; click++) {
          const said = await clickCell(page, side, index);
          assert.equal(said, "", `click ${click} on ${side} cell ${index}: the model stays valid`);
          symbol = cycle[(cycle.indexOf(symbol) + 1) % cycle.length];
          const shown = (await ruleShown(page))[side];
          assert.equal(shown[index], symbol, `click ${click} on ${side} cell ${index} of ${start}`);
        }
        assert.equal((await ruleShown(page))[side], start, `${side} is back to ${start} after ${cycle.length} clicks`);
      }
    }
    assert.equal(await page.evaluate(() => window.mjPlayground.editor.text), original);
  },
);

// Each B turns W, one cell a step.
const PAINT = '<one values="BW" in="B" out="W"/>';

// The state graph drawn, a picture for each of its states (a function for the page).
const drawnWhole = () => window.mjPlayground.graph.space?.states === document.querySelectorAll("#graph .state").length;

// After `act`, a step taken and shown: every message the worker had before it has been answered.
async function roundTrip(page) {
  const at = (await frame(page)).steps;
  await page.click("#step");
  await until(page, (s) => window.mjPlayground.state.frame?.steps > s, at);
}

pageTest("the state graph closes, is drawn once however often it is asked, and goes with its model", async (page) => {
  await open(page);
  await drawGraph(page, PAINT, [2, 1, 1]);
  await until(page, drawnWhole);
  const first = await page.evaluate(() => (window.firstSpace = window.mjPlayground.graph.space) !== null);
  assert.ok(first);
  // asked again for the same model: the same graph, not drawn again
  await page.click("#graphButton");
  await roundTrip(page);
  assert.ok(await page.evaluate(() => window.mjPlayground.graph.space === window.firstSpace), "drawn again");
  assert.equal(await page.$$eval("#graph svg", (s) => s.length), 1);
  const { states, transitions } = await page.evaluate(() => window.mjPlayground.graph.space);
  assert.match(
    await page.$eval("#graph .summary", (e) => e.textContent),
    new RegExp(`^${states} states, ${transitions} transitions, 1 end; the run's grid: state \\d+$`),
  );

  // the close button
  await page.click("#graph .close");
  assert.ok(await page.$eval("#graph", (g) => g.hidden), "closed");
  await page.click("#graphButton");
  await until(page, drawnWhole);

  // another model: the graph goes, and a graph asked just before the switch never shows
  await choose(page, "own/BacktrackerMaze", [9, 9, 1], 1);
  assert.ok(await page.$eval("#graph", (g) => g.hidden), "gone with its model");
  await drawGraph(page, PAINT, [2, 1, 1]);
  await choose(page, "own/GrowthMaze", [9, 9, 1], 1);
  await roundTrip(page);
  assert.ok(await page.$eval("#graph", (g) => g.hidden), "a late graph of the model left is not shown");
  const stage = await page.$eval("#stage2d", (s) => s.getBoundingClientRect().height);
  const view = await page.$eval("#view", (s) => s.getBoundingClientRect().height);
  assert.ok(stage > view / 2, `the grid has its room back (${stage} of ${view} pixels)`);
});

pageTest("a refused predecessors request ends in its panel, in the library's words", async (page) => {
  const { loadMj } = await import(join(root, "build-web", "api.mjs"));
  const mj = await loadMj();
  await open(page);
  await choose(page, "own/BacktrackerMaze", [9, 9, 1], 1);
  // what the library says of the grid at step 0 (a markov of two <one> nodes)
  const xml = await page.evaluate(() => window.mjPlayground.editor.text);
  const model = mj.load(xml, { size: [9, 9, 1], name: "BacktrackerMaze.xml" });
  model.start(1);
  const words = (() => {
    try {
      mj.predecessors(xml, model.grid(), { size: [9, 9, 1], name: "BacktrackerMaze.xml", maxStates: 100000 });
    } catch (e) {
      return e.message;
    }
    return "";
  })();
  model.dispose();
  assert.ok(words, "the library refuses it");

  await page.click("#predecessorsButton");
  await until(page, () => !/searching/.test(document.getElementById("predecessorsText").textContent));
  const said = await page.$eval("#predecessorsText", (e) => e.textContent);
  assert.ok(said.endsWith(words), `the panel says "${said}", the library "${words}"`);
  assert.equal(await page.$eval("#message", (m) => m.textContent), "", "not a red line under the grid");
});

// The state text export of the grid on screen: {steps (its header's), rows ("BW/WB")}.
async function stateExport(page) {
  const text = (await download(page, () => page.click('[data-export="state"]'))).toString("utf8");
  const lines = text.trim().split("\n");
  return { steps: +lines[0].split(" ").at(-1), rows: lines.slice(2).join("/") };
}

// Asks for the predecessors of the grid on screen; the panel's words.
async function askPredecessors(page) {
  await page.evaluate(() => (window.mjPlayground.predecessors.found = null));
  await page.click("#predecessorsButton");
  await until(page, () => window.mjPlayground.predecessors.found);
  return page.$eval("#predecessorsText", (e) => e.textContent);
}

// Each B turns W, one cell a step: on 3x1 every grid of B and W is a state (8), each but BBB the end of a
// transition from every grid with one W fewer.
pageTest(
  "predecessors and exports are of the grid on screen: a graph's state, the live run, a past step",
  async (page) => {
    await open(page);
    await drawGraph(page, PAINT, [3, 1, 1]);
    await until(page, drawnWhole);
    // a state with two W cells: its predecessors are the graph's states with a transition into it
    const { picked, into, grids } = await page.evaluate(() => {
      const { space } = window.mjPlayground.graph;
      const s = space.grids.findIndex((g) => [...g].filter((c) => c === "W").length === 2);
      const from = space.edges.flatMap((successors, k) => (successors.some(([to]) => to === s) && k !== s ? [k] : []));
      return { picked: s, into: from.map((k) => space.grids[k]).sort(), grids: space.grids };
    });
    assert.equal(into.length, 2);
    await page.click(`#graph .state[data-state="${picked}"]`);
    const said = await askPredecessors(page);
    const found = await page.evaluate(() => window.mjPlayground.predecessors.found.texts);
    const rows = (text) => text.trim().split("\n").slice(2).join("/");
    assert.deepEqual(found.map(rows).sort(), into, "the predecessors of the picked state");
    assert.match(said, new RegExp(`^2 predecessors of the grid of state ${picked} of the state graph`));
    assert.equal((await stateExport(page)).rows, grids[picked], "the export is of the picked state");

    // a step of the run: its grid is on screen again
    await roundTrip(page);
    assert.match(await askPredecessors(page), /^1 predecessor of the grid of step 1:/);
    const live = await stateExport(page);
    assert.equal(live.steps, 1);
    // a past step: one more step, then back
    await roundTrip(page);
    await page.click("#back");
    await until(page, () => window.mjPlayground.state.frame?.viewing === 1);
    assert.deepEqual(await stateExport(page), live, "the export is of the past step on screen");
    assert.match(await askPredecessors(page), /^1 predecessor of the grid of step 1:/);
  },
);

pageTest(
  "a wfc that gives up says so under the grid, and backtrack finishes it; a model's notices show",
  async (page) => {
    await open(page);
    await page.evaluate(() => document.querySelector("#hint .close")?.click());
    const message = () => page.$eval("#message", (m) => m.textContent);
    // Escher has no collapse at 10: every one of its 1000 tries contradicts
    await choose(page, "corpus/Escher", [10, 10, 10], 1);
    await runToEnd(page);
    assert.match(await message(), /^Escher\.xml:\d+: warning: wfc found no good seed in 1000 tries/);
    await page.click("#backtrack"); // the model loads again, backtracking
    await runToEnd(page);
    assert.equal(await message(), "");
    assert.ok((await page.evaluate(() => window.mjPlayground.state.frame.steps)) > 100, "the collapse went on");
    // Island writes p="0.8" on a <prl>, which nothing reads
    await choose(page, "corpus/Island", [40, 40, 1], 1);
    assert.match(await message(), /Island\.xml:\d+: warning: attribute 'p' is not read on <prl>/);
  },
);
