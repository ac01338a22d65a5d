#!/usr/bin/env node
// The playground's pictures in docs/ (README.md, docs/debugger.md, docs/views.md), made in headless
// Chromium as the browser tests open the page: a picture is not a test, so they are made here, not there.
// Usage: node playground/scripts/screenshots.mjs DIR [NAME...]   (needs build-web/site with the corpus: scripts/web.sh)
//        writes DIR/NAME.png for each NAME (all of them when none is given), and the page's own (playground-*)
//        at 1000x700 too, DIR/NAME-1000x700.png; look at them before committing.
import { join } from "node:path";
import { choose, drawGraph, frame, launch, pauseMidRun, runToEnd, stroke, until } from "../tests/playground_page.mjs";

// Closes the first-run hint, which would cover the top right of the grid.
const closeHint = (page) => page.evaluate(() => document.querySelector("#hint .close")?.click());

async function step(page, times = 1) {
  for (let k = 0; k < times; k++) {
    const at = (await frame(page)).steps;
    await page.click("#step");
    await until(
      page,
      (s) => window.mjPlayground.state.frame?.steps > s || window.mjPlayground.state.frame?.finished,
      at,
    );
  }
}

// The debugger's views on for the node at `line`, showing `view` once the frame offers it.
async function showViews(page, line, view) {
  await page.click("#viewsOn");
  await page.select("#viewsNode", String(line));
  await until(page, () => window.mjPlayground.state.frame?.inspection);
  if (!view) return;
  await until(page, (v) => [...document.querySelectorAll("#viewsKind option")].some((o) => o.value === v), view);
  await page.select("#viewsKind", view);
}

// The state graph of `xml` at `size`, drawn.
async function showGraph(page, xml, size) {
  await drawGraph(page, xml, size);
  await until(page, () => document.querySelectorAll("#graph .state").length > 0);
}

// Each picture: the link to open, then what to do before the picture is taken.
const shots = {
  // README.md: a run paused mid-way, a step taken, the rule that fired named
  playground: async (page) => {
    await pauseMidRun(page);
    await page.click("#step");
    await until(page, () => document.getElementById("fired").textContent.length > 0);
  },
  // README.md: RoomMaze run, the help beside the editor (over it at 1000x700) at the section it was written from
  "playground-help": async (page) => {
    await choose(page, "own/RoomMaze", [41, 41, 1], 2);
    await runToEnd(page);
    await until(page, () => window.mjPlayground.help.bundle);
    await page.evaluate(() => window.mjPlayground.help.show("help:branches:once-for-each-region"));
    await until(page, () => document.querySelector("#help h2, #help h3"));
  },
  // README.md: a live run with the debugger's views, paused at the top speed: BiasedMazeGrowth's field
  "playground-views": async (page) => {
    await page.evaluate(() =>
      window.mjPlayground.chooseModel(
        "corpus/BiasedMazeGrowth",
        { size: [117, 117, 1], seed: 1, steps: 0 } /* no step limit */,
      ),
    );
    await until(page, () => !window.mjPlayground.state.loading);
    await showViews(page, 4); // the <one> with the field: its first view
    await until(page, () => window.mjPlayground.state.frame?.inspection?.fields?.length);
    await page.$eval("#speed", (s) => ((s.value = 6), s.oninput()));
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.steps >= 1500);
    await page.click("#pause");
    await until(page, () => window.mjPlayground.state.frame.ms === undefined);
  },
  // README.md: a 3D grid drawn as the glTF export's mesh, cut open along z
  "playground-3d": async (page) => {
    await choose(page, "corpus/Apartemazements", [12, 12, 12], 1);
    await page.click("#end");
    await until(page, () => window.mjPlayground.state.frame?.finished);
    await page.$eval("#cutz", (s) => ((s.value = 7), s.oninput()));
    await until(page, () => window.mjPlayground.view3d.triangles > 0 && window.mjPlayground.view3d.cut.z === 7);
  },
  // README.md: the state graph of a small model (mj explore), zoomed on its start, a state clicked
  "playground-graph": async (page) => {
    await showGraph(page, '<one values="BR" in="BB" out="RR"/>', [6, 1, 1]);
    const likeliest = await page.evaluate(() => window.mjPlayground.graph.space.outcomes[0].state);
    await page.click(`#graph .state[data-state="${likeliest}"]`);
  },
  // README.md: the predecessors of a dimers grid (mj explore --predecessors), one picked as the start
  "playground-predecessors": async (page) => {
    await page.evaluate(() => {
      window.mjPlayground.editor.text = '<one values="BR" in="BB" out="RR"/>';
      ["mx", "my", "mz"].forEach((id, i) => (document.getElementById(id).value = [6, 5, 1][i]));
      document.getElementById("seed").value = 2;
    });
    await page.click("#reset");
    await until(page, () => window.mjPlayground.state.frame?.steps === 0 && !window.mjPlayground.state.loading);
    await step(page, 4);
    await page.click("#predecessorsButton");
    await until(page, () => window.mjPlayground.predecessors.found);
    await page.click('#predecessors canvas[data-predecessor="2"]');
    await until(page, () => window.mjPlayground.state.frame?.steps === 0);
  },
  // README.md: a state graph of 2,315 states (each of 7 cells turns R or G), drawn by layers, zoomed out
  "playground-graph-big": async (page) => {
    const paint = '<one values="BRG" symmetry="()"><rule in="B" out="R"/><rule in="B" out="G"/></one>';
    await drawGraph(page, paint, [7, 1, 1]);
    await until(page, () => window.mjPlayground.graph.canvasGraph);
    const box = await page.$eval("#graph canvas", (c) => c.getBoundingClientRect().toJSON());
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    await page.mouse.wheel({ deltaY: 200 });
    await page.evaluate(() => new Promise((r) => window.requestAnimationFrame(() => window.requestAnimationFrame(r))));
  },
  "playground-gallery": async (page) => {
    await page.click("#galleryButton");
    await until(page, () =>
      [...document.querySelectorAll("#gallery .card img")].slice(0, 8).every((i) => i.naturalWidth),
    );
  },
  // docs/debugger.md: a rule breakpoint hit, then a step back on the timeline
  "debugger-timeline": async (page) => {
    await choose(page, "corpus/BasicDungeonGrowth", [59, 59, 1], 11);
    await page.click('#tree [data-line="5"][data-rule="1"]');
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.breakpoint);
    const { steps } = await frame(page);
    await page.click("#back");
    await until(page, (s) => window.mjPlayground.state.frame?.viewing === s, steps - 1);
  },
  // docs/views.md: each view
  "debugger-fields": async (page) => {
    await choose(page, "corpus/CrossCountry", [40, 40, 1], 2);
    await runToEnd(page);
    await showViews(page, 9, "field:2");
  },
  "debugger-observe": async (page) => {
    await choose(page, "corpus/CrossCountry", [40, 40, 1], 2);
    await page.click("#viewsOn");
    await page.select("#viewsNode", "11"); // the <one> with the <observe>s, once it has begun
    for (let k = 0; k < 20 && !(await frame(page)).inspection?.future; k++) {
      const steps = (await frame(page)).steps;
      await page.click("#next");
      await until(page, (s) => window.mjPlayground.state.frame?.steps > s, steps);
    }
    await step(page, 40);
    await page.select("#viewsKind", "goal");
  },
  "debugger-trajectory": async (page) => {
    await choose(page, "corpus/CompleteSAW", [11, 11, 1], 1);
    await page.click("#viewsOn");
    await page.select("#viewsNode", "6"); // the searching <one>, once it has found its trajectory
    for (let k = 0; k < 20 && !(await frame(page)).inspection?.trajectory?.length; k++) await step(page);
    await until(page, () => [...document.querySelectorAll("#viewsKind option")].some((o) => o.value === "trajectory"));
    await page.select("#viewsKind", "trajectory");
    await step(page, 11);
  },
  "debugger-wfc": async (page) => {
    await choose(page, "corpus/WaveBrickWall", [32, 32, 1], 1);
    await page.click("#viewsOn");
    await step(page, 60);
  },
  // docs/views.md: the last contradiction of WaveBrickWall's failed collapses (16 x 16, seed 1: ten of them)
  "debugger-contradiction": async (page) => {
    await choose(page, "corpus/WaveBrickWall", [16, 16, 1], 1);
    await showViews(page, 2); // the <wfc>
    await step(page, 20);
    await until(page, () => window.mjPlayground.state.frame?.inspection?.contradiction);
  },
  // docs/debugger.md: MazeGrowth from a start grid painted with the start brush (three W strokes), paused mid-run
  "playground-brushes": async (page) => {
    await choose(page, "corpus/MazeGrowth", [41, 41, 1], 1);
    await page.select("#brush", "start");
    await page.click('#brushLegend .swatch[data-value="1"]');
    for (const [from, to] of [
      [
        [4, 8],
        [36, 8],
      ],
      [
        [20, 14],
        [20, 34],
      ],
      [
        [6, 30],
        [14, 30],
      ],
    ]) {
      await page.evaluate(() => (window.frameBefore = window.mjPlayground.state.frame));
      await stroke(page, from, to);
      await until(page, () => window.mjPlayground.state.frame !== window.frameBefore);
    }
    await page.$eval("#speed", (s) => ((s.value = 1), s.oninput())); // 2 steps a frame
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.steps >= 160);
    await page.click("#pause");
    await until(page, () => window.mjPlayground.state.frame.ms === undefined);
  },
  // README.md: the world page, MazeGrowth's endless maze (seed 7, chunks of 32), every chunk in view made
  "playground-world": async (page) => {
    await page.goto(`${url}world.html?model=corpus/MazeGrowth&seed=7&chunk=32&x=0&y=0&zoom=3`);
    await until(page, () => window.mjWorld?.ready);
    await until(page, () => {
      const { view } = window.mjWorld;
      return view.chunksInView().every(([x, y]) => view.chunkCells(x, y));
    });
  },
  // docs/explore.md: Dimers on 5x1, its likeliest outcome clicked
  "explore-graph": async (page) => {
    await showGraph(page, '<one values="BR" in="BB" out="RR"/>', [5, 1, 1]);
    const likeliest = await page.evaluate(() => window.mjPlayground.graph.space.outcomes[0].state);
    await page.click(`#graph .state[data-state="${likeliest}"]`);
  },
  // docs/search.md: a search under way, paused
  "search-progress": async (page) => {
    await choose(page, "corpus/CompleteSAW", [19, 19, 1], 1);
    await page.evaluate(() => {
      const { editor } = window.mjPlayground;
      editor.text = editor.text.replace(/\s+limit="\d+"/, "");
    });
    await page.click("#run");
    await until(page, () => window.mjPlayground.state.frame?.search?.states >= 20);
    await page.click("#pause");
    await until(page, () => window.mjPlayground.state.frame.ms === undefined);
  },
};

const [dir, ...names] = process.argv.slice(2);
if (!dir || names.some((n) => !shots[n])) {
  console.error(`usage: node playground/scripts/screenshots.mjs DIR [${Object.keys(shots).join(" ")}]`);
  process.exit(2);
}
const { url, browser, close } = await launch();
try {
  for (const name of names.length ? names : Object.keys(shots)) {
    const page = await browser.newPage();
    // the page's own pictures at 1400x900, the debugger's at 1400x800 (their docs' width)
    await page.setViewport({ width: 1400, height: name.startsWith("playground") ? 900 : 800 });
    await page.goto(url);
    await until(page, () => window.mjPlayground?.state.frame);
    await closeHint(page);
    await shots[name](page);
    await page.screenshot({ path: join(dir, `${name}.png`) });
    console.log(join(dir, `${name}.png`));
    if (name.startsWith("playground")) {
      // the page's pictures at 1000x700 too: laid out again at that size
      await page.setViewport({ width: 1000, height: 700 });
      await page.evaluate(
        () => new Promise((r) => window.requestAnimationFrame(() => window.requestAnimationFrame(r))),
      );
      await page.screenshot({ path: join(dir, `${name}-1000x700.png`) });
      console.log(join(dir, `${name}-1000x700.png`));
    }
    await page.close();
  }
} finally {
  await close();
}
