#!/usr/bin/env node
// The playground's debugger in headless Chromium: Step back shows exactly the grid a fresh run has one step
// earlier, the timeline scrubs the record and Step from the past replays it up to the live step, and a rule
// breakpoint set by a click in the node tree pauses Run on the very step in which that rule fires.
// Usage: node --test playground/tests/browser_debugger.mjs   (needs build-web/site: scripts/web.sh)
import assert from "node:assert/strict";
import { choose, frame, playground, until } from "./playground_page.mjs";
const { pageTest, open } = playground();

const pixels = (page) => page.evaluate(() => Array.from(window.mjPlayground.view2d.pixels()));
const shown = (page, steps, viewing) =>
  until(
    page,
    ([n, v]) => window.mjPlayground.state.frame?.steps === n && (window.mjPlayground.state.frame.viewing ?? null) === v,
    [steps, viewing],
  );
async function stepTo(page, steps) {
  for (let k = (await frame(page)).steps + 1; k <= steps; k++) {
    await page.click("#step");
    await shown(page, k, null);
  }
}

pageTest("Step back shows the grid of a fresh run one step earlier", async (page) => {
  await open(page);
  await choose(page, "corpus/MazeGrowth", [21, 21, 1], 7);
  await stepTo(page, 10);
  const live = await pixels(page);
  await page.click("#back");
  await shown(page, 9, 9);
  const back = await pixels(page);
  assert.notDeepEqual(back, live, "step 9 and step 10 differ");
  await choose(page, "corpus/MazeGrowth", [21, 21, 1], 8); // another run in between
  await choose(page, "corpus/MazeGrowth", [21, 21, 1], 7); // a fresh run of seed 7
  await stepTo(page, 9);
  assert.deepEqual(await pixels(page), back, "Step back's grid is a fresh run's at step 9");
});

pageTest("the timeline scrubs the record and Step from the past replays it to the live run", async (page) => {
  await open(page);
  await choose(page, "corpus/MazeGrowth", [21, 21, 1], 7);
  await stepTo(page, 2);
  const at = {};
  for (let k = 3; k <= 6; k++) {
    await stepTo(page, k);
    at[k] = await pixels(page);
  }
  await page.evaluate(() => {
    const slider = document.getElementById("scrub");
    slider.value = 3;
    slider.dispatchEvent(new Event("input"));
  });
  await shown(page, 3, 3);
  assert.deepEqual(await pixels(page), at[3]);
  assert.match(await page.$eval("#timelineText", (e) => e.textContent), /step 3 of 6 \(made by <one> line 1\)/);
  for (const k of [4, 5]) {
    await page.click("#step");
    await shown(page, k, k);
    assert.deepEqual(await pixels(page), at[k], `the record's step ${k}`);
  }
  await page.click("#step");
  await shown(page, 6, null); // the live step again
  assert.deepEqual(await pixels(page), at[6]);
  await page.click("#step");
  await shown(page, 7, null); // then the run steps on
});

pageTest("Run from a past step of a finished run shows the live end again", async (page) => {
  await open(page);
  await choose(page, "corpus/MazeGrowth", [21, 21, 1], 7);
  await page.click("#end");
  await until(page, () => window.mjPlayground.state.frame?.finished);
  const end = await frame(page);
  await page.click("#back");
  await shown(page, end.steps - 1, end.steps - 1);
  await page.click("#run");
  await shown(page, end.steps, null);
  assert.ok((await frame(page)).finished);
});

// BasicDungeonGrowth: line 5 is an <all> of the rules C → D (0) and R → D (1).
pageTest("a rule breakpoint pauses Run on the step in which the rule fires", async (page) => {
  await open(page);
  await choose(page, "corpus/BasicDungeonGrowth", [29, 29, 1], 11);
  // Stepping one step at a time: the first step after which the tree says rule 1 of line 5 fired.
  let fires = 0;
  while (!fires) {
    const before = await frame(page);
    assert.ok(!before.finished, "the rule never fired");
    await page.click("#step");
    await shown(page, before.steps + 1, null);
    const rules = await page.evaluate(() => {
      const find = (n) => (n.line === 5 ? n : (n.children ?? []).map(find).find(Boolean));
      return find(window.mjPlayground.state.tree)?.rules ?? [];
    });
    let written = -1;
    if (rules.some((r) => (written += r.original ? 1 : 0) === 1 && r.fired)) fires = before.steps + 1;
  }
  await choose(page, "corpus/BasicDungeonGrowth", [29, 29, 1], 12);
  await choose(page, "corpus/BasicDungeonGrowth", [29, 29, 1], 11);
  await page.click('#tree [data-line="5"][data-rule="1"]');
  assert.ok(await page.$eval('#tree [data-line="5"][data-rule="1"]', (e) => e.classList.contains("breakpoint")));
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.breakpoint);
  const paused = await frame(page);
  assert.equal(paused.steps, fires);
  assert.deepEqual(paused.breakpoint, { line: 5, rule: 1 });
  assert.match(await page.$eval("#breakpointStatus", (e) => e.textContent), /line 5, rule 1: R → D fired/);
  // the mark survives the tree's redraw, and Run goes on past it to the end
  assert.ok(await page.$eval('#tree [data-line="5"][data-rule="1"]', (e) => e.classList.contains("breakpoint")));
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.finished);
});

pageTest("a node breakpoint pauses Run after the node's first step", async (page) => {
  await open(page);
  await choose(page, "corpus/BasicDungeonGrowth", [29, 29, 1], 11);
  await page.click('#tree .label[data-line="9"]');
  await page.click("#run");
  await until(page, () => window.mjPlayground.state.frame?.breakpoint);
  const paused = await frame(page);
  assert.deepEqual(paused.breakpoint, { line: 9, rule: -1 });
  assert.match(await page.$eval("#breakpointStatus", (e) => e.textContent), /<all> line 9 began to work/);
  const counter = await page.evaluate(() => window.mjPlayground.state.tree.children.find((n) => n.line === 9).counter);
  assert.equal(counter, 1, "the node has made its first step");
  await page.click("#back"); // the step before was another node's
  await shown(page, paused.steps - 1, paused.steps - 1);
  assert.doesNotMatch(await page.$eval("#timelineText", (e) => e.textContent), /line 9\)/);
});
