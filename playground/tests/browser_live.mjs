// Browser tests of a run as it goes (playground): wfc's progress drawn at every step as mj run --gif
// draws it (2D and 3D), frames with back-pressure and Pause answered at the top speed with a view on,
// and the views and the node tree of a past step equal to those the live run had at that step.
// Usage: node --test playground/tests/browser_live.mjs   (needs build-web/site: scripts/web.sh)
//        MJ_SHOTS=DIR node --test playground/tests/browser_live.mjs: also screenshots at 1400x900 and 1000x700
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { choose, corpus, download, frame, mjCli, playground, shoot, until } from "./playground_page.mjs";

const { pageTest, open: openPage } = playground();
const scratch = mkdtempSync(join(tmpdir(), "mj-live-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
// The page, its first-run hint closed (it lies over the grid).
async function open(page, link) {
  await openPage(page, link);
  await page.evaluate(() => document.querySelector("#hint .close")?.click());
}

// One click of Step, and the frame after it.
async function stepOnce(page) {
  const at = (await frame(page)).steps;
  await page.click("#step");
  await until(page, (s) => window.mjPlayground.state.frame?.steps > s, at);
  return frame(page);
}

// The frame shown, as a short text to compare (mj's picture in 2D, the cells in 3D).
const digest = (page) =>
  page.evaluate(() => {
    const f = window.mjPlayground.state.frame;
    let h = 0;
    for (const v of f.rgba ?? f.cells) h = (Math.imul(h, 31) + v) | 0;
    return `${f.steps}:${h}`;
  });

pageTest("a wfc run's 2D grid changes at every step of its collapse", async (page) => {
  await open(page);
  await choose(page, "corpus/Knots2D", [12, 12, 1], 3); // the tile model: each observation fixes a tile
  await stepOnce(page); // <all>
  let f = await stepOnce(page); // the wfc finds a good seed: its new grid begins empty
  assert.equal(f.active?.kind, "wfc");
  let before = (await digest(page)).split(":")[1],
    collapse = 0;
  for (f = await stepOnce(page); f.active?.kind === "wfc" && collapse < 30; f = await stepOnce(page)) {
    const now = (await digest(page)).split(":")[1];
    assert.notEqual(now, before, `step ${f.steps} shows the grid of the step before`);
    ((before = now), collapse++);
  }
  assert.ok(collapse >= 20, `${collapse} steps of collapse seen`);
  await shoot(page, "wfc-2d");
});

// The overlap model is drawn as mj run --gif and the reference's GUI draw it (OverlapModel.UpdateState):
// each cell in the colour most of its patterns still allowed vote for. A step shows only when an
// observation turns a cell's vote (WaveFlowers 24 seed 3: 70 of its 120 steps), which is the reference's
// picture, not a loss: the page's GIF of the whole run, a frame a step, is mj run --gif's, byte for byte.
pageTest("WaveFlowers is drawn at every step as mj run --gif draws it, its flowers as the votes turn", async (page) => {
  await open(page);
  await choose(page, "corpus/WaveFlowers", [24, 24, 1], 3);
  await page.click("#gif");
  const sky = (await digest(page)).split(":")[1];
  const seen = new Set();
  let changed = 0,
    before = sky;
  for (let f = await stepOnce(page); ; f = await stepOnce(page)) {
    const now = (await digest(page)).split(":")[1];
    ((changed += now !== before), seen.add(now), (before = now));
    if (f.finished) break;
  }
  const steps = (await frame(page)).steps;
  assert.ok(seen.size >= 10 && !seen.has(sky), `${seen.size} different pictures, the sky among them: ${seen.has(sky)}`);
  assert.ok(changed < steps, `the picture changed at ${changed} of ${steps} steps: not at all of them`);
  const gif = await download(page, () => page.click("#gif"));
  const native = join(scratch, "WaveFlowers.gif");
  const model = join(corpus, "models", "WaveFlowers.xml");
  execFileSync(mjCli, ["run", model, "--size", "24", "--seed", "3", "--gif", native, "--no-picture", "-q"]);
  assert.ok(gif.equals(readFileSync(native)), "the page's GIF of the run is mj run --gif's");
  console.log(`# WaveFlowers 24 seed 3: the picture changed at ${changed} of ${steps} steps`);
  await shoot(page, "wfc-overlap");
});

pageTest("a wfc run's 3D grid changes at every step of its collapse, and a past step shows it", async (page) => {
  await open(page);
  await choose(page, "corpus/Apartemazements", [8, 8, 8], 1);
  const filled = () => page.evaluate(() => window.mjPlayground.state.frame.cells.reduce((n, v) => n + (v !== 0), 0));
  let f = await frame(page);
  for (let k = 0; k < 20 && f.active?.kind !== "wfc"; k++) f = await stepOnce(page);
  assert.equal(f.active?.kind, "wfc", "the run reached its wfc");
  f = await stepOnce(page); // the good seed found: the new grid begins empty
  const counts = [];
  let before = (await digest(page)).split(":")[1];
  for (let k = 0; k < 12; k++) {
    f = await stepOnce(page);
    const now = (await digest(page)).split(":")[1];
    assert.notEqual(now, before, `step ${f.steps} shows the grid of the step before`);
    before = now;
    counts.push(await filled());
  }
  assert.ok(counts[0] > 0, `the first observation shows cells (${counts})`);
  await shoot(page, "wfc-3d");
  // Step back: the record holds the drawn collapse too
  await page.click("#back");
  await until(page, (s) => window.mjPlayground.state.frame?.steps === s - 1, f.steps);
  assert.equal(await filled(), counts.at(-2));
});

// BiasedMazeGrowth with one more rule, A -> A, that always matches once the maze has begun: the run goes on
// after the maze is done (a fast machine finished the maze at 401x401 before the test could pause it).
const endlessBiasedMaze = `<sequence values="NWAUB" origin="True">
  <prl in="N/*" out="U/*" symmetry="()"/>
  <prl in="*/U" out="*/B" symmetry="()"/>
  <one temperature="10.0">
    <rule in="WBB" out="WAW"/>
    <rule in="A" out="A"/>
    <field for="W" to="N" on="B" recompute="False"/>
  </one>
</sequence>`;

// That model at `side`x`side` with its field view on, run at the top speed.
async function fieldViewAtTopSpeed(page, side) {
  await open(page);
  // no step limit (the entry has 400; A -> A would reach any other within a few frames)
  await page.evaluate(
    (side, xml) =>
      window.mjPlayground.chooseModel("corpus/BiasedMazeGrowth", {
        size: [side, side, 1],
        seed: 1,
        steps: 0,
        xml,
      }),
    side,
    endlessBiasedMaze,
  );
  await until(page, () => !window.mjPlayground.state.loading);
  await page.click("#viewsOn");
  await page.select("#viewsNode", "4"); // the <one> with the field
  await until(page, () => window.mjPlayground.state.frame?.inspection?.fields?.length);
  await page.$eval("#speed", (s) => ((s.value = s.max), s.oninput()));
  await page.evaluate(() =>
    Object.assign(window.mjPlayground.state.pace, { piledUp: 0, frames: 0, viewsMsMost: 0, frameMsMost: 0 }),
  );
  await page.click("#run");
}

// What the page spends on a frame with the field view on, at two sizes: each Step's frame carries the field,
// drawn at a pixel a cell (the figures are reported, not asserted: timing belongs to benchmarks).
pageTest("the field view's cost per frame at 117x117 and 401x401", async (page) => {
  await open(page);
  for (const side of [117, 401]) {
    await page.evaluate(
      (side) => window.mjPlayground.chooseModel("corpus/BiasedMazeGrowth", { size: [side, side, 1], seed: 1 }),
      side,
    );
    await until(page, () => !window.mjPlayground.state.loading);
    if (!(await page.$eval("#viewsOn", (box) => box.checked))) await page.click("#viewsOn");
    await page.select("#viewsNode", "4");
    await until(page, () => window.mjPlayground.state.frame?.inspection?.fields?.length);
    const views = [],
      frames = [];
    for (let k = 0; k < 12; k++) {
      // read in the page: the frame itself (401^2 cells several times over) is too big to send to the test
      const at = await page.evaluate(() => window.mjPlayground.state.frame.steps);
      await page.click("#step");
      await until(page, (s) => window.mjPlayground.state.frame?.steps > s, at);
      const f = await page.evaluate(() => {
        const { frame, pace } = window.mjPlayground.state;
        return { steps: frame.steps, fields: frame.inspection?.fields?.length, pace };
      });
      assert.equal(f.fields, 1, `step ${f.steps} shows the field`);
      (views.push(f.pace.viewsMs), frames.push(f.pace.frameMs));
    }
    const canvas = await page.$eval("#views", (c) => [c.width, c.height]);
    assert.deepEqual(canvas, [side, side], "the heat map is drawn at a pixel a cell");
    const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1].toFixed(1);
    const most = (list) => Math.max(...list).toFixed(1);
    console.log(
      `# ${side}x${side}, field view, 12 steps: the view drew in ${median(views)} ms (median), ${most(views)} ms at most;` +
        ` the whole frame in ${median(frames)} ms, ${most(frames)} ms at most`,
    );
  }
});

// A grid large enough that the run lasts many frames however fast the machine is (at 117x117 a fast machine
// finished the whole run within the first frame); the test waits for the frames, then pauses.
pageTest("frames wait for the page to draw the last, the field view on at 401x401", async (page) => {
  await fieldViewAtTopSpeed(page, 401);
  await until(page, () => window.mjPlayground.state.pace.frames >= 4);
  await page.click("#pause");
  await until(page, () => window.mjPlayground.state.frame?.ms === undefined);
  const pace = await page.evaluate(() => window.mjPlayground.state.pace);
  assert.equal(pace.piledUp, 0, "a running frame came before the page drew the last");
  const f = await frame(page);
  console.log(
    `# 401x401, field view: ${f.steps} steps in ${pace.frames} frames; the view drew in ${pace.viewsMsMost.toFixed(1)} ms` +
      ` at most, the whole frame in ${pace.frameMsMost.toFixed(1)} ms at most`,
  );
});

pageTest("Pause answers at once at the top speed with the field view on", async (page) => {
  await fieldViewAtTopSpeed(page, 401);
  await until(page, () => window.mjPlayground.state.pace.frames >= 3);
  // Pause, counting the running frames that still come before the paused one (no time taken).
  const answer = await page.evaluate(async () => {
    const p = window.mjPlayground.state;
    const began = performance.now(),
      before = p.pace.frames;
    document.getElementById("pause").click();
    // the paused frame shown (looked for after each task, not each animation frame: a busy machine's frames
    // come 100 ms apart), then painted (the next animation frame)
    while (p.frame.ms !== undefined) await new Promise((r) => setTimeout(r, 0));
    const shown = performance.now() - began;
    await new Promise((r) => window.requestAnimationFrame(r));
    const painted = performance.now() - began;
    return { ms: shown, painted, framesAfter: p.pace.frames - before, finished: p.frame.finished };
  });
  assert.ok(!answer.finished, "the run ended before the pause");
  assert.ok(answer.framesAfter <= 1, `${answer.framesAfter} running frames came after Pause`);
  assert.equal((await frame(page)).inspection?.fields?.length, 1, "paused with the field view");
  const steps = (await frame(page)).steps;
  await page.click("#step"); // the worker answers in order: a step after the pause is the next step
  await until(page, (s) => window.mjPlayground.state.frame.steps === s + 1, steps);
  console.log(
    `# Pause answered in ${answer.ms.toFixed(0)} ms, painted at ${answer.painted.toFixed(0)} ms` +
      ` (${answer.framesAfter} running frames after it)`,
  );
  await shoot(page, "field-view-paused");
});

// The views and the tree of the frame shown, as plain data to compare.
const viewOf = (page) =>
  page.evaluate(() => {
    const { steps, inspection: i, tree } = window.mjPlayground.state.frame;
    const rows = (list) => list.map((p) => ({ value: p.value, cells: Array.from(p.cells) }));
    const strip = (n) => ({ ...n, children: (n.children ?? []).map(strip) });
    return {
      steps,
      fields: rows(i.fields),
      candidates: i.candidates,
      chosen: i.chosen,
      tree: strip(tree),
      fired: document.getElementById("fired").textContent,
      text: document.getElementById("viewsText").textContent,
    };
  });

pageTest("a view at a past step equals the live view at that step, tree and fired rules too", async (page) => {
  await open(page);
  await choose(page, "corpus/BiasedMazeGrowth", [21, 21, 1], 4);
  await page.click("#viewsOn");
  await page.select("#viewsNode", "4");
  await until(page, () => window.mjPlayground.state.frame?.inspection?.fields?.length);
  const live = [];
  for (let k = 0; k < 8; k++) {
    await stepOnce(page);
    await until(page, () => window.mjPlayground.state.frame?.inspection?.fields?.length);
    live.push(await viewOf(page));
  }
  assert.ok(live[3].fired.length > 0, "a live step names the rule it fired");
  for (const k of [6, 3, 1]) {
    const want = live[k];
    await page.$eval("#scrub", (s, step) => ((s.value = step), s.oninput()), want.steps);
    await until(
      page,
      (s) => window.mjPlayground.state.frame?.steps === s && window.mjPlayground.state.frame.viewing === s,
      want.steps,
    );
    assert.deepEqual(await viewOf(page), want, `step ${want.steps} from the record`);
  }
  await shoot(page, "past-step-views");
});
